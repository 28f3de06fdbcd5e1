/* Shared helpers of src/fp: format constants, unpacking, and the small
 * fixed-size wide integers (256 bits) that products, fma alignment,
 * division and square root need.  Everything here is static inline: no
 * state, no allocation.
 *
 * Conventions used by every operation:
 *   - a finite nonzero value is unpacked to (sign, exp, sig) with
 *     value = (-1)^sign * sig * 2^exp and sig normalised so that its most
 *     significant bit is bit sb-1 (subnormals are normalised too, their
 *     exp goes below the format's minimum; fer_fp_round brings them back);
 *   - every result goes through fer_fp_round (the single rounding point)
 *     with an exact sticky bit. */
#ifndef FER_FP_INTERNAL_H
#define FER_FP_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "fp/fp.h"

#define FER_U128_1 ((fer_u128)1)
#define FER_U128_MAX (~(fer_u128)0)

/* ---- format constants ---- */

static inline int32_t fer_fp_bias(fer_fmt f) {
  return (int32_t)((1u << (f.eb - 1)) - 1);
}
/* Unit exponent of the smallest subnormal: 2^(emin - (sb-1)). */
static inline int32_t fer_fp_qmin(fer_fmt f) {
  return 1 - fer_fp_bias(f) - (int32_t)(f.sb - 1);
}
static inline fer_u128 fer_fp_sign_bit(fer_fmt f) {
  return FER_U128_1 << (f.eb + f.sb - 1);
}

/* A magnitude of at most 64 bits in a format with sb >= 64 and eb >= 8 is
 * exact (its bits fit the significand, its exponent <= 63 < emax = 127
 * and it is >= 1, so normal): the pattern is packed directly, in every
 * rounding mode.  (15,64), (11,64) and Float128 take this path
 * (from_int.c, and the evaluator's fp/fast.h). */
static inline bool fer_fp_exact64_fmt(fer_fmt f) { return f.sb >= 64 && f.eb >= 8; }
static inline fer_u128 fer_fp_exact64(fer_fmt f, bool neg, uint64_t mag) {
  if (!mag) return 0; /* +0: an integer has no signed zero */
  unsigned top = 63 - (unsigned)__builtin_clzll(mag);
  /* the leading one goes to bit sb-1 and is dropped (hidden bit) */
  fer_u128 frac = (fer_u128)(mag ^ (1ULL << top)) << (f.sb - 1 - top);
  fer_u128 e = (fer_u128)(uint32_t)(fer_fp_bias(f) + (int32_t)top) << (f.sb - 1);
  return (neg ? fer_fp_sign_bit(f) : 0) | e | frac;
}
static inline fer_u128 fer_fp_frac_mask(fer_fmt f) {
  return (FER_U128_1 << (f.sb - 1)) - 1;
}
static inline fer_u128 fer_fp_mag_mask(fer_fmt f) {
  return fer_fp_sign_bit(f) - 1;
}
static inline uint32_t fer_fp_exp_ones(fer_fmt f) {
  return (uint32_t)((1ull << f.eb) - 1);
}
/* The bit pattern of +infinity (also the smallest magnitude that is not
 * finite: NaNs are above it). */
static inline fer_u128 fer_fp_inf_bits(fer_fmt f) {
  return (fer_u128)fer_fp_exp_ones(f) << (f.sb - 1);
}
static inline fer_u128 fer_fp_nan_bits(fer_fmt f) {
  return fer_fp_inf_bits(f) | (FER_U128_1 << (f.sb - 2));
}
static inline fer_u128 fer_fp_max_finite_bits(fer_fmt f) {
  return fer_fp_inf_bits(f) - 1;
}
static inline bool fer_fp_sign_of(fer_fmt f, fer_u128 x) {
  return (bool)(x >> (f.eb + f.sb - 1));
}
static inline fer_u128 fer_fp_mag(fer_fmt f, fer_u128 x) {
  return x & fer_fp_mag_mask(f);
}
static inline bool fer_fp_mag_is_nan(fer_fmt f, fer_u128 mag) {
  return mag > fer_fp_inf_bits(f);
}

