/* Inline Float32/Float64 fast paths for the compiled evaluator (prog.c).
 *
 * The library entry points of fp.h are already minimal; what they cost on
 * the evaluator's hot loop is the out-of-line call with fer_u128
 * arguments and, for arithmetic, the rounding-direction probe
 * fer_hw_nearest() made on every call.  These static inline versions take
 * what the caller knows of the SSE environment as a parameter `env`
 * (FER_ENV_*, below), established ONCE per stretch of evaluation, and
 * return exactly the bits the fp.h function returns:
 *   - FER_ENV_STD (the evaluator set the standard MXCSR itself,
 *     fer_env_enter in fp/env.h): arithmetic under RNE on Float32/
 *     Float64 is one SSE instruction for every operand, NaN results made
 *     canonical; comparisons are one ucomisd/ucomiss;
 *   - FER_ENV_NEAREST (only the rounding direction is known, by
 *     fer_fast_probe()): the exact guards of the library's hardware paths
 *     (fp/hw.h): operands whose exponent field
 *     is nonzero (normal, infinite or NaN: DAZ cannot act) go to the SSE
 *     instruction, whose result is kept only if its exponent field is
 *     nonzero too (FTZ cannot have acted);
 *   - every other case (other formats, other modes, FER_ENV_UNKNOWN, zero
 *     or subnormal operands or results under FER_ENV_NEAREST) calls the
 *     fp.h function, which decides again by itself.
 * tests/test_fp_fast.c checks every function against fp.h under each
 * MXCSR rounding mode and FTZ|DAZ (with the probe's answer) and under the
 * standard MXCSR with FER_ENV_STD, on edge values, subnormals and random
 * pairs.  Comparisons under FER_ENV_NEAREST use the hardware when both
 * operands have a nonzero exponent field (no rounding involved) and
 * integer keys otherwise; classification, abs/neg and min/max are integer
 * code on one 64-bit word.  Other formats call fp.h.
 *
 * Why not probe FTZ/DAZ too?  Detecting them takes a subnormal operand or
 * result, which costs a microcode assist of ~100 cycles on many Intel CPUs
 * in exactly the default state, and reading the MXCSR (stmxcsr) costs
 * ~5-12 ns on the AMD machine of BENCHMARKS.md: either would be paid on
 * every evaluation.  Setting the MXCSR once per search (FER_ENV_STD) costs
 * nothing per evaluation.  Under FER_ENV_NEAREST, like the library, these
 * paths assume the floating-point exceptions are masked (the default): an
 * unmasked invalid or overflow exception would trap in the library's
 * hardware paths as well; FER_ENV_STD masks them itself.
 *
 * Why the environment holds for a whole stretch.  The caller's contract:
 * from the probe (or fer_env_enter) to the operation, nothing runs but
 * fp.h / bv.h functions and these (pure: they never write the MXCSR) and
 * ferret's own code; host code (the allocator and output callbacks) may
 * run only through the wrappers that restore the environment after it
 * (fer_env_refresh).  The MXCSR is per thread, so other threads cannot
 * touch it.  A signal handler interrupting the stretch cannot change it
 * either: on Linux x86-64 the kernel saves the interrupted FPU/SSE state
 * (MXCSR included) in the signal frame, runs the handler with a fresh
 * default state, and restores the saved state at sigreturn; only a
 * handler that deliberately edits the saved context in its ucontext (as a
 * debugger might) could, and then it edits every register of the
 * interrupted code too, which no program can be robust against.  And no
 * answer depends on it alone: models are validated by the term evaluator
 * (eval.c), which calls fp.h, whose hardware paths probe and guard on
 * every call.  fer_hw_nearest() goes through a volatile asm: the compiler
 * neither moves it nor merges two of them, nor folds its arithmetic. */
#ifndef FER_FP_FAST_H
#define FER_FP_FAST_H

#include "fp/fp_internal.h"
#include "fp/hw.h"

