/* The floating-point environment of a search (contract in env.h). */
#include "fp/env.h"

#if FER_FP_HW
#define MXCSR_STD 0x1f80u  /* nearest, FTZ and DAZ off, exceptions masked */
#define MXCSR_CTRL 0xffc0u /* the control bits; 0x3f are sticky flags */
_Thread_local unsigned fer_env_depth __attribute__((tls_model("initial-exec")));
static _Thread_local unsigned env_saved __attribute__((tls_model("initial-exec")));
/* The four switches stay out-of-line calls (noinline, also under LTO): the
 * compiler does not model the MXCSR, so nothing but memory ordering keeps an
 * operation on the right side of an ldmxcsr; the evaluator reads its
 * operands from and writes its results to memory (the register file) that
 * an opaque call may access, so no operation can cross such a call. */
__attribute__((noinline)) void fer_env_enter(void) {
  if (fer_env_depth++) return;
  unsigned m = _mm_getcsr();
  env_saved = m;
  if ((m & MXCSR_CTRL) != MXCSR_STD) _mm_setcsr(MXCSR_STD | (m & 0x3f));
}
__attribute__((noinline)) void fer_env_leave(void) {
  if (!fer_env_depth || --fer_env_depth) return;
  unsigned m = _mm_getcsr();
  if ((m & MXCSR_CTRL) != (env_saved & MXCSR_CTRL))
    _mm_setcsr((env_saved & MXCSR_CTRL) | (m & 0x3f));
}
__attribute__((noinline)) void fer_env_host(void) {
  if (!fer_env_depth) return;
  unsigned m = _mm_getcsr();
  if ((m & MXCSR_CTRL) != (env_saved & MXCSR_CTRL))
    _mm_setcsr((env_saved & MXCSR_CTRL) | (m & 0x3f));
}
__attribute__((noinline)) void fer_env_refresh(void) {
  if (!fer_env_depth) return;
  unsigned m = _mm_getcsr();
  if ((m & MXCSR_CTRL) != MXCSR_STD) _mm_setcsr(MXCSR_STD | (m & 0x3f));
}
bool fer_env_std(void) { return fer_env_depth != 0; }
#else
void fer_env_enter(void) {}
void fer_env_leave(void) {}
void fer_env_host(void) {}
void fer_env_refresh(void) {}
bool fer_env_std(void) { return false; }
#endif
int fer_env_now(void) { return fer_env_now_inline(); }
