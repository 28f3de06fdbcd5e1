/* The SMT-LIB session: commands, scopes, assertions (smt.c), on top of the
 * reader (parse.c).  api.c forwards the public entry points here. */
#ifndef FER_SMT_H
#define FER_SMT_H

#include <stdbool.h>
#include <stddef.h>

#include "base/context.h"
#include "smt/print.h"
#include "smt/term.h"

int fer_smt_init(ferret *);          /* 0 on allocation failure */
void fer_smt_release(ferret *);
ferret_status fer_smt_execute(ferret *, const char *source, const char *text,
                              size_t len);
ferret_status fer_smt_feed(ferret *, const char *source, const char *text,
                           size_t len);
ferret_status fer_smt_feed_end(ferret *);
bool fer_smt_exited(const ferret *);
ferret_result fer_smt_last_result(const ferret *);
ferret_status fer_smt_print_assertions(ferret *);

/* What the term-building API (terms.c) does as the commands would, with
 * no output.  Errors are set in the context (line/col 0 for the API). */
/* (declare-const name sort): the variable, or 0. */
fer_term fer_smt_declare(ferret *, const char *name, fer_sort);
/* (declare-fun name (dom[0] .. dom[n-1]) range): for n == 0 the constant,
 * else the function (term.h, fer_mk_fun); 0 on error. */
fer_term fer_smt_declare_named_fun(ferret *, const char *name,
                                   const fer_sort *dom, uint32_t n,
                                   fer_sort range);
/* (declare-sort name 0): the new sort, or 0 (also when the name already
 * names a sort in scope). */
fer_sort fer_smt_declare_named_sort(ferret *, const char *name);
bool fer_smt_assert_term(ferret *, fer_term, uint32_t line, uint32_t col);
bool fer_smt_scopes(ferret *, bool push, uint32_t n, uint32_t line,
                    uint32_t col);
/* check-sat-assuming extra[0..n) without printing the answer. */
ferret_result fer_smt_check(ferret *, const fer_term *extra, size_t n);
/* The value of t in the last sat's model (completed), or 0 (error set). */
fer_term fer_smt_value(ferret *, fer_term, bool *unspecified);
/* The same value as SMT-LIB text appended to b, as get-value prints it;
 * a function of arity n >= 1 (fer_mk_fun) as (lambda ((x!0 A1) ..) body)
 * with the body get-model prints.  false with the error set. */
bool fer_smt_value_text(ferret *, fer_term, fer_buf *, bool *unspecified);
/* One term read from text in the current scope, or 0 (error set). */
fer_term fer_smt_parse_term(ferret *, const char *text, size_t len);
/* The declared constants in scope, in order (the session's array). */
void fer_smt_declared(const ferret *, const fer_term **v, size_t *n);

#endif