/* Is the MXCSR rounding direction round-to-nearest?  (false when the
 * build has no hardware paths: then nothing uses it.)  Float32 shares the
 * MXCSR with Float64, so one probe covers both. */
static inline bool fer_fast_probe(void) {
#if FER_FP_HW
  return fer_hw_nearest();
#else
  return false;
#endif
}

/* What the caller knows of the SSE environment: the `env` argument of the
 * functions below (a bool `nearest` converts to the first two).
 *   FER_ENV_UNKNOWN  nothing: the library decides every case;
 *   FER_ENV_NEAREST  fer_fast_probe() said the MXCSR rounds to nearest;
 *                    FTZ/DAZ unknown, so the guards above apply;
 *   FER_ENV_STD      the MXCSR is the standard one, 0x1f80 in its control
 *                    bits: round to nearest, FTZ and DAZ off, every
 *                    exception masked.  The caller has set it itself
 *                    (fer_env_enter, fp/env.h); host code in between
 *                    runs only inside fer_env_host / fer_env_refresh.
 *                    Then one SSE instruction is IEEE 754's correctly
 *                    rounded RNE result for EVERY operand, zeros and
 *                    subnormals included, with SMT-LIB's signed zeros;
 *                    only a NaN result is made canonical.  No guards. */
enum { FER_ENV_UNKNOWN = 0, FER_ENV_NEAREST = 1, FER_ENV_STD = 2 };

/* The format tests, on one 64-bit word (eb in the low half). */
static inline uint64_t fer_fast_fmtkey(fer_fmt f) {
  return ((uint64_t)f.sb << 32) | f.eb;
}
static inline bool fer_fast_f64(fer_fmt f) {
  return fer_fast_fmtkey(f) == ((uint64_t)53 << 32 | 11);
}
static inline bool fer_fast_f32(fer_fmt f) {
  return fer_fast_fmtkey(f) == ((uint64_t)24 << 32 | 8);
}
#define FER_FAST_FMT64 ((fer_fmt){11, 53})
#define FER_FAST_FMT32 ((fer_fmt){8, 24})

/* ---- arithmetic: hardware under RNE when `env` allows, else fp.h ---- */

#if FER_FP_HW
/* A hardware result under FER_ENV_STD: its bits, NaN made canonical. */
static inline fer_u128 fer_fast_std64(double d) {
  uint64_t u;
  memcpy(&u, &d, sizeof u);
  return __builtin_expect(d != d, 0) ? (fer_u128)0x7ff8000000000000ULL : u;
}
static inline fer_u128 fer_fast_std32(float d) {
  uint32_t u;
  memcpy(&u, &d, sizeof u);
  return __builtin_expect(d != d, 0) ? (fer_u128)0x7fc00000u : u;
}
/* The RNE hardware path of one binary operation: unguarded under
 * FER_ENV_STD, else with the exact guards of the library's (fer_hw_in*,
 * fer_hw_out*); else the library call. */
#define FER_FAST_BINOP(NAME, OP, LIB)                                        \
  static inline fer_u128 fer_fast_##NAME(fer_fmt f, fer_rm rm, fer_u128 a,  \
                                         fer_u128 b, int env) {             \
    fer_u128 r;                                                             \
    if (rm == FER_RNE && env) {                                             \
      if (fer_fast_f64(f)) {                                                \
        if (env == FER_ENV_STD)                                             \
          return fer_fast_std64(fer_hw_to_d(a) OP fer_hw_to_d(b));          \
        if (fer_hw_in64(a, b) &&                                            \
            fer_hw_out64(fer_hw_to_d(a) OP fer_hw_to_d(b), &r))             \
          return r;                                                         \
      } else if (fer_fast_f32(f)) {                                         \
        if (env == FER_ENV_STD)                                             \
          return fer_fast_std32(fer_hw_to_f(a) OP fer_hw_to_f(b));          \
        if (fer_hw_in32(a, b) &&                                            \
            fer_hw_out32(fer_hw_to_f(a) OP fer_hw_to_f(b), &r))             \
          return r;                                                         \
      }                                                                     \
    }                                                                       \
    return LIB(f, rm, a, b);                                                \
  }