/* x is a NaN (any pattern); the 64-bit test when the format fits. */
static inline bool fer_fp_isnan(fer_fmt f, fer_u128 x) {
  if (f.eb + f.sb <= 64) {
    uint64_t m = (uint64_t)x & ((1ULL << (f.eb + f.sb - 1)) - 1);
    return m > ((uint64_t)fer_fp_exp_ones(f) << (f.sb - 1));
  }
  return fer_fp_mag_is_nan(f, fer_fp_mag(f, x));
}

/* ---- bit counting (x != 0) ---- */

static inline int fer_clz128(fer_u128 x) {
  uint64_t hi = (uint64_t)(x >> 64);
  return hi ? __builtin_clzll(hi) : 64 + __builtin_clzll((uint64_t)x);
}
static inline int fer_ctz128(fer_u128 x) {
  uint64_t lo = (uint64_t)x;
  return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(x >> 64));
}
/* Number of significant bits, 0 for 0. */
static inline int fer_bits128(fer_u128 x) {
  return x ? 128 - fer_clz128(x) : 0;
}

/* Whether rounding a magnitude whose last kept bit is `odd`, followed by
 * the bit `guard` and by a nonzero rest `rest`, goes one unit up (away
 * from zero) under rm.  The one place the five modes are spelled out.
 * Bitwise & and | on the bools: the same values as && and ||, without
 * the branches that short-circuiting invites on data that is a coin flip
 * (guard, under RNE). */
static inline bool fer_round_up(fer_rm rm, bool sign, bool odd, bool guard,
                                bool rest) {
  switch (rm) {
  case FER_RNE: return guard & (rest | odd);
  case FER_RNA: return guard;
  case FER_RTP: return (!sign) & (guard | rest);
  case FER_RTN: return sign & (guard | rest);
  default: return false; /* FER_RTZ */
  }
}

/* fp.roundToIntegral (rti.c) of formats of at most 64 bits with eb >= 3,
 * on the bit pattern u alone (hot: no unpacking; inline here for the
 * evaluator's Float32/Float64 path, fp/fast.h).  Biased exponent E, bias B, p = sb:
 *   - E all ones: infinite or NaN;
 *   - E >= B + p - 1: |x| >= 2^(p-1), already an integer;
 *   - E <= B - 1: |x| < 1, the result is +-0 or +-1; the guard bit (the
 *     1/2 place) is set only when E == B - 1 (then |x| >= 1/2; eb >= 3
 *     makes B - 1 >= 2 a normal exponent), the rest is the remaining
 *     fraction, and any nonzero |x| below 1/2 is all rest;
 *   - otherwise the lowest sh = B + p - 1 - E (1..p-1) fraction bits are
 *     below the units place.  Clearing them truncates |x|; adding 2^sh to
 *     the pattern adds one unit, and a carry out of the fraction moves
 *     into the exponent field as the value's next binade (1.11b -> 10.0b
 *     with E+1), and into the all-ones field, i.e. +-infinity, exactly
 *     when the integer is 2^(emax+1) (only in formats with emax < p-1):
 *     the correctly rounded overflow, as the module comment says.  The
 *     units bit (for RNE's evenness) is bit sh, which is the exponent
 *     field's lowest bit when sh = p-1 (E = B, units digit the implicit
 *     one: B is odd, so that bit is 1 as it should be). */
static inline uint64_t fer_fp_rti64(fer_fmt f, fer_rm rm, uint64_t u) {
  unsigned w = f.eb + f.sb, p = f.sb;
  uint64_t sign = u & (1ULL << (w - 1)), mag = u ^ sign;
  uint64_t e = mag >> (p - 1), bias = (1ULL << (f.eb - 1)) - 1;
  bool neg = sign != 0;
  uint64_t ones = (1ULL << f.eb) - 1;
  if (e >= ones) /* infinite or NaN (below bias+p-1 when emax < p-1) */
    return mag > ones << (p - 1) ? (uint64_t)fer_fp_nan(f) : u;
  if (e >= bias + p - 1) return u; /* integral */
  if (e < bias) {
    bool guard = e == bias - 1;
    bool rest = guard ? (mag & ((1ULL << (p - 1)) - 1)) != 0 : mag != 0;
    if (!fer_round_up(rm, neg, false, guard, rest)) return sign;
    return sign | (bias << (p - 1)); /* +-1 */
  }
  unsigned sh = (unsigned)(bias + p - 1 - e);
  uint64_t low = (1ULL << sh) - 1;
  bool guard = (u >> (sh - 1)) & 1;
  bool rest = (u & (low >> 1)) != 0;
  uint64_t r = u & ~low;
  bool up = fer_round_up(rm, neg, (u >> sh) & 1, guard, rest);
  return r + ((uint64_t)up << sh);
}


