/* The hardware paths of src/fp: when the SSE unit (Float32, Float64), the
 * FMA instruction and the x87 FPU ((15,64)) may compute an operation, the
 * run-time probes of the rounding mode (MXCSR, x87 control word) that
 * guard them, and the conversions between bit patterns and the hardware's
 * registers.  Also the declarations of the software paths those fast
 * paths are tested against.  FER_FP_HW, FER_FMA_HW and FER_FP_X87 say
 * what this build has; elsewhere they are 0 (or undefined for FMA) and
 * the generic code runs. */
#ifndef FER_FP_HW_H
#define FER_FP_HW_H

#include <stdbool.h>
#include <stdint.h>

#include "fp/fp.h"

/* ---- hardware fast paths ----
 * Float32/Float64 under RNE may use the hardware only where the result is
 * provably the same bit pattern.  Compile time: x86-64 SSE arithmetic
 * (FLT_EVAL_METHOD 0, no x87 excess precision) and no -ffast-math.  Run
 * time, because a host program may have changed the MXCSR (reading it with
 * stmxcsr costs ~5 ns on some CPUs, more than the operation):
 *   - rounding direction: fer_hw_nearest() adds two constants the compiler
 *     cannot see, whose sums differ under each directed mode;
 *   - flush-to-zero / denormals-are-zero: only operands that are normal,
 *     infinite or NaN go to the hardware (fer_hw_in*), and a result that is
 *     zero or subnormal is recomputed by the generic code (fer_hw_out*), so
 *     neither flag can change what is returned.
 * Under those conditions one SSE operation is correctly rounded to nearest
 * even with IEEE signs; NaN results are made canonical.  Elsewhere
 * FER_FP_HW is 0 and the generic code runs.  Tested against the generic
 * code, also with the MXCSR set to every other mode and to FTZ|DAZ. */
#if defined(__x86_64__) && defined(__SSE2_MATH__) && !defined(__FAST_MATH__) && \
    !defined(FER_FP_NO_HW)
#include <emmintrin.h>
#include <float.h>
#include <string.h>
#if FLT_EVAL_METHOD == 0
#define FER_FP_HW 1
#endif
#endif
#ifndef FER_FP_HW
#define FER_FP_HW 0
#endif

#if FER_FP_HW
#define FER_HW_EXP64 0x7ff0000000000000ULL
#define FER_HW_EXP32 0x7f800000u
/* 1 + 1.5*2^-53 and -1 - 1.5*2^-53: to nearest they go up in magnitude;
 * RTZ leaves both at 1, RTP the negative one, RTN the positive one.  The
 * volatile asm hides the constants (compilers fold FP assuming the default
 * mode) and keeps the probe from being hoisted or merged. */
static inline bool fer_hw_nearest(void) {
  __m128d one = _mm_set_pd(1.0, -1.0), t = _mm_set_pd(0x1.8p-53, -0x1.8p-53);
  __asm__ volatile("" : "+x"(one), "+x"(t));
  __m128d want = _mm_set_pd(1.0 + 0x1p-52, -1.0 - 0x1p-52);
  return _mm_movemask_pd(_mm_cmpeq_pd(_mm_add_pd(one, t), want)) == 3;
}
static inline bool fer_hw_f64(fer_fmt f, fer_rm rm) {
  return f.eb == 11 && f.sb == 53 && rm == FER_RNE;
}
static inline bool fer_hw_f32(fer_fmt f, fer_rm rm) {
  return f.eb == 8 && f.sb == 24 && rm == FER_RNE;
}
/* Operands with a nonzero exponent field: normal, infinite or NaN. */
static inline bool fer_hw_in64(fer_u128 a, fer_u128 b) {
  return ((uint64_t)a & FER_HW_EXP64) && ((uint64_t)b & FER_HW_EXP64);
}
static inline bool fer_hw_in32(fer_u128 a, fer_u128 b) {
  return ((uint32_t)a & FER_HW_EXP32) && ((uint32_t)b & FER_HW_EXP32);
}
static inline double fer_hw_to_d(fer_u128 x) {
  uint64_t u = (uint64_t)x;
  double d;
  memcpy(&d, &u, sizeof d);
  return d;
}
static inline float fer_hw_to_f(fer_u128 x) {
  uint32_t u = (uint32_t)x;
  float d;
  memcpy(&d, &u, sizeof d);
  return d;
}
/* Directed modes and RNA from a round-to-nearest-even result.  u is the
 * bit pattern of s = RNE(x), a normal number (finite, nonzero), in a
 * format of w = eb+sb <= 64 bits; tb is the bit pattern of t = x - s,
 * which must be exact (x itself is not representable in general).  Then
 * |t| <= half the gap from s to its neighbour on x's side, so:
 *   - t == 0: x == s, the result in every mode;
 *   - otherwise x lies strictly between s and that neighbour, which is the
 *     pattern u+1 if x is beyond s in magnitude (t has s's sign), else u-1
 *     (integer steps on patterns walk the ordered magnitudes, also across
 *     binades and into the subnormals): RTZ/RTP/RTN take s or the
 *     neighbour by the direction alone; RNA differs from RNE only at a tie
 *     that RNE broke towards zero, i.e. t has s's sign and |t| is half of
 *     ulp(s) (= 2^(E-bias-sb+1) for the biased exponent E of s), whose
 *     pattern has biased exponent E-sb and a zero fraction.
 * u+1 can be +-infinity only if s is the largest finite number; that is the
 * correctly rounded overflow of x in the modes that move away from zero. */