#else
#define FER_FAST_BINOP(NAME, OP, LIB)                                        \
  static inline fer_u128 fer_fast_##NAME(fer_fmt f, fer_rm rm, fer_u128 a,  \
                                         fer_u128 b, int env) {             \
    (void)env;                                                              \
    return LIB(f, rm, a, b);                                                \
  }
#endif

FER_FAST_BINOP(add, +, fer_fp_add)
FER_FAST_BINOP(sub, -, fer_fp_sub)
FER_FAST_BINOP(mul, *, fer_fp_mul)
/* A zero or subnormal divisor never reaches the hardware (fer_hw_in*). */
FER_FAST_BINOP(div, /, fer_fp_div)
#undef FER_FAST_BINOP

/* Negative operands (NaN or -0 included) take the library path, as in
 * sqrt.c; a positive normal, +inf or +NaN operand goes to sqrtsd/sqrtss
 * (the intrinsic: no errno branch). */
static inline fer_u128 fer_fast_sqrt(fer_fmt f, fer_rm rm, fer_u128 a,
                                     int env) {
#if FER_FP_HW
  fer_u128 r;
  if (rm == FER_RNE && env) {
    if (fer_fast_f64(f)) {
      if (!((uint64_t)a >> 63) && fer_hw_in64(a, a) &&
          fer_hw_out64(_mm_cvtsd_f64(_mm_sqrt_sd(_mm_setzero_pd(),
                                                 _mm_set_sd(fer_hw_to_d(a)))),
                       &r))
        return r;
    } else if (fer_fast_f32(f)) {
      if (!((uint32_t)a >> 31) && fer_hw_in32(a, a) &&
          fer_hw_out32(_mm_cvtss_f32(_mm_sqrt_ss(_mm_set_ss(fer_hw_to_f(a)))),
                       &r))
        return r;
    }
  }
#else
  (void)env;
#endif
  return fer_fp_sqrt(f, rm, a);
}

/* fma: the FMA3 instruction where the CPU has it (checked at run time,
 * like fma.c: the library is built for baseline x86-64), all three
 * operands with a nonzero exponent field. */
static inline fer_u128 fer_fast_fma(fer_fmt f, fer_rm rm, fer_u128 a,
                                    fer_u128 b, fer_u128 c, int env) {
#if FER_FP_HW && defined(FER_FMA_HW)
  fer_u128 r;
  if (rm == FER_RNE && env) {
    if (fer_fast_f64(f)) {
      if (fer_hw_in64(a, b) && fer_hw_in64(c, c) && fer_hw_has_fma() &&
          fer_hw_out64(fer_hw_fma64(fer_hw_to_d(a), fer_hw_to_d(b),
                                    fer_hw_to_d(c)), &r))
        return r;
    } else if (fer_fast_f32(f)) {
      if (fer_hw_in32(a, b) && fer_hw_in32(c, c) && fer_hw_has_fma() &&
          fer_hw_out32(fer_hw_fma32(fer_hw_to_f(a), fer_hw_to_f(b),
                                    fer_hw_to_f(c)), &r))
        return r;
    }
  }
#else
  (void)env;
#endif
  return fer_fp_fma(f, rm, a, b, c);
}

/* ---- conversions ---- */

/* (_ to_fp eb sb) rm bv and to_fp_unsigned into Float32/Float64, from at
 * most 64 bits (63 unsigned): a magnitude of at most 2^(sb) is exact in
 * the format, so cvtsi2ss/sd returns it under every rounding direction
 * (no probe needed); a larger one is rounded once by the hardware when
 * the rounding mode is RNE and `env` says the MXCSR rounds to nearest.
 * The result is never subnormal (|v| >= 1) and the source is an integer,
 * so FTZ/DAZ cannot act; 0 gives +0, as the library does.  Returns
 * false when the library must decide. */
