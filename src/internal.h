/* The context: all state of one ferret instance (rule 3: no globals). */
#ifndef FER_INTERNAL_H
#define FER_INTERNAL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ferret.h"
#include "options.h"
#include "stack.h"
#include "stats.h"
#include "term.h"

struct fer_smt; /* SMT-LIB session state, smt.c */

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

  ferret_error_info error;
  FER_STACK(char) error_text;
  FER_STACK(char) error_source;

  fer_options opt;
  FER_STACK(char) seed_text; /* ferret_set_seeds: read at each check-sat */
  fer_store store;
  struct fer_smt *smt;
  uint64_t rng;      /* seeded from opt.seed */

  fer_stats stats;   /* of the last check-sat (engine.c) */
  /* Set by ferret_interrupt (async-signal-safe); the search polls it. */
  volatile _Atomic int interrupt;
};

/* ---- memory (alloc.c): the one allocation entry point ---- */
void *fer_malloc(ferret *, size_t bytes);           /* NULL + error on failure */
void *fer_calloc(ferret *, size_t bytes);
void *fer_realloc(ferret *, void *p, size_t old_bytes, size_t new_bytes);
void fer_free(ferret *, void *p, size_t bytes);
char *fer_strdup(ferret *, const char *s);          /* free with strlen+1 */

/* ---- errors (api.c) ---- */
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

/* ---- output ---- */
void fer_write(ferret *, const char *text, size_t len);
void fer_printf(ferret *, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void fer_diag(ferret *, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* ---- the floating-point environment of a search (prog.c) ----
 * fer_env_enter sets this thread's SSE control register to the standard
 * one (round to nearest, flush-to-zero and denormals-are-zero off, every
 * exception masked) if the host left another one, until the matching
 * fer_env_leave, which gives the host back its control bits (calls nest;
 * the outermost pair acts).  In between, the compiled evaluator runs the
 * Float32/Float64 operations as single SSE instructions (FER_ENV_STD,
 * fp/fast.h).  Host code called in between (allocator, output) runs under
 * the host's own control bits and may change them: every call of it is
 * wrapped in fer_env_host (before: the host's bits back) and
 * fer_env_refresh (after: the standard ones again), in alloc.c, fer_write
 * and fer_diag; both do nothing unless a search is in progress on this
 * thread.  fer_env_std(): is one in progress?  fer_env_now(): what the
 * evaluator knows of the MXCSR now (FER_ENV_*, fp/fast.h: STD inside a
 * search, else the rounding-direction probe); it holds until host code
 * runs.  No-ops off x86-64. */
void fer_env_enter(void);
void fer_env_leave(void);
void fer_env_host(void);
void fer_env_refresh(void);
bool fer_env_std(void);
int fer_env_now(void);

#endif