/* The step itself, for t != 0 of sign st; tie: |t| is half of ulp(s). */
static inline uint64_t fer_hw_step(fer_rm rm, unsigned w, uint64_t u, bool st,
                                   bool tie) {
  bool su = (u >> (w - 1)) & 1;
  switch (rm) {
  case FER_RTZ: return st == su ? u : u - 1;
  case FER_RTP: return !st ? (su ? u - 1 : u + 1) : u; /* t > 0: go up */
  case FER_RTN: return st ? (su ? u + 1 : u - 1) : u;  /* t < 0: go down */
  case FER_RNA: return st == su && tie ? u + 1 : u;
  default: return u; /* FER_RNE */
  }
}
static inline uint64_t fer_hw_fixup(fer_rm rm, unsigned w, unsigned sb,
                                    uint64_t u, uint64_t tb) {
  uint64_t mag = (w == 64 ? ~0ULL : (1ULL << w) - 1) >> 1;
  if (!(tb & mag)) return u;
  uint64_t e = (u & mag) >> (sb - 1);
  return fer_hw_step(rm, w, u, (tb >> (w - 1)) & 1,
                     e > sb && (tb & mag) == (e - sb) << (sb - 1));
}

#if defined(__GNUC__)
/* The FMA instruction (Intel/AMD FMA3), only where the CPU has it
 * (fer_hw_has_fma(), checked at run time: the library is built for
 * baseline x86-64).  One vfmadd rounds the exact a*b+c once under the MXCSR
 * rounding direction; the product inside is exact and never flushed. */
#include <immintrin.h>
#define FER_FMA_HW 1
static inline bool fer_hw_has_fma(void) {
  return __builtin_cpu_supports("fma");
}
__attribute__((target("fma"))) static inline double
fer_hw_fma64(double a, double b, double c) {
  return _mm_cvtsd_f64(_mm_fmadd_sd(_mm_set_sd(a), _mm_set_sd(b), _mm_set_sd(c)));
}
__attribute__((target("fma"))) static inline float
fer_hw_fma32(float a, float b, float c) {
  return _mm_cvtss_f32(_mm_fmadd_ss(_mm_set_ss(a), _mm_set_ss(b), _mm_set_ss(c)));
}
#endif

/* The result's bits in *out unless it is zero or subnormal (return false:
 * the caller falls back to the generic code); NaN made canonical. */
static inline bool fer_hw_out64(double d, fer_u128 *out) {
  uint64_t u;
  memcpy(&u, &d, sizeof u);
  if (!(u & FER_HW_EXP64)) return false;
  *out = d != d ? (fer_u128)0x7ff8000000000000ULL : u;
  return true;
}
static inline bool fer_hw_out32(float d, fer_u128 *out) {
  uint32_t u;
  memcpy(&u, &d, sizeof u);
  if (!(u & FER_HW_EXP32)) return false;
  *out = d != d ? (fer_u128)0x7fc00000u : u;
  return true;
}

