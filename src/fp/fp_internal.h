/* Shared helpers of src/fp: format constants, the rounding decision
 * (fer_round_up), unpacking (128- and 64-bit), sticky shifts of 64-bit
 * significands, the order of patterns, and the declarations shared between
 * the operation files (fer_fp_round64, fer_fp_rti_soft).  Integers wider
 * than 64 bits are in fp/wide.h, the hardware paths (SSE, FMA, x87,
 * MXCSR) in fp/hw.h.  Everything here is static inline: no state, no
 * allocation.
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
#include "fp/wide.h" /* 128-bit bit counting, used by unpacking */

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

/* roundToIntegral by unpacking (rti.c), beside its bit-pattern path. */
fer_u128 fer_fp_rti_soft(fer_fmt, fer_rm, fer_u128);

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

#endif
