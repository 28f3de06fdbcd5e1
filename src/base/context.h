/* The context: all state of one ferret instance (rule 3: no globals), and
 * the base services every layer uses on it: counted allocation (alloc.c),
 * the error record and API-misuse checks (error.c), the output channels
 * (output.c).  The layers above keep their state behind pointers whose
 * types this header only names (the term store, smt/term.h; the SMT-LIB
 * session, api/smt.h), so the base layer includes nothing above it. */
#ifndef FER_CONTEXT_H
#define FER_CONTEXT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ferret.h"
#include "base/options.h"
#include "base/stack.h"
#include "base/stats.h"

struct fer_smt;   /* SMT-LIB session state, smt.c */
struct fer_store; /* the term store, term.h */

struct ferret {
  ferret_alloc_fn alloc;
  void *alloc_user;
  size_t bytes;      /* currently allocated through fer_malloc */
  size_t max_bytes;  /* high-water mark */
  bool out_of_memory;

  ferret_write_fn out, diag;
  void *out_user, *diag_user;
  ferret_abort_fn abort_hook;
  void *abort_user;
  /* Called around every call of host code (allocator, output sinks) so it
   * runs under the host's floating-point environment even inside a search
   * (fp/env.h: fer_env_host / fer_env_refresh); set by ferret_new.  NULL:
   * nothing to do. */
  void (*host_enter)(void), (*host_leave)(void);

  ferret_error_info error;
  FER_STACK(char) error_text;
  FER_STACK(char) error_source;

  fer_options opt;
  FER_STACK(char) seed_text; /* ferret_set_seeds: read at each check-sat */
  FER_STACK(char) portfolio; /* ferret_add_portfolio: "cmd\0cmd\0..." */
  FER_STACK(char) term_text; /* ferret_term_string's last answer */
  FER_STACK(char) value_text; /* ferret_get_value_string's last answer */
  struct fer_store *store; /* fer_store_init */
  struct fer_smt *smt;
  uint64_t rng;      /* seeded from opt.seed */

  fer_stats stats;   /* of the last check-sat (engine.c) */
  /* Set by ferret_interrupt (async-signal-safe); the search polls it. */
  volatile _Atomic int interrupt;
};

/* ---- memory (alloc.c): the one allocation entry point ---- */
void *fer_malloc(ferret *, size_t bytes);           /* NULL + error on failure */
void *fer_calloc(ferret *, size_t bytes);
void *fer_calloc_table(ferret *, size_t bytes); /* big, random access */
void *fer_realloc(ferret *, void *p, size_t old_bytes, size_t new_bytes);
void fer_free(ferret *, void *p, size_t bytes);
char *fer_strdup(ferret *, const char *s);          /* free with strlen+1 */

/* The bytes of an array of n elements of `size` bytes: one element at
 * least (an empty array is still a block to give back), SIZE_MAX (which no
 * allocator grants) when the product overflows. */
static inline size_t fer_array_bytes(size_t n, size_t size) {
  if (!n) n = 1;
  return n > SIZE_MAX / size ? SIZE_MAX : n * size;
}
/* Typed arrays: the size arithmetic in one place, so that an array is
 * freed with the byte count it was allocated with.  FER_NEW_ARRAY is
 * zeroed; free with FER_FREE_ARRAY and the same n (NULL is fine). */
#define FER_NEW_ARRAY(F, T, N) ((T *)fer_calloc((F), fer_array_bytes((N), sizeof(T))))
#define FER_ALLOC_ARRAY(F, T, N) ((T *)fer_malloc((F), fer_array_bytes((N), sizeof(T))))
#define FER_FREE_ARRAY(F, P, N) \
  fer_free((F), (P), fer_array_bytes((N), sizeof *(P)))

/* Host code (allocator, output sinks) runs between these two. */
static inline void fer_host_enter(const ferret *f) {
  if (f->host_enter) f->host_enter();
}
static inline void fer_host_leave(const ferret *f) {
  if (f->host_leave) f->host_leave();
}

/* ---- errors (error.c) ---- */
/* Record an error; line/column 0 when unknown.  Returns `status`. */
ferret_status fer_error(ferret *, ferret_status status, unsigned line,
                        unsigned column, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
ferret_status fer_verror(ferret *, ferret_status, unsigned line,
                         unsigned column, const char *fmt, va_list);
void fer_error_clear(ferret *);
/* API misuse: calls the abort hook, then abort(). */
void fer_misuse(const ferret *, const char *function, const char *message)
    __attribute__((noreturn));
#define FER_REQUIRE(F, COND, MSG)                     \
  do {                                                \
    if (!(COND)) fer_misuse((F), __func__, (MSG));    \
  } while (0)

/* ---- output (output.c) ---- */
void fer_write(ferret *, const char *text, size_t len);
void fer_printf(ferret *, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void fer_diag(ferret *, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