static inline bool fer_fast_from_int(fer_fmt f, fer_rm rm, int64_t v,
                                     int env, fer_u128 *out) {
#if FER_FP_HW
  uint64_t mag = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
  if (fer_fast_f64(f)) {
    if (mag > (1ULL << 53) && !(rm == FER_RNE && env)) return false;
    double d = (double)v;
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    *out = u;
    return true;
  }
  if (mag > (1ULL << 24) && !(rm == FER_RNE && env)) return false;
  float x = (float)v;
  uint32_t u;
  memcpy(&u, &x, sizeof u);
  *out = u;
  return true;
#else
  (void)f, (void)rm, (void)v, (void)env, (void)out;
  return false;
#endif
}
/* fp.roundToIntegral: Float32/Float64 on the bit pattern with constant
 * formats (fp_internal.h's fer_fp_rti64, exact in every mode, no MXCSR
 * involved), the others the library. */
static inline fer_u128 fer_fast_rti(fer_fmt f, fer_rm rm, fer_u128 x) {
  if (fer_fast_f64(f)) return fer_fp_rti64((fer_fmt){11, 53}, rm, (uint64_t)x);
  if (fer_fast_f32(f)) return fer_fp_rti64((fer_fmt){8, 24}, rm, (uint64_t)x);
  return fer_fp_rti(f, rm, x);
}

/* A magnitude of at most 64 bits into a format with sb >= 64 (fp_internal.h's
 * fer_fp_exact64: exact, packed directly), inline. */
static inline __attribute__((always_inline)) bool
fer_fast_wide_int(fer_fmt f, bool neg, uint64_t mag, fer_u128 *out) {
  if (!fer_fp_exact64_fmt(f)) return false;
  *out = fer_fp_exact64(f, neg, mag);
  return true;
}
static inline fer_u128 fer_fast_from_sbv(fer_fmt f, fer_rm rm, fer_u128 bv,
                                         uint32_t width, int env) {
  if (width <= 64) {
    unsigned up = 64 - width; /* sign-extend to 64 bits */
    int64_t v = (int64_t)((uint64_t)bv << up) >> up;
    fer_u128 r;
    if (fer_fast_f64(f) || fer_fast_f32(f)) {
      if (fer_fast_from_int(f, rm, v, env, &r)) return r;
    } else {
      bool neg = v < 0;
      uint64_t mag = neg ? 0 - (uint64_t)v : (uint64_t)v;
      if (f.eb == 15 && f.sb == 64 /* (15,64): constant shifts */
              ? fer_fast_wide_int((fer_fmt){15, 64}, neg, mag, &r)
              : fer_fast_wide_int(f, neg, mag, &r))
        return r;
    }
  }
  return fer_fp_from_sbv(f, rm, bv, width);
}
static inline fer_u128 fer_fast_from_ubv(fer_fmt f, fer_rm rm, fer_u128 bv,
                                         uint32_t width, int env) {
  fer_u128 r;
  if (width <= 63 && (fer_fast_f64(f) || fer_fast_f32(f))) {
    int64_t v = (int64_t)((uint64_t)bv & ((1ULL << width) - 1));
    if (fer_fast_from_int(f, rm, v, env, &r)) return r;
  } else if (width <= 64 &&
             fer_fast_wide_int(f, false, (uint64_t)bv & (~0ULL >> (64 - width)), &r)) {
    return r;
  }
  return fer_fp_from_ubv(f, rm, bv, width);
}

/* Float32/Float64 to a format at least as wide in both fields ((15,64),
 * Float128, ...; eb <= 30 as everywhere, fp.h) of a normal number: exact
 * in every mode, the exponent re-biased and the fraction widened (a normal
 * number stays normal).  False for any other case. */
