/* The printer: terms, sorts, values and whole formulas in SMT-LIB syntax.
 * Sharing is kept: a non-leaf subterm used more than once is printed once
 * (bound with let inside a term, or with define-fun across a script), so
 * output is linear in the DAG, never exponential.  Nesting is bounded too:
 * a subterm more than 1000 applications deep is bound with let as well, so
 * a 10^6-deep chain prints as 1000 nested lets.  Output is canonical: the
 * same store content prints the same text, and reading the text back gives
 * structurally the same terms. */
#ifndef FER_PRINT_H
#define FER_PRINT_H

#include <string.h>

#include "base/context.h"
#include "smt/term.h"

typedef FER_STACK(char) fer_buf;

/* fer_buf_add's path when the buffer must grow. */
int fer_buf_add_grow(ferret *, fer_buf *, const char *text, size_t len);
/* Inline: writers of many small pieces (the sample formats) call it per
 * piece. */
static inline int fer_buf_add(ferret *f, fer_buf *b, const char *text, size_t len) {
  if (b->cap - b->size < len) return fer_buf_add_grow(f, b, text, len);
  if (len) memcpy(b->data + b->size, text, len);
  b->size += len;
  return 1;
}
/* A NUL-terminated string, without its NUL. */
int fer_buf_str(ferret *, fer_buf *, const char *text);
int fer_buf_printf(ferret *, fer_buf *, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Each returns 1 on success, 0 on allocation failure.  Text is appended
 * (not NUL-terminated; use fer_buf_add(f, b, "", 1) if you need one). */
int fer_print_sort(ferret *, fer_buf *, fer_sort);
/* A constant (Bool, BV as #b.../#x..., FP as (fp #b. #b.. #b...) or
 * (_ NaN eb sb) / (_ +oo eb sb) / ..., RM as RNE etc., Real as a decimal or
 * (/ n d)). */
int fer_print_value(ferret *, fer_buf *, fer_term);
/* A term, with let for shared subterms. */
int fer_print_term(ferret *, fer_buf *, fer_term);
/* A script: set-logic (if logic != NULL), declare-fun for every variable
 * occurring in the assertions, define-fun for subterms shared between
 * assertions, one assert per assertion. */
int fer_print_script(ferret *, fer_buf *, const char *logic,
                     const fer_term *assertions, size_t n);

/* A symbol: as is when it is a simple symbol that is not a reserved word,
 * else |quoted| (a '|' or '\\' inside, impossible in SMT-LIB, becomes '_'). */
int fer_print_symbol(ferret *, fer_buf *, const char *name);
bool fer_symbol_is_simple(const char *name);
/* Used by print.c: prints a leaf term (constant, real, variable, true,
 * false, parameter) and returns 1 (0 on allocation failure), or returns -1
 * without printing anything if `t` is not a leaf. */
int fer_print_leaf(ferret *, fer_buf *, fer_term);

#endif
