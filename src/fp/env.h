/* The floating-point environment of a search: the one place that switches
 * the x86-64 MXCSR (semantics layer; no-ops elsewhere).
 *
 * fer_env_enter sets this thread's SSE control register to the standard one
 * (round to nearest, flush-to-zero and denormals-are-zero off, every
 * exception masked) if the host left another one, until the matching
 * fer_env_leave, which gives the host back its control bits (calls nest;
 * the outermost pair acts).  In between, the compiled evaluator runs the
 * Float32/Float64 operations as single SSE instructions (FER_ENV_STD,
 * fp/fast.h).  Host code called in between (allocator, output) runs under
 * the host's own control bits and may change them: every call of it is
 * wrapped in fer_env_host (before: the host's bits back) and
 * fer_env_refresh (after: the standard ones again); both do nothing unless a
 * search is in progress on this thread.  The base layer reaches them through
 * the context's host_enter/host_leave hooks (base/context.h), which the API
 * sets, so that allocation never includes the semantics layer.
 * fer_env_std(): is a search in progress on this thread?  fer_env_now():
 * what the evaluator knows of the MXCSR now (FER_ENV_*: STD inside a search,
 * else the rounding-direction probe); it holds until host code runs. */
#ifndef FER_FP_ENV_H
#define FER_FP_ENV_H

#include <stdbool.h>

#include "fp/fast.h"

void fer_env_enter(void);
void fer_env_leave(void);
void fer_env_host(void);
void fer_env_refresh(void);
bool fer_env_std(void);
int fer_env_now(void);

#if FER_FP_HW
/* Nesting depth of fer_env_enter on this thread, read inline by the
 * evaluator once per demand (initial-exec: one %fs-relative load; the
 * default model of position-independent code would call __tls_get_addr on
 * every evaluation).  Written only by env.c. */
extern _Thread_local unsigned fer_env_depth
    __attribute__((tls_model("initial-exec")));
/* fer_env_now, inline for the interpreter's hot path.  HOT. */
static inline int fer_env_now_inline(void) {
  if (fer_env_depth) return FER_ENV_STD;
  return fer_fast_probe() ? FER_ENV_NEAREST : FER_ENV_UNKNOWN;
}
#else
static inline int fer_env_now_inline(void) { return FER_ENV_UNKNOWN; }
#endif

#endif