static inline __attribute__((always_inline)) bool
fer_fast_widen(fer_fmt to, fer_fmt from, fer_u128 x, fer_u128 *out) {
  if (!(fer_fast_f64(from) || fer_fast_f32(from)) || to.eb < from.eb ||
      to.sb < from.sb || to.eb > 30)
    return false;
  unsigned fs = from.sb - 1, w = from.eb + from.sb;
  uint64_t v = (uint64_t)x, e = (v >> fs) & ((1ULL << from.eb) - 1);
  if (e - 1 >= (1ULL << from.eb) - 2) return false;
  uint64_t be = e - ((1ULL << (from.eb - 1)) - 1) + ((1ULL << (to.eb - 1)) - 1);
  fer_u128 frac = (fer_u128)(v & ((1ULL << fs) - 1)) << (to.sb - from.sb);
  *out = (fer_u128)((v >> (w - 1)) & 1) << (to.eb + to.sb - 1) |
         (fer_u128)be << (to.sb - 1) | frac;
  return true;
}

/* Float32 <-> Float64 (convert.c's paths, inline).  Widening a normal
 * number re-biases the exponent (exact in every mode); narrowing goes to
 * cvtsd2ss under RNE and `env`, with the normal-in / normal-out
 * guards of the arithmetic.  Everything else: the library. */
static inline fer_u128 fer_fast_convert(fer_fmt to, fer_rm rm, fer_fmt from,
                                        fer_u128 x, int env) {
  if (fer_fast_f32(from) && fer_fast_f64(to)) {
    uint32_t e = ((uint32_t)x >> 23) & 0xff;
    if (e - 1 < 254)
      return ((uint64_t)((uint32_t)x >> 31) << 63) |
             ((uint64_t)(e + 896) << 52) | ((uint64_t)(x & 0x7fffff) << 29);
  }
#if FER_FP_HW
  else if (rm == FER_RNE && env && fer_fast_f64(from) && fer_fast_f32(to)) {
    fer_u128 r;
    if (fer_hw_in64(x, x) && fer_hw_out32((float)fer_hw_to_d(x), &r)) return r;
  }
#else
  (void)env;
#endif
  /* Float32/Float64 to a format at least as wide in both fields: exact
   * (fer_fast_widen); Float64 to (15,64) and Float128 with constant
   * formats, every shift a constant. */
  fer_u128 r;
  if (fer_fast_f64(from) && to.eb == 15 && to.sb == 64) {
    if (fer_fast_widen((fer_fmt){15, 64}, (fer_fmt){11, 53}, x, &r)) return r;
  } else if (fer_fast_f64(from) && to.eb == 15 && to.sb == 113) {
    if (fer_fast_widen((fer_fmt){15, 113}, (fer_fmt){11, 53}, x, &r)) return r;
  } else if (fer_fast_widen(to, from, x, &r)) {
    return r;
  }
  return fer_fp_convert(to, rm, from, x);
}

/* ---- integer paths on a w-bit pattern (w = 32 or 64, sb = 24 or 53) ----
 * Called with constant w and sb, so every mask below is a constant. */

static inline uint64_t fer_fast_magmask(unsigned w) {
  return (w == 64 ? ~0ULL : (1ULL << w) - 1) >> 1;
}
static inline uint64_t fer_fast_infbits(unsigned w, unsigned sb) {
  return fer_fast_magmask(w) & ~((1ULL << (sb - 1)) - 1);
}
static inline bool fer_fast_nan_w(uint64_t x, unsigned w, unsigned sb) {
  return (x & fer_fast_magmask(w)) > fer_fast_infbits(w, sb);
}
/* (-1)^sign * magnitude, as cmp.c's skey64: monotone in the FP order,
 * +0 and -0 both 0; *nan |= x is a NaN. */
static inline int64_t fer_fast_skey(uint64_t x, unsigned w, unsigned sb,
                                    bool *nan) {
  uint64_t m = x & fer_fast_magmask(w);
  uint64_t neg = 0 - ((x >> (w - 1)) & 1);
  *nan |= m > fer_fast_infbits(w, sb);
  return (int64_t)((m ^ neg) - neg);
}