/* ---- unpacking ---- */

enum { FER_FP_CZERO, FER_FP_CFINITE, FER_FP_CINF, FER_FP_CNAN };

typedef struct fer_fp_unpacked {
  int cls;      /* FER_FP_C* */
  bool sign;
  int32_t exp;  /* finite: value = sig * 2^exp */
  fer_u128 sig; /* finite: bit sb-1 is the leading one */
} fer_fp_unpacked;

static inline fer_fp_unpacked fer_fp_unpack(fer_fmt f, fer_u128 x) {
  fer_fp_unpacked u;
  uint32_t e = (uint32_t)(x >> (f.sb - 1)) & fer_fp_exp_ones(f);
  fer_u128 frac = x & fer_fp_frac_mask(f);
  u.sign = fer_fp_sign_of(f, x);
  u.exp = 0;
  u.sig = 0;
  if (e == fer_fp_exp_ones(f)) {
    u.cls = frac ? FER_FP_CNAN : FER_FP_CINF;
  } else if (e) {
    u.cls = FER_FP_CFINITE;
    u.sig = frac | (FER_U128_1 << (f.sb - 1));
    u.exp = (int32_t)e + fer_fp_qmin(f) - 1;
  } else if (frac) {
    int sh = (int)f.sb - fer_bits128(frac);
    u.cls = FER_FP_CFINITE;
    u.sig = frac << sh;
    u.exp = fer_fp_qmin(f) - sh;
  } else {
    u.cls = FER_FP_CZERO;
  }
  return u;
}

/* ---- formats of at most 64 bits ----
 * The same representation on uint64_t: a variable shift of an unsigned
 * __int128 costs several instructions, and these formats (Float16,
 * BFloat16, Float32, Float64) are the hot ones.  Here sb <= 62. */
static inline bool fer_fp_fits64(fer_fmt f) { return f.eb + f.sb <= 64; }

typedef struct fer_fp_unpacked64 {
  int cls; /* FER_FP_C* */
  bool sign;
  int32_t exp;  /* finite: value = sig * 2^exp */
  uint64_t sig; /* finite: bit sb-1 is the leading one */
} fer_fp_unpacked64;

static inline fer_fp_unpacked64 fer_fp_unpack64(fer_fmt f, uint64_t x) {
  fer_fp_unpacked64 u;
  uint32_t e = (uint32_t)(x >> (f.sb - 1)) & fer_fp_exp_ones(f);
  uint64_t frac = x & ((1ULL << (f.sb - 1)) - 1);
  u.sign = (x >> (f.eb + f.sb - 1)) & 1;
  u.exp = 0;
  u.sig = 0;
  if (e == fer_fp_exp_ones(f)) {
    u.cls = frac ? FER_FP_CNAN : FER_FP_CINF;
  } else if (e) {
    u.cls = FER_FP_CFINITE;
    u.sig = frac | (1ULL << (f.sb - 1));
    u.exp = (int32_t)e + fer_fp_qmin(f) - 1;
  } else if (frac) {
    int sh = (int)f.sb - (64 - __builtin_clzll(frac));
    u.cls = FER_FP_CFINITE;
    u.sig = frac << sh;
    u.exp = fer_fp_qmin(f) - sh;
  } else {
    u.cls = FER_FP_CZERO;
  }
  return u;
}