/* The x87 FPU for the format (15,64).  IEEE 754's double-extended format
 * as the x87 stores it (80 bits: sign, 15-bit exponent, 64-bit
 * significand with an explicit integer bit) has exactly the parameters of
 * (_ FloatingPoint 15 64): the same exponent range, bias and subnormals,
 * 63 stored fraction bits plus the integer bit, which is 1 exactly when
 * the exponent field is nonzero.  With the control word's precision
 * control on 64 bits (Linux's default) and its rounding control on
 * nearest, fadd/fsub/fmul/fdiv/fsqrt round every result once to that
 * format, subnormal results included (underflow masked, the default); the
 * x87 has no flush-to-zero or denormals-are-zero mode.  So one x87
 * operation is the correctly rounded RNE result, as for SSE above:
 *   - fer_x87_nearest() checks both fields in one go: 1 + 0.75 ulp(1) and
 *     -1 - 0.75 ulp(1) (ulp of the 64-bit significand) round away from 1
 *     in magnitude only under round-to-nearest with 64-bit precision
 *     (toward zero, up, down, or a 53/24-bit precision give another sum);
 *   - operands are built with the integer bit from the exponent field, so
 *     no pseudo-denormal or unnormal encoding reaches the FPU, and results
 *     (which the x87 never gives in those encodings) are read back by
 *     dropping the integer bit; NaN results are made canonical.
 * Tested against the generic code (tests/test_fp_arith.c), also under
 * every x87 rounding control and under 53-bit precision control. */
#if defined(__GNUC__) && LDBL_MANT_DIG == 64 && LDBL_MAX_EXP == 16384
#define FER_FP_X87 1
static inline bool fer_x87_fmt(fer_fmt f, fer_rm rm) {
  return f.eb == 15 && f.sb == 64 && rm == FER_RNE;
}
static inline bool fer_x87_nearest(void) {
  long double one = 1.0L, t = 0x1.8p-64L;
  __asm__ volatile("" : "+t"(one)); /* opaque: not folded at compile time */
  __asm__ volatile("" : "+t"(t));
  return one + t == 1.0L + 0x1p-63L && -one - t == -1.0L - 0x1p-63L;
}
/* The operand is built in an SSE register and stored with one 16-byte
 * store, which the 10-byte fldt can be forwarded from; two stores (8 and
 * 2 bytes) cannot, and cost a stall of ~5 ns on every operand. */
static inline long double fer_x87_in(fer_u128 x) {
  uint64_t frac = (uint64_t)x & 0x7fffffffffffffffULL;
  unsigned exp = (unsigned)(x >> 63) & 0x7fff, sign = (unsigned)(x >> 78) & 1;
  uint64_t m = frac | (uint64_t)(exp != 0) << 63;
  uint64_t se = sign << 15 | exp;
  union {
    __m128i v;
    long double d;
  } u;
  u.v = _mm_set_epi64x((long long)se, (long long)m);
  return u.d;
}
/* The result is stored with fstpt and read back as exactly its 8 + 2
 * bytes, loads that the 10-byte store can forward to.  (Copied out of a
 * long double variable, GCC read the sign and exponent with an 8-byte
 * load at offset 8, past the end of the store: the load then waited for
 * the store to reach the cache, ~5 ns per operation.) */
static inline fer_u128 fer_x87_out(long double d) {
  struct {
    uint64_t m;
    uint16_t se;
  } t;
  __asm__("fstpt %0" : "=m"(t) : "t"(d) : "st");
  uint64_t m = t.m;
  uint16_t se = t.se;
  unsigned exp = se & 0x7fff;
  if (exp == 0x7fff && (m << 1)) /* NaN: the canonical one */
    return (fer_u128)0x7fff << 63 | (fer_u128)1 << 62;
  return (fer_u128)(se >> 15) << 78 | (fer_u128)exp << 63 |
         (m & 0x7fffffffffffffffULL);
}
#endif
#endif
#ifndef FER_FP_X87
#define FER_FP_X87 0
#endif

/* The generic (software) paths of the operations that have a hardware
 * fast path, for tests that compare the two. */
fer_u128 fer_fp_add_soft(fer_fmt, fer_rm, fer_u128, fer_u128, bool sub);
fer_u128 fer_fp_mul_soft(fer_fmt, fer_rm, fer_u128, fer_u128);
fer_u128 fer_fp_div_soft(fer_fmt, fer_rm, fer_u128, fer_u128);
fer_u128 fer_fp_sqrt_soft(fer_fmt, fer_rm, fer_u128);
fer_u128 fer_fp_fma_soft(fer_fmt, fer_rm, fer_u128, fer_u128, fer_u128);

#endif