/* fp.leq, fp.lt, fp.eq: Float64, Float32, or the library.  Operands with
 * a nonzero exponent field (normal, infinite, NaN) go to the hardware
 * compare: IEEE's order with NaN unordered, no rounding involved, and DAZ
 * cannot touch such operands.  Zeros and subnormals take the integer
 * keys. */
#if FER_FP_HW
#define FER_FAST_HWCMP(REL)                                                  \
  if (fer_fast_f64(f) && fer_hw_in64(a, b))                                 \
    return fer_hw_to_d(a) REL fer_hw_to_d(b);                               \
  if (fer_fast_f32(f) && fer_hw_in32(a, b))                                 \
    return fer_hw_to_f(a) REL fer_hw_to_f(b);
#else
#define FER_FAST_HWCMP(REL)
#endif
#define FER_FAST_CMP(NAME, REL, LIB)                                         \
  static inline bool fer_fast_##NAME(fer_fmt f, fer_u128 a, fer_u128 b) {   \
    bool nan = false;                                                       \
    FER_FAST_HWCMP(REL)                                                     \
    if (fer_fast_f64(f)) {                                                  \
      int64_t ka = fer_fast_skey((uint64_t)a, 64, 53, &nan);                \
      int64_t kb = fer_fast_skey((uint64_t)b, 64, 53, &nan);                \
      return !nan & (ka REL kb);                                            \
    }                                                                       \
    if (fer_fast_f32(f)) {                                                  \
      int64_t ka = fer_fast_skey((uint64_t)a, 32, 24, &nan);                \
      int64_t kb = fer_fast_skey((uint64_t)b, 32, 24, &nan);                \
      return !nan & (ka REL kb);                                            \
    }                                                                       \
    return LIB(f, a, b);                                                    \
  }
FER_FAST_CMP(leq, <=, fer_fp_leq)
FER_FAST_CMP(lt, <, fer_fp_lt)
FER_FAST_CMP(eq, ==, fer_fp_eq)
#undef FER_FAST_HWCMP
#undef FER_FAST_CMP

/* SMT-LIB `=`: all NaNs equal, otherwise the same bits (+0 != -0). */
static inline bool fer_fast_smt_eq(fer_fmt f, fer_u128 a, fer_u128 b) {
  bool na, nb;
  if (fer_fast_f64(f)) {
    na = fer_fast_nan_w((uint64_t)a, 64, 53);
    nb = fer_fast_nan_w((uint64_t)b, 64, 53);
  } else if (fer_fast_f32(f)) {
    na = fer_fast_nan_w((uint64_t)a, 32, 24);
    nb = fer_fast_nan_w((uint64_t)b, 32, 24);
  } else {
    return fer_fp_smt_eq(f, a, b);
  }
  return na || nb ? na && nb : a == b;
}

/* min/max (minmax.c's rules).  One NaN: the other operand; two: the
 * canonical NaN.  Otherwise the order key of fer_fp_key64 (sign at the top
 * bit), in which -0 < +0: comparing by it alone gives minmax.c's choice for
 * zeros of both signs (min -0, max +0; equal zeros: a, which is then
 * a|b = a&b). */
static inline uint64_t fer_fast_minmax_w(uint64_t a, uint64_t b, unsigned w,
                                         unsigned sb, bool max) {
  bool na = fer_fast_nan_w(a, w, sb), nb = fer_fast_nan_w(b, w, sb);
  if (na | nb) {
    if (!na) return a;
    return nb ? fer_fast_infbits(w, sb) | (1ULL << (sb - 2)) : b;
  }
  int64_t ka = fer_fp_key64(a << (64 - w)), kb = fer_fp_key64(b << (64 - w));
  return (max ? ka < kb : ka > kb) ? b : a;
}
static inline fer_u128 fer_fast_min(fer_fmt f, fer_u128 a, fer_u128 b) {
  if (fer_fast_f64(f)) return fer_fast_minmax_w((uint64_t)a, (uint64_t)b, 64, 53, false);
  if (fer_fast_f32(f)) return fer_fast_minmax_w((uint64_t)a, (uint64_t)b, 32, 24, false);
  return fer_fp_min(f, a, b);
}
static inline fer_u128 fer_fast_max(fer_fmt f, fer_u128 a, fer_u128 b) {
  if (fer_fast_f64(f)) return fer_fast_minmax_w((uint64_t)a, (uint64_t)b, 64, 53, true);
  if (fer_fast_f32(f)) return fer_fast_minmax_w((uint64_t)a, (uint64_t)b, 32, 24, true);
  return fer_fp_max(f, a, b);
}