static inline uint64_t fer_shr_sticky64(uint64_t x, int64_t sh, bool *sticky) {
  if (sh <= 0) return x;
  if (sh >= 64) {
    *sticky |= x != 0;
    return 0;
  }
  *sticky |= (x & ((1ULL << sh) - 1)) != 0;
  return x >> sh;
}

/* fer_fp_round for formats with eb + sb <= 64 and a 64-bit sig (round.c);
 * fer_fp_round itself comes here when it can. */
uint64_t fer_fp_round64(fer_fmt, fer_rm, bool sign, int32_t exp, uint64_t sig,
                        bool sticky);

/* (sig, sticky) >> sh with the shifted-out bits folded into *sticky;
 * any sh >= 0. */
static inline fer_u128 fer_shr_sticky(fer_u128 x, int64_t sh, bool *sticky) {
  if (sh <= 0) return x;
  if (sh >= 128) {
    *sticky |= x != 0;
    return 0;
  }
  *sticky |= (x & ((FER_U128_1 << sh) - 1)) != 0;
  return x >> sh;
}

/* ---- order (cmp.c, minmax.c) ----
 * The pattern is shifted to the top of a word (sign at the top bit);
 * flipping the magnitude bits of negative values then makes the signed
 * integer order the FP order, except that -0 < +0, so two zeros are
 * reported apart.  Integer code only: no floating-point environment. */
typedef struct fer_fp_order {
  bool unordered, zeros; /* a NaN; both zeros */
  int cmp;               /* otherwise: -1, 0, 1 */
} fer_fp_order;

static inline int64_t fer_fp_key64(uint64_t t) {
  return (int64_t)(t ^ ((0 - (t >> 63)) >> 1));
}

static inline fer_fp_order fer_fp_order_of(fer_fmt f, fer_u128 a, fer_u128 b) {
  fer_fp_order o = {false, false, 0};
  if (fer_fp_fits64(f)) {
    unsigned sh = 64 - f.eb - f.sb;
    uint64_t ta = (uint64_t)a << sh, tb = (uint64_t)b << sh;
    uint64_t inf = ~0ULL << (64 - f.eb); /* infinity without its sign, <<1 */
    o.unordered = (ta << 1) > inf || (tb << 1) > inf;
    o.zeros = !((ta | tb) << 1);
    int64_t ka = fer_fp_key64(ta), kb = fer_fp_key64(tb);
    o.cmp = (ka > kb) - (ka < kb);
    return o;
  }
  unsigned sh = 128 - f.eb - f.sb;
  fer_u128 ta = a << sh, tb = b << sh;
  fer_u128 inf = FER_U128_MAX << (128 - f.eb);
  o.unordered = (ta << 1) > inf || (tb << 1) > inf;
  o.zeros = !((ta | tb) << 1);
  bool na = ta >> 127, nb = tb >> 127;
  if (na != nb) {
    o.cmp = na ? -1 : 1;
  } else {
    fer_u128 ma = ta << 1, mb = tb << 1;
    o.cmp = (ma > mb) - (ma < mb);
    if (na) o.cmp = -o.cmp;
  }
  return o;
}

/* ---- 256-bit unsigned integers ---- */

typedef struct fer_u256 {
  fer_u128 hi, lo;
} fer_u256;