/* ---- the evaluator's format-specialised opcodes ----
 * Float64 (D) and Float32 (S) add/sub/mul/div under a constant RNE, and
 * the comparisons: what prog.c runs for FADD64, FLEQ32, ... (compile.c
 * picks them).  Under FER_ENV_STD one SSE instruction; otherwise the
 * general fast path above with the format and mode as constants. */
#if FER_FP_HW
#define FER_FAST_SPEC_BIN(NAME, OP, GEN)                                     \
  static inline fer_u128 fer_fast_##NAME##64(fer_u128 a, fer_u128 b,        \
                                             int env) {                     \
    if (__builtin_expect(env == FER_ENV_STD, 1))                            \
      return fer_fast_std64(fer_hw_to_d(a) OP fer_hw_to_d(b));              \
    return GEN(FER_FAST_FMT64, FER_RNE, a, b, env);                         \
  }                                                                         \
  static inline fer_u128 fer_fast_##NAME##32(fer_u128 a, fer_u128 b,        \
                                             int env) {                     \
    if (__builtin_expect(env == FER_ENV_STD, 1))                            \
      return fer_fast_std32(fer_hw_to_f(a) OP fer_hw_to_f(b));              \
    return GEN(FER_FAST_FMT32, FER_RNE, a, b, env);                         \
  }
#define FER_FAST_SPEC_CMP(NAME, REL, GEN)                                    \
  static inline bool fer_fast_##NAME##64(fer_u128 a, fer_u128 b, int env) { \
    if (__builtin_expect(env == FER_ENV_STD, 1))                            \
      return fer_hw_to_d(a) REL fer_hw_to_d(b);                             \
    return GEN(FER_FAST_FMT64, a, b);                                       \
  }                                                                         \
  static inline bool fer_fast_##NAME##32(fer_u128 a, fer_u128 b, int env) { \
    if (__builtin_expect(env == FER_ENV_STD, 1))                            \
      return fer_hw_to_f(a) REL fer_hw_to_f(b);                             \
    return GEN(FER_FAST_FMT32, a, b);                                       \
  }
#else
#define FER_FAST_SPEC_BIN(NAME, OP, GEN)                                     \
  static inline fer_u128 fer_fast_##NAME##64(fer_u128 a, fer_u128 b,        \
                                             int env) {                     \
    return GEN(FER_FAST_FMT64, FER_RNE, a, b, env);                         \
  }                                                                         \
  static inline fer_u128 fer_fast_##NAME##32(fer_u128 a, fer_u128 b,        \
                                             int env) {                     \
    return GEN(FER_FAST_FMT32, FER_RNE, a, b, env);                         \
  }
#define FER_FAST_SPEC_CMP(NAME, REL, GEN)                                    \
  static inline bool fer_fast_##NAME##64(fer_u128 a, fer_u128 b, int env) { \
    (void)env;                                                              \
    return GEN(FER_FAST_FMT64, a, b);                                       \
  }                                                                         \
  static inline bool fer_fast_##NAME##32(fer_u128 a, fer_u128 b, int env) { \
    (void)env;                                                              \
    return GEN(FER_FAST_FMT32, a, b);                                       \
  }
#endif
FER_FAST_SPEC_BIN(add, +, fer_fast_add)
FER_FAST_SPEC_BIN(sub, -, fer_fast_sub)
FER_FAST_SPEC_BIN(mul, *, fer_fast_mul)
FER_FAST_SPEC_BIN(div, /, fer_fast_div)
FER_FAST_SPEC_CMP(leq, <=, fer_fast_leq)
FER_FAST_SPEC_CMP(lt, <, fer_fast_lt)
FER_FAST_SPEC_CMP(eq, ==, fer_fast_eq)
#undef FER_FAST_SPEC_BIN
#undef FER_FAST_SPEC_CMP

/* ---- classification, abs, neg (class.c's rules) ---- */
enum {
  FER_FAST_ISNORMAL,
  FER_FAST_ISSUBNORMAL,
  FER_FAST_ISZERO,
  FER_FAST_ISINF,
  FER_FAST_ISNAN,
  FER_FAST_ISNEG,
  FER_FAST_ISPOS
};
static inline bool fer_fast_class_w(uint64_t x, unsigned w, unsigned sb,
                                    int what) {
  uint64_t m = x & fer_fast_magmask(w), inf = fer_fast_infbits(w, sb);
  bool sign = (x >> (w - 1)) & 1;
  switch (what) {
  case FER_FAST_ISNORMAL: return (m >> (sb - 1)) != 0 && m < inf;
  case FER_FAST_ISSUBNORMAL: return m && !(m >> (sb - 1));
  case FER_FAST_ISZERO: return !m;
  case FER_FAST_ISINF: return m == inf;
  case FER_FAST_ISNAN: return m > inf;
  case FER_FAST_ISNEG: return sign && m <= inf;
  default: return !sign && m <= inf; /* FER_FAST_ISPOS */
  }
}
#define FER_FAST_CLASS(NAME, WHAT, LIB)                                      \
  static inline bool fer_fast_##NAME(fer_fmt f, fer_u128 x) {               \
    if (fer_fast_f64(f)) return fer_fast_class_w((uint64_t)x, 64, 53, WHAT); \
    if (fer_fast_f32(f)) return fer_fast_class_w((uint64_t)x, 32, 24, WHAT); \
    return LIB(f, x);                                                       \
  }
FER_FAST_CLASS(is_normal, FER_FAST_ISNORMAL, fer_fp_is_normal)
FER_FAST_CLASS(is_subnormal, FER_FAST_ISSUBNORMAL, fer_fp_is_subnormal)
FER_FAST_CLASS(is_zero, FER_FAST_ISZERO, fer_fp_is_zero)
FER_FAST_CLASS(is_inf, FER_FAST_ISINF, fer_fp_is_inf)
FER_FAST_CLASS(is_nan, FER_FAST_ISNAN, fer_fp_is_nan)
FER_FAST_CLASS(is_negative, FER_FAST_ISNEG, fer_fp_is_negative)
FER_FAST_CLASS(is_positive, FER_FAST_ISPOS, fer_fp_is_positive)
#undef FER_FAST_CLASS

/* abs and neg: bit operations, NaN made canonical. */
static inline uint64_t fer_fast_absneg_w(uint64_t x, unsigned w, unsigned sb,
                                         bool neg) {
  uint64_t mag = fer_fast_magmask(w), inf = fer_fast_infbits(w, sb);
  if ((x & mag) > inf) return inf | (1ULL << (sb - 2));
  return neg ? x ^ (mag + 1) : x & mag;
}
static inline fer_u128 fer_fast_abs(fer_fmt f, fer_u128 x) {
  if (fer_fast_f64(f)) return fer_fast_absneg_w((uint64_t)x, 64, 53, false);
  if (fer_fast_f32(f)) return fer_fast_absneg_w((uint64_t)x, 32, 24, false);
  return fer_fp_abs(f, x);
}
static inline fer_u128 fer_fast_neg(fer_fmt f, fer_u128 x) {
  if (fer_fast_f64(f)) return fer_fast_absneg_w((uint64_t)x, 64, 53, true);
  if (fer_fast_f32(f)) return fer_fast_absneg_w((uint64_t)x, 32, 24, true);
  return fer_fp_neg(f, x);
}

#endif