static inline fer_u256 fer_u256_make(fer_u128 hi, fer_u128 lo) {
  fer_u256 r;
  r.hi = hi;
  r.lo = lo;
  return r;
}
static inline bool fer_u256_is_zero(fer_u256 a) { return !(a.hi | a.lo); }
static inline int fer_u256_cmp(fer_u256 a, fer_u256 b) {
  if (a.hi != b.hi) return a.hi < b.hi ? -1 : 1;
  if (a.lo != b.lo) return a.lo < b.lo ? -1 : 1;
  return 0;
}
static inline fer_u256 fer_u256_add(fer_u256 a, fer_u256 b) {
  fer_u256 r;
  r.lo = a.lo + b.lo;
  r.hi = a.hi + b.hi + (r.lo < a.lo);
  return r;
}
static inline fer_u256 fer_u256_sub(fer_u256 a, fer_u256 b) {
  fer_u256 r;
  r.lo = a.lo - b.lo;
  r.hi = a.hi - b.hi - (a.lo < b.lo);
  return r;
}
static inline int fer_u256_bits(fer_u256 a) {
  return a.hi ? 128 + fer_bits128(a.hi) : fer_bits128(a.lo);
}
static inline fer_u256 fer_u256_shl(fer_u256 a, int sh) { /* 0 <= sh < 256 */
  if (sh == 0) return a;
  if (sh >= 128) return fer_u256_make(a.lo << (sh - 128), 0);
  return fer_u256_make((a.hi << sh) | (a.lo >> (128 - sh)), a.lo << sh);
}
/* Right shift by any sh >= 0, bits shifted out or'ed into *sticky. */
static inline fer_u256 fer_u256_shr_sticky(fer_u256 a, int64_t sh,
                                           bool *sticky) {
  if (sh <= 0) return a;
  if (sh >= 256) {
    *sticky |= !fer_u256_is_zero(a);
    return fer_u256_make(0, 0);
  }
  if (sh >= 128) {
    *sticky |= a.lo != 0;
    return fer_u256_make(0, fer_shr_sticky(a.hi, sh - 128, sticky));
  }
  *sticky |= (a.lo & ((FER_U128_1 << sh) - 1)) != 0;
  return fer_u256_make(a.hi >> sh, (a.lo >> sh) | (a.hi << (128 - sh)));
}
/* Full 128 x 128 -> 256 product. */
static inline fer_u256 fer_mul128(fer_u128 a, fer_u128 b) {
  uint64_t a0 = (uint64_t)a, a1 = (uint64_t)(a >> 64);
  uint64_t b0 = (uint64_t)b, b1 = (uint64_t)(b >> 64);
  fer_u128 p00 = (fer_u128)a0 * b0, p01 = (fer_u128)a0 * b1;
  fer_u128 p10 = (fer_u128)a1 * b0, p11 = (fer_u128)a1 * b1;
  fer_u128 mid = (p00 >> 64) + (uint64_t)p01 + (uint64_t)p10; /* < 2^66 */
  fer_u256 r;
  r.lo = (uint64_t)p00 | (mid << 64);
  r.hi = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
  return r;
}
/* floor((hi*2^64 + lo) / d) and the remainder, for hi < d (so the
 * quotient fits in 64 bits): one divq on x86-64, where the compiler would
 * call the general 128-bit division. */
static inline uint64_t fer_div128by64(uint64_t hi, uint64_t lo, uint64_t d,
                                      fer_u128 *rem) {
#if defined(__x86_64__) && defined(__GNUC__)
  uint64_t q, r;
  __asm__("divq %4" : "=a"(q), "=d"(r) : "a"(lo), "d"(hi), "rm"(d) : "cc");
  *rem = r;
  return q;
#else
  fer_u128 y = ((fer_u128)hi << 64) | lo;
  *rem = y % d;
  return (uint64_t)(y / d);
#endif
}

/* Squeeze a 256-bit value into 128 bits for fer_fp_round: shift right so
 * that it fits, folding dropped bits into *sticky and adding the shift to
 * *exp.  The result keeps at least 127 significant bits (if a.hi != 0). */
static inline fer_u128 fer_u256_squeeze(fer_u256 a, int32_t *exp,
                                        bool *sticky) {
  if (!a.hi) return a.lo;
  int sh = fer_bits128(a.hi);
  *exp += sh;
  return fer_u256_shr_sticky(a, sh, sticky).lo;
}

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
/* roundToIntegral by unpacking (rti.c), beside its bit-pattern path. */
fer_u128 fer_fp_rti_soft(fer_fmt, fer_rm, fer_u128);

/* Division of a 256-bit dividend by a 128-bit divisor (d != 0); the
 * quotient must fit in 128 bits (u.hi < d).  Returns the quotient, *rem
 * gets the remainder.  Knuth's algorithm D on 64-bit digits (div.c). */
fer_u128 fer_div256(fer_u256 u, fer_u128 d, fer_u128 *rem);

#endif
