/* Tests of the FP arithmetic core (src/fp: round, class, add, mul, div,
 * fma, sqrt, rem, rti, min/max, comparisons) against MPFR emulating each
 * format exactly (tests/fp_oracle.h), plus hand-derived facts.
 *
 * Every operation is run for every format in `formats` and every rounding
 * mode on: all combinations of edge values (zeros, subnormal/normal
 * boundaries, 1 and its neighbours, max finite, infinities, NaNs), then
 * random operands from generators biased towards the hard cases (close
 * exponents for cancellation, near-halfway significands, products and
 * quotients at the overflow/underflow thresholds, fma with c close to -a*b
 * or at any distance from a*b across the alignment window,
 * perfect squares, x.5 for roundToIntegral, huge exponent gaps for rem).
 * FERRET_FP_CASES sets the number of random cases per op x format x rm
 * (default DEFAULT_CASES; bench/fp-soak.sh runs 10^8); FERRET_FP_SEED the
 * seed.  A mismatch prints format, rm, op, operands and both results. */
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include <mpfr.h>

#include "fp/fp.h"
#include "fp_oracle.h"
#include "test.h"

/* Also tested here: the generic paths behind the hardware fast paths
 * (declared in src/fp/hw.h; repeated to keep the tests off the
 * library's internal helpers). */
fer_u128 fer_fp_add_soft(fer_fmt, fer_rm, fer_u128, fer_u128, bool sub);
fer_u128 fer_fp_mul_soft(fer_fmt, fer_rm, fer_u128, fer_u128);
fer_u128 fer_fp_div_soft(fer_fmt, fer_rm, fer_u128, fer_u128);
fer_u128 fer_fp_sqrt_soft(fer_fmt, fer_rm, fer_u128);
fer_u128 fer_fp_fma_soft(fer_fmt, fer_rm, fer_u128, fer_u128, fer_u128);
fer_u128 fer_fp_rti_soft(fer_fmt, fer_rm, fer_u128);

#define DEFAULT_CASES 100000

/* ---- formats ---- */

typedef struct {
  const char *name;
  fer_fmt f;
} fmt_entry;

static const fmt_entry formats[] = {
    {"Float16", {5, 11}},  {"BFloat16", {8, 8}},  {"Float32", {8, 24}},
    {"Float64", {11, 53}}, {"Float128", {15, 113}}, {"FP(2,2)", {2, 2}},
    {"FP(3,5)", {3, 5}},   {"FP(11,64)", {11, 64}}, {"FP(2,126)", {2, 126}},
    {"FP(30,98)", {30, 98}},
    /* the boundaries of the code paths: the widest format on 64-bit words
     * (sb 62), the widest u128 division (sb 63), the narrowest 256-bit
     * product (sb 65) */
    {"FP(2,62)", {2, 62}}, {"FP(4,63)", {4, 63}}, {"FP(6,65)", {6, 65}},
    /* x87 double-extended (the x87 path under RNE, the generic code in the
     * other modes) */
    {"FP(15,64)", {15, 64}},
};
#define NFORMATS (sizeof formats / sizeof formats[0])

/* ---- a deterministic random generator (splitmix64) ---- */

typedef struct {
  uint64_t s;
} rng;

static uint64_t rnd64(rng *r) {
  uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
static uint64_t below(rng *r, uint64_t n) { return n ? rnd64(r) % n : 0; }
static fer_u128 rnd128(rng *r) {
  return ((fer_u128)rnd64(r) << 64) | rnd64(r);
}

/* ---- bit-pattern helpers (written here, not taken from the library) ---- */

static fer_u128 mask(unsigned n) {
  return n >= 128 ? ~(fer_u128)0 : ((fer_u128)1 << n) - 1;
}
static uint64_t emax_field(fer_fmt f) { return (1ULL << f.eb) - 1; }
static int64_t bias(fer_fmt f) { return (1LL << (f.eb - 1)) - 1; }
static fer_u128 mk(fer_fmt f, unsigned s, uint64_t e, fer_u128 frac) {
  return ((fer_u128)s << (f.eb + f.sb - 1)) | ((fer_u128)e << (f.sb - 1)) |
         (frac & mask(f.sb - 1));
}
static uint64_t field_of(fer_fmt f, fer_u128 x) {
  return (uint64_t)(x >> (f.sb - 1)) & emax_field(f);
}
static fer_u128 sign_bit(fer_fmt f) { return (fer_u128)1 << (f.eb + f.sb - 1); }
static fer_u128 clamp_bits(fer_fmt f, fer_u128 x) { return x & mask(f.eb + f.sb); }

/* Edge values of a format, both signs. */
static unsigned edges(fer_fmt f, fer_u128 *out) {
  fer_u128 fm = mask(f.sb - 1), top = (fer_u128)1 << (f.sb - 2);
  uint64_t b = (uint64_t)bias(f), em = emax_field(f);
  fer_u128 pos[] = {
      0,                        /* zero */
      1,                        /* smallest subnormal */
      2 & fm,                   /* 2 units */
      fm,                       /* largest subnormal */
      mk(f, 0, 1, 0),           /* smallest normal */
      mk(f, 0, 1, 1),           /* just above */
      mk(f, 0, b, 0),           /* 1 */
      mk(f, 0, b - 1, fm),      /* just below 1 */
      mk(f, 0, b, 1),           /* just above 1 */
      mk(f, 0, b, top),         /* 1.5 */
      mk(f, 0, b + 1, 0),       /* 2 */
      mk(f, 0, b - 1, 0),       /* 1/2 */
      mk(f, 0, b + 1, top),     /* 3 */
      mk(f, 0, em - 1, fm),     /* max finite */
      mk(f, 0, em - 1, fm - 1), /* just below */
      mk(f, 0, em - 1, 0),      /* largest power of two */
      mk(f, 0, em, 0),          /* infinity */
      mk(f, 0, em, top),        /* canonical NaN */
      mk(f, 0, em, 1),          /* another NaN */
  };
  unsigned n = 0;
  for (unsigned i = 0; i < sizeof pos / sizeof pos[0]; i++) {
    out[n++] = pos[i];
    out[n++] = pos[i] | sign_bit(f);
  }
  return n;
}
#define MAX_EDGES 38

/* A random significand with structure: uniform, short (exact results),
 * runs of ones/zeros (halfway and carry cases). */
static fer_u128 rnd_frac(rng *r, fer_fmt f) {
  fer_u128 fm = mask(f.sb - 1), x = rnd128(r);
  switch (below(r, 6)) {
  case 0: return x & fm & ~mask(f.sb - 1 > 4 ? f.sb - 1 - (unsigned)below(r, 5) : 0);
  case 1: return fm & ~(x & mask((unsigned)below(r, 4)));        /* ones */
  case 2: return (x & mask((unsigned)below(r, 4))) & fm;           /* zeros */
  case 3: return (fm >> below(r, f.sb)) ^ (x & 1);                 /* a run */
  case 4: return ((fer_u128)1 << below(r, f.sb - 1)) | (x & 3);    /* one bit */
  default: return x & fm;
  }
}

/* A random exponent field, biased towards the interesting ranges. */
static uint64_t rnd_field(rng *r, fer_fmt f) {
  uint64_t em = emax_field(f), b = (uint64_t)bias(f);
  switch (below(r, 8)) {
  case 0: return below(r, 4) < em ? below(r, 4) : 0;      /* subnormal/tiny */
  case 1: return em - 1 - (below(r, 4) % em);             /* near overflow */
  case 2: return below(r, em + 1);                         /* anything */
  default: {                                               /* near 1 */
    int64_t d = (int64_t)below(r, 2 * f.sb + 9) - (int64_t)f.sb - 4;
    int64_t e = (int64_t)b + d;
    return e < 0 ? 0 : e > (int64_t)em - 1 ? em - 1 : (uint64_t)e;
  }
  }
}

static fer_u128 rnd_value(rng *r, fer_fmt f) {
  if (below(r, 16) == 0) return clamp_bits(f, rnd128(r));
  if (below(r, 64) == 0) {
    fer_u128 e[MAX_EDGES];
    unsigned n = edges(f, e);
    return e[below(r, n)];
  }
  return mk(f, (unsigned)below(r, 2), rnd_field(r, f), rnd_frac(r, f));
}

/* A value with an exponent field near `field` (+- span). */
static fer_u128 near_field(rng *r, fer_fmt f, int64_t field, int64_t span) {
  int64_t e = field + (int64_t)below(r, 2 * (uint64_t)span + 1) - span;
  int64_t em = (int64_t)emax_field(f);
  if (e < 0) e = 0;
  if (e > em - 1) e = em - 1;
  return mk(f, (unsigned)below(r, 2), (uint64_t)e, rnd_frac(r, f));
}

/* ---- operations ---- */

typedef enum {
  OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_FMA, OP_SQRT, OP_REM, OP_RTI,
  OP_MIN, OP_MAX, OP_CMP, OP_CLASS, OP_ABS, OP_NEG, OP_COUNT
} op_id;

static const struct {
  const char *name;
  int arity;
  bool rm;
} ops[OP_COUNT] = {
    {"fp.add", 2, true},  {"fp.sub", 2, true},  {"fp.mul", 2, true},
    {"fp.div", 2, true},  {"fp.fma", 3, true},  {"fp.sqrt", 1, true},
    {"fp.rem", 2, false}, {"fp.roundToIntegral", 1, true},
    {"fp.min", 2, false}, {"fp.max", 2, false},
    {"leq/lt/eq/=", 2, false}, {"classify", 1, false},
    {"fp.abs", 1, false}, {"fp.neg", 1, false},
};

/* Operands for op, case i (edges first, then random). */
/* floor((M^2 - c) / 2^sh) for M < 2^126, |c| small, M^2 >= c, 0 < sh <
 * 128, the quotient below 2^128: the square in three 64-bit products. */
static fer_u128 sq_minus_shr(fer_u128 m, int64_t c, unsigned sh) {
  uint64_t m0 = (uint64_t)m, m1 = (uint64_t)(m >> 64);
  fer_u128 p00 = (fer_u128)m0 * m0, p01 = (fer_u128)m0 * m1, p11 = (fer_u128)m1 * m1;
  fer_u128 lo = p00 + (p01 << 65), carry = lo < p00;
  fer_u128 hi = p11 + (p01 >> 63) + carry;
  fer_u128 lo2 = lo - (fer_u128)c; /* c < 0 adds */
  if (c > 0 && lo2 > lo) hi--;
  if (c < 0 && lo2 < lo) hi++;
  return (hi << (128 - sh)) | (lo2 >> sh);
}

/* A positive operand whose root lies within about 2^-sb units in the last
 * place of a rounding midpoint: M odd with sb+1 bits and M^2 = c (mod
 * 2^(sb+2)) for a small c = 1 (mod 8), from the 2-adic square root of c;
 * x = (M^2 - c) / 2^(sb+2) then has sqrt(x 2^(sb+2)) = M - c/(2M) + ...,
 * just below (c > 0) or above (c < 0) the midpoint M/2 of the result's
 * grid.  The exponent keeps x 2^(sb+2) an even power apart from the
 * operand.  These are the cases a root correct to a few ulps of the
 * intermediate precision cannot round without the exact remainder. */
static fer_u128 sqrt_near_midpoint(rng *r, fer_fmt f) {
  unsigned j = f.sb + 2;
  if (j > 127 || f.sb < 8) return mk(f, 0, rnd_field(r, f), rnd_frac(r, f));
  int64_t c = 1 + 8 * ((int64_t)below(r, 33) - 16);
  fer_u128 m = 1; /* m^2 = c (mod 2^k), lifted one bit at a time */
  for (unsigned k = 3; k < j; k++)
    if (((m * m - (fer_u128)c) >> k) & 1) m += (fer_u128)1 << (k - 1);
  /* the roots mod 2^j below 2^(j-1) are m and 2^(j-1) - m: take the one
   * with sb+1 bits, sometimes the other (then fewer bits, still a test) */
  fer_u128 top = (fer_u128)1 << (j - 1);
  if ((m < top / 2) != (below(r, 8) == 0)) m = top - m;
  fer_u128 x = sq_minus_shr(m, c, j);
  if (!x || x >> f.sb) return mk(f, 0, rnd_field(r, f), rnd_frac(r, f));
  unsigned t = 0; /* normalise x to sb bits */
  while (!((x << t) >> (f.sb - 1))) t++;
  /* operand x * 2^(t + E - bias - sb + 1) for the field E: that exponent
   * must have sb's parity */
  int64_t em = (int64_t)emax_field(f), b = bias(f);
  int64_t e = (int64_t)rnd_field(r, f);
  if (e < 1) e = 1;
  if (((t + e - b + 1) & 1) != 0) e += e + 1 < em ? 1 : -1;
  if (e < 1 || e >= em) return mk(f, 0, rnd_field(r, f), rnd_frac(r, f));
  return mk(f, 0, (uint64_t)e, x << t);
}

static void gen(rng *r, fer_fmt f, op_id op, fer_u128 x[3]) {
  x[0] = rnd_value(r, f);
  x[1] = rnd_value(r, f);
  x[2] = rnd_value(r, f);
  int64_t fa = (int64_t)field_of(f, x[0]), b = bias(f);
  int64_t em = (int64_t)emax_field(f), sb = f.sb;
  unsigned k = (unsigned)below(r, 8);
  switch (op) {
  case OP_ADD: case OP_SUB: case OP_MIN: case OP_MAX: case OP_CMP:
    if (k < 3) x[1] = near_field(r, f, fa, k == 0 ? 2 : sb + 3);
    else if (k < 5) /* a few ulps from +-a */
      x[1] = clamp_bits(f, x[0] + (fer_u128)(int64_t)(below(r, 9) - 4)) ^
             (below(r, 2) ? sign_bit(f) : 0);
    break;
  case OP_MUL: case OP_FMA:
    if (k < 4) { /* product exponent near overflow or underflow */
      int64_t t = k < 2 ? b : 1 - b - (int64_t)below(r, (uint64_t)sb + 2);
      x[1] = near_field(r, f, t - (fa - b) + b, 2);
    }
    if (op == OP_FMA && below(r, 2)) {
      /* c close to -(a*b): massive cancellation */
      fer_u128 p = fer_fp_mul(f, (fer_rm)below(r, 5), x[0], x[1]);
      if (!fer_fp_is_nan(f, p) && !fer_fp_is_inf(f, p)) {
        x[2] = clamp_bits(f, (p ^ sign_bit(f)) + (fer_u128)(int64_t)(below(r, 5) - 2));
        if (below(r, 4) == 0) x[2] = near_field(r, f, (int64_t)field_of(f, p), sb + 3);
      }
    } else if (op == OP_FMA && below(r, 2)) {
      /* c at every distance from a*b up to 3*sb + 8 binades: across the
       * alignment boundaries of fma.c (c overlapping the exact product's
       * 2*sb bits, just above or below them, or so far that only a sticky
       * bit is left of the smaller term) */
      fer_u128 p = fer_fp_mul(f, FER_RTZ, x[0], x[1]);
      int64_t d = (int64_t)below(r, 6 * (uint64_t)sb + 17) - 3 * sb - 8;
      if (!fer_fp_is_nan(f, p) && !fer_fp_is_inf(f, p) && !fer_fp_is_zero(f, p))
        x[2] = near_field(r, f, (int64_t)field_of(f, p) + d, 0);
    }
    break;
  case OP_DIV:
    if (k < 3) { /* quotient exponent near overflow or underflow */
      int64_t t = k < 1 ? b : 1 - b - (int64_t)below(r, (uint64_t)sb + 2);
      x[1] = near_field(r, f, (fa - b) - t + b, 2);
    } else if (k < 5) { /* exact quotients: a = b * short */
      fer_u128 c = mk(f, (unsigned)below(r, 2), field_of(f, near_field(r, f, b, 3)),
                      rnd128(r) & ~mask(sb > 4 ? (unsigned)sb - 4 : 0));
      x[0] = fer_fp_mul(f, FER_RNE, x[1], c);
    }
    break;
  case OP_SQRT:
    if (k < 5) x[0] &= ~sign_bit(f);
    if (k <= 1) { /* perfect squares; for k == 1 a neighbour (a root just
                     beside a representable one) */
      fer_u128 y = mk(f, 0, field_of(f, x[1]), x[1] & ~mask((unsigned)(sb / 2)));
      x[0] = fer_fp_mul(f, FER_RNE, y, y);
      if (k == 1) x[0] += x[0] & 1 ? 1 : (fer_u128)0 - 1; /* 0 - 1: a NaN */
    }
    if (k == 2) x[0] = sqrt_near_midpoint(r, f);
    break;
  case OP_RTI:
    if (k < 6) x[0] = near_field(r, f, b + (int64_t)below(r, (uint64_t)sb + 2) - 1, 1);
    if (k < 2 && field_of(f, x[0]) >= (uint64_t)b && field_of(f, x[0]) < (uint64_t)(b + sb - 1)) {
      /* exactly n + 1/2 */
      unsigned half = (unsigned)(sb - 2 - ((int64_t)field_of(f, x[0]) - b));
      x[0] = (x[0] & ~mask(half + 1)) | ((fer_u128)1 << half);
    }
    break;
  case OP_REM:
    if (k < 4) x[0] = near_field(r, f, (int64_t)field_of(f, x[1]) + (int64_t)below(r, (uint64_t)sb + 4) - 1, 0);
    else if (k < 6) x[1] = near_field(r, f, 1 + (int64_t)below(r, 6), 5);
    break;
  default: break;
  }
  (void)em;
}

/* ---- running an operation in ferret and in the oracle ---- */

static fer_u128 run_ferret(op_id op, fer_fmt f, fer_rm rm, const fer_u128 *x) {
  switch (op) {
  case OP_ADD: return fer_fp_add(f, rm, x[0], x[1]);
  case OP_SUB: return fer_fp_sub(f, rm, x[0], x[1]);
  case OP_MUL: return fer_fp_mul(f, rm, x[0], x[1]);
  case OP_DIV: return fer_fp_div(f, rm, x[0], x[1]);
  case OP_FMA: return fer_fp_fma(f, rm, x[0], x[1], x[2]);
  case OP_SQRT: return fer_fp_sqrt(f, rm, x[0]);
  case OP_REM: return fer_fp_rem(f, x[0], x[1]);
  case OP_RTI: return fer_fp_rti(f, rm, x[0]);
  case OP_MIN: return fer_fp_min(f, x[0], x[1]);
  case OP_MAX: return fer_fp_max(f, x[0], x[1]);
  case OP_CMP:
    return (fer_u128)fer_fp_leq(f, x[0], x[1]) | (fer_u128)fer_fp_lt(f, x[0], x[1]) << 1 |
           (fer_u128)fer_fp_eq(f, x[0], x[1]) << 2 | (fer_u128)fer_fp_smt_eq(f, x[0], x[1]) << 3;
  case OP_CLASS:
    return fer_fp_is_nan(f, x[0]) | fer_fp_is_inf(f, x[0]) << 1 |
           fer_fp_is_zero(f, x[0]) << 2 | fer_fp_is_normal(f, x[0]) << 3 |
           fer_fp_is_subnormal(f, x[0]) << 4 | fer_fp_is_negative(f, x[0]) << 5 |
           fer_fp_is_positive(f, x[0]) << 6 |
           (fer_u128)(fer_fp_canon(f, x[0]) != x[0]) << 7;
  case OP_ABS: return fer_fp_abs(f, x[0]);
  case OP_NEG: return fer_fp_neg(f, x[0]);
  default: return 0;
  }
}

typedef struct {
  mpfr_ptr a, b, c;
} margs;

static int cb_set(mpfr_ptr r, void *p, mpfr_rnd_t d) { return mpfr_set(r, (mpfr_ptr)p, d); }
static int cb_add(mpfr_ptr r, void *p, mpfr_rnd_t d) { margs *m = p; return mpfr_add(r, m->a, m->b, d); }
static int cb_sub(mpfr_ptr r, void *p, mpfr_rnd_t d) { margs *m = p; return mpfr_sub(r, m->a, m->b, d); }
static int cb_mul(mpfr_ptr r, void *p, mpfr_rnd_t d) { margs *m = p; return mpfr_mul(r, m->a, m->b, d); }
static int cb_div(mpfr_ptr r, void *p, mpfr_rnd_t d) { margs *m = p; return mpfr_div(r, m->a, m->b, d); }
static int cb_fma(mpfr_ptr r, void *p, mpfr_rnd_t d) { margs *m = p; return mpfr_fma(r, m->a, m->b, m->c, d); }
static int cb_sqrt(mpfr_ptr r, void *p, mpfr_rnd_t d) { margs *m = p; return mpfr_sqrt(r, m->a, d); }

static fer_u128 run_oracle(op_id op, fer_fmt f, fer_rm rm, const fer_u128 *x,
                           mpfr_ptr a, mpfr_ptr b, mpfr_ptr c, mpfr_ptr t) {
  fer_oracle_get(a, f, x[0]);
  if (ops[op].arity > 1) fer_oracle_get(b, f, x[1]);
  if (ops[op].arity > 2) fer_oracle_get(c, f, x[2]);
  margs m = {a, b, c};
  switch (op) {
  case OP_ADD: return fer_oracle_round(f, rm, cb_add, &m);
  case OP_SUB: return fer_oracle_round(f, rm, cb_sub, &m);
  case OP_MUL: return fer_oracle_round(f, rm, cb_mul, &m);
  case OP_DIV: return fer_oracle_round(f, rm, cb_div, &m);
  case OP_FMA: return fer_oracle_round(f, rm, cb_fma, &m);
  case OP_SQRT: return fer_oracle_round(f, rm, cb_sqrt, &m);
  case OP_REM: /* exact: the remainder is representable */
    mpfr_remainder(t, a, b, MPFR_RNDN);
    return fer_oracle_put(f, t);
  case OP_RTI:
    /* The integer (exact at 128 bits) is representable, except in formats
     * with emax < sb-1 where it can reach 2^(emax+1): then it overflows
     * under rm like any result (z3 and cvc5 agree), so round it once more. */
    if (rm == FER_RNA) mpfr_round(t, a);
    else mpfr_rint(t, a, fer_oracle_rnd(rm));
    return fer_oracle_round(f, rm, cb_set, t);
  case OP_MIN: mpfr_min(t, a, b, MPFR_RNDN); return fer_oracle_put(f, t);
  case OP_MAX: mpfr_max(t, a, b, MPFR_RNDN); return fer_oracle_put(f, t);
  case OP_CMP: {
    bool na = mpfr_nan_p(a), nb = mpfr_nan_p(b);
    bool same = (na && nb) || (!na && !nb && mpfr_equal_p(a, b) &&
                               mpfr_signbit(a) == mpfr_signbit(b));
    return (fer_u128)(mpfr_lessequal_p(a, b) != 0) | (fer_u128)(mpfr_less_p(a, b) != 0) << 1 |
           (fer_u128)(mpfr_equal_p(a, b) != 0) << 2 | (fer_u128)same << 3;
  }
  case OP_CLASS: {
    /* normal: finite and |a| >= 2^(1-bias); canon changes only
     * non-canonical NaNs */
    bool nan = mpfr_nan_p(a), inf = mpfr_inf_p(a), zero = mpfr_zero_p(a);
    bool reg = mpfr_regular_p(a);
    bool normal = reg && mpfr_get_exp(a) - 1 >= 1 - bias(f);
    bool neg = !nan && mpfr_signbit(a);
    return nan | inf << 1 | zero << 2 | normal << 3 | (reg && !normal) << 4 |
           neg << 5 | (!nan && !neg) << 6 |
           (fer_u128)(fer_oracle_put(f, a) != x[0]) << 7;
  }
  case OP_ABS: mpfr_abs(t, a, MPFR_RNDN); return fer_oracle_put(f, t);
  case OP_NEG: mpfr_neg(t, a, MPFR_RNDN); return fer_oracle_put(f, t);
  default: return 0;
  }
}

static uint64_t env_u64(const char *name, uint64_t dflt) {
  const char *s = getenv(name);
  return s && *s ? strtoull(s, NULL, 0) : dflt;
}

static uint64_t random_cases(void) {
  uint64_t n = env_u64("FERRET_FP_CASES", DEFAULT_CASES);
  return fer_test_quick && !getenv("FERRET_FP_CASES") ? n / 10 : n;
}

static void report(fer_fmt f, const char *fname, fer_rm rm, op_id op,
                   const fer_u128 *x, fer_u128 got, fer_u128 want) {
  char h[4][40], g[40], w[40];
  fprintf(stderr, "fp mismatch: %s %s %s", fname, ops[op].rm ? fer_oracle_rm_name(rm) : "-",
          ops[op].name);
  for (int i = 0; i < ops[op].arity; i++)
    fprintf(stderr, " %s", fer_oracle_hex(h[i], f, x[i]));
  if (op == OP_CMP || op == OP_CLASS)
    fprintf(stderr, ": ferret %s mpfr %s\n", fer_oracle_hex(g, (fer_fmt){64, 64}, got),
            fer_oracle_hex(w, (fer_fmt){64, 64}, want));
  else
    fprintf(stderr, ": ferret %s mpfr %s\n", fer_oracle_hex(g, f, got),
            fer_oracle_hex(w, f, want));
}

/* One operation over every format and rounding mode. */
static void check_op(op_id op) {
  uint64_t n = random_cases(), total = 0;
  uint64_t seed = env_u64("FERRET_FP_SEED", 20240601);
  clock_t t0 = clock();
  mpfr_t a, b, c, t;
  mpfr_inits2(FER_ORACLE_PREC, a, b, c, t, (mpfr_ptr)0);
  for (unsigned fi = 0; fi < NFORMATS; fi++) {
    fer_fmt f = formats[fi].f;
    fer_u128 e[MAX_EDGES];
    unsigned ne = edges(f, e);
    unsigned bits = f.eb + f.sb;
    /* tiny formats: every operand combination (arity <= 2) */
    bool exhaustive = bits <= 8 && ops[op].arity <= 2;
    uint64_t nall = exhaustive ? (uint64_t)1 << (bits * (unsigned)ops[op].arity) : 0;
    /* edge combinations; fma uses the first 24 edges (12 values x sign) */
    unsigned ne3 = ne < 24 ? ne : 24;
    uint64_t nedge = ops[op].arity == 1 ? ne : ops[op].arity == 2 ? (uint64_t)ne * ne
                                                                  : (uint64_t)ne3 * ne3 * ne3;
    for (int rmi = 0; rmi < (ops[op].rm ? 5 : 1); rmi++) {
      fer_rm rm = (fer_rm)rmi;
      rng r = {seed ^ (op * 0x1000193ULL + fi * 0x100ULL + (uint64_t)rmi)};
      unsigned fails = 0;
      uint64_t cases = (exhaustive ? nall : nedge) + n;
      for (uint64_t i = 0; i < cases; i++) {
        fer_u128 x[3];
        if (exhaustive && i < nall) {
          x[0] = (fer_u128)(i & mask(bits));
          x[1] = (fer_u128)(i >> bits);
          x[2] = 0;
        } else if (!exhaustive && i < nedge) {
          if (ops[op].arity == 3) {
            x[0] = e[i % ne3];
            x[1] = e[i / ne3 % ne3];
            x[2] = e[i / ne3 / ne3];
          } else {
            x[0] = e[i % ne];
            x[1] = e[i / ne % ne];
            x[2] = 0;
          }
        } else {
          gen(&r, f, op, x);
        }
        fer_u128 got = run_ferret(op, f, rm, x);
        fer_u128 want = run_oracle(op, f, rm, x, a, b, c, t);
        if (got != want) {
          fer_test_failures++;
          if (++fails <= 10) report(f, formats[fi].name, rm, op, x, got, want);
        }
      }
      total += cases;
    }
  }
  mpfr_clears(a, b, c, t, (mpfr_ptr)0);
  fprintf(stderr, "  %s: %llu cases (%llu random per format x rm), %.1f s\n",
          ops[op].name, (unsigned long long)total, (unsigned long long)n,
          (double)(clock() - t0) / CLOCKS_PER_SEC);
}

TEST(fp_arith_mpfr_add) { check_op(OP_ADD); }
TEST(fp_arith_mpfr_sub) { check_op(OP_SUB); }
TEST(fp_arith_mpfr_mul) { check_op(OP_MUL); }
TEST(fp_arith_mpfr_div) { check_op(OP_DIV); }
TEST(fp_arith_mpfr_fma) { check_op(OP_FMA); }
TEST(fp_arith_mpfr_sqrt) { check_op(OP_SQRT); }
TEST(fp_arith_mpfr_rem) { check_op(OP_REM); }
TEST(fp_arith_mpfr_rti) { check_op(OP_RTI); }
TEST(fp_arith_mpfr_min) { check_op(OP_MIN); }
TEST(fp_arith_mpfr_max) { check_op(OP_MAX); }
TEST(fp_arith_mpfr_cmp) { check_op(OP_CMP); }
TEST(fp_arith_mpfr_class) { check_op(OP_CLASS); }
TEST(fp_arith_mpfr_abs) { check_op(OP_ABS); }
TEST(fp_arith_mpfr_neg) { check_op(OP_NEG); }

/* ---- fer_fp_round against the oracle ---- */

static int cb_set_q(mpfr_ptr r, void *p, mpfr_rnd_t d) { return mpfr_set(r, (mpfr_ptr)p, d); }

/* Random (sign, exp, sig, sticky) inputs covering normal, subnormal,
 * overflow and far-underflow ranges; a sticky input is represented in MPFR
 * as sig*2^exp + 2^(exp-8) (any value strictly between sig and sig+1 units
 * rounds the same under fer_fp_round's contract, which the generator
 * respects: sticky only with a bit below the rounding position). */
TEST(fp_arith_round_core) {
  uint64_t n = random_cases();
  rng r = {env_u64("FERRET_FP_SEED", 20240601) ^ 0x5eed};
  mpfr_t v;
  mpfr_init2(v, 300);
  uint64_t total = 0;
  for (unsigned fi = 0; fi < NFORMATS; fi++) {
    fer_fmt f = formats[fi].f;
    int64_t qmin = 1 - bias(f) - (int64_t)(f.sb - 1), emaxv = bias(f);
    for (int rmi = 0; rmi < 5; rmi++) {
      fer_rm rm = (fer_rm)rmi;
      unsigned fails = 0;
      for (uint64_t i = 0; i < n; i++) {
        unsigned nb = 1 + (unsigned)below(&r, 128);
        fer_u128 sig = rnd128(&r) & mask(nb);
        if (below(&r, 4) == 0) sig |= mask((unsigned)below(&r, nb)); /* runs of ones */
        sig |= (fer_u128)1 << (nb - 1);
        int64_t top; /* exponent of the leading bit */
        switch (below(&r, 4)) {
        case 0: top = qmin - 3 + (int64_t)below(&r, f.sb + 6); break;
        case 1: top = emaxv - 2 + (int64_t)below(&r, 5); break;
        case 2: top = qmin - 140 + (int64_t)below(&r, (uint64_t)(emaxv - qmin + 300)); break;
        default: top = (int64_t)below(&r, 2 * f.sb) - (int64_t)f.sb; break;
        }
        int64_t exp = top - (nb - 1);
        if (exp < INT32_MIN || exp > INT32_MAX) continue;
        int64_t q = top - (int64_t)(f.sb - 1) < qmin ? qmin : top - (int64_t)(f.sb - 1);
        bool sticky = below(&r, 2) && q > exp; /* contract: a bit below */
        bool sign = below(&r, 2);
        fer_u128 got = fer_fp_round(f, rm, sign, (int32_t)exp, sig, sticky);
        uint64_t limbs[2] = {(uint64_t)sig, (uint64_t)(sig >> 64)};
        mpz_t z;
        mpz_init(z);
        mpz_import(z, 2, -1, 8, 0, 0, limbs);
        if (sticky) {
          mpz_mul_2exp(z, z, 8);
          mpz_add_ui(z, z, 1);
        }
        fer_oracle_wide_range();
        mpfr_set_z_2exp(v, z, (mpfr_exp_t)(exp - (sticky ? 8 : 0)), MPFR_RNDN); /* exact */
        mpz_clear(z);
        if (sign) mpfr_neg(v, v, MPFR_RNDN);
        fer_u128 want = fer_oracle_round(f, rm, cb_set_q, v);
        total++;
        if (got != want) {
          fer_test_failures++;
          char h1[40], h2[40], h3[40];
          if (++fails <= 10)
            fprintf(stderr, "fp mismatch: %s %s fer_fp_round sign %d exp %lld sig %s%s sticky %d: ferret %s mpfr %s\n",
                    formats[fi].name, fer_oracle_rm_name(rm), sign, (long long)exp,
                    fer_oracle_hex(h1, (fer_fmt){64, 64}, sig >> 64),
                    fer_oracle_hex(h2, (fer_fmt){64, 64}, sig) + 2, sticky,
                    fer_oracle_hex(h3, f, got), fer_oracle_hex(h1, f, want));
        }
      }
    }
  }
  mpfr_clear(v);
  fprintf(stderr, "  fer_fp_round: %llu cases\n", (unsigned long long)total);
}

/* ---- hardware fast paths against the generic code ---- */

#if defined(__x86_64__) && defined(__SSE2__)
#include <fenv.h>
#include <xmmintrin.h>
#define MXCSR_RC_SHIFT 13 /* 00 nearest, 01 down, 10 up, 11 toward zero */
#define MXCSR_FTZ_DAZ 0x8040u
#define N_ENVS 5
/* Environment e: 0 the default, 1-3 the directed rounding modes, 4 nearest
 * with flush-to-zero and denormals-are-zero.  The fast paths must notice
 * and give the same bits as the generic code in every one. */
static unsigned set_env(int e) {
  unsigned old = _mm_getcsr();
  unsigned csr = old & ~(3u << MXCSR_RC_SHIFT) & ~MXCSR_FTZ_DAZ;
  if (e >= 1 && e <= 3) csr |= (unsigned)e << MXCSR_RC_SHIFT;
  if (e == 4) csr |= MXCSR_FTZ_DAZ;
  _mm_setcsr(csr);
  return old;
}
static void restore_env(unsigned old) { _mm_setcsr(old); }
#else
#define N_ENVS 1
static unsigned set_env(int e) { (void)e; return 0; }
static void restore_env(unsigned old) { (void)old; }
#endif

/* The operand pair i of a hardware-vs-generic test: edges x edges first,
 * then random operands shaped for add/sub/mul/div/sqrt in turn. */
static void hw_operands(rng *r, fer_fmt f, const fer_u128 *e, unsigned ne,
                        uint64_t i, fer_u128 x[3]) {
  if (i < (uint64_t)ne * ne) {
    x[0] = e[i % ne];
    x[1] = e[i / ne];
  } else {
    static const op_id shape[5] = {OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_SQRT};
    gen(r, f, shape[i % 5], x);
  }
}
/* add/sub/mul/div/sqrt under RNE: the library entry points (which take
 * the hardware when they can) or the generic code alone. */
static const op_id hw_ops[5] = {OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_SQRT};
static void rne_ops(fer_fmt f, const fer_u128 x[3], bool soft, fer_u128 o[5]) {
  if (soft) {
    o[0] = fer_fp_add_soft(f, FER_RNE, x[0], x[1], false);
    o[1] = fer_fp_add_soft(f, FER_RNE, x[0], x[1], true);
    o[2] = fer_fp_mul_soft(f, FER_RNE, x[0], x[1]);
    o[3] = fer_fp_div_soft(f, FER_RNE, x[0], x[1]);
    o[4] = fer_fp_sqrt_soft(f, FER_RNE, x[0]);
  } else {
    o[0] = fer_fp_add(f, FER_RNE, x[0], x[1]);
    o[1] = fer_fp_sub(f, FER_RNE, x[0], x[1]);
    o[2] = fer_fp_mul(f, FER_RNE, x[0], x[1]);
    o[3] = fer_fp_div(f, FER_RNE, x[0], x[1]);
    o[4] = fer_fp_sqrt(f, FER_RNE, x[0]);
  }
}

/* Float32/Float64 under RNE use the hardware; the generic code must give
 * the same bits (and is itself checked against MPFR for every other
 * format/mode above).  Operands: edges x edges, then random values from the
 * same biased generators; in the default floating-point environment and,
 * with a fifth of the cases each, under every other MXCSR rounding mode and
 * under FTZ|DAZ. */
TEST(fp_arith_hw_vs_soft) {
  static const fer_fmt hw[] = {{8, 24}, {11, 53}};
  uint64_t n = env_u64("FERRET_FP_HW_CASES", fer_test_quick ? 100000 : 1000000);
  rng r = {env_u64("FERRET_FP_SEED", 20240601) ^ 0x4a4a};
  uint64_t total = 0;
  for (int env = 0; env < N_ENVS; env++) {
    uint64_t ne_cases = env ? n / 5 : n;
    for (unsigned fi = 0; fi < 2; fi++) {
      fer_fmt f = hw[fi];
      fer_u128 e[MAX_EDGES];
      unsigned ne = edges(f, e), fails = 0;
      for (uint64_t i = 0; i < ne_cases + (uint64_t)ne * ne; i++) {
        fer_u128 x[3], got[5], want[5];
        hw_operands(&r, f, e, ne, i, x);
        unsigned saved = set_env(env);
        rne_ops(f, x, false, got);
        rne_ops(f, x, true, want);
        /* the other fast paths: fma under RNE, add/sub/mul under the
         * directed modes and RNA (hardware result + exact error term) */
        fer_rm drm = (fer_rm)(1 + (i / 5) % 4);
        fer_u128 z = e[(i * 7) % ne]; /* fma addend: an edge value */
        /* sqrt: a positive operand for 3 cases in 4 (it is x[0] itself
         * in the RNE comparison below, negative half of the time) */
        fer_u128 sq = i % 4 ? x[0] & ~sign_bit(f) : x[0];
        fer_u128 got2[6] = {fer_fp_fma(f, FER_RNE, x[0], x[1], z),
                            fer_fp_add(f, drm, x[0], x[1]),
                            fer_fp_sub(f, drm, x[0], x[1]),
                            fer_fp_mul(f, drm, x[0], x[1]),
                            fer_fp_div(f, drm, x[0], x[1]),
                            fer_fp_sqrt(f, drm, sq)};
        restore_env(saved);
        fer_u128 want2[6] = {fer_fp_fma_soft(f, FER_RNE, x[0], x[1], z),
                             fer_fp_add_soft(f, drm, x[0], x[1], false),
                             fer_fp_add_soft(f, drm, x[0], x[1], true),
                             fer_fp_mul_soft(f, drm, x[0], x[1]),
                             fer_fp_div_soft(f, drm, x[0], x[1]),
                             fer_fp_sqrt_soft(f, drm, sq)};
        static const op_id which2[6] = {OP_FMA, OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_SQRT};
        for (int k = 0; k < 6; k++) {
          total++;
          if (got2[k] != want2[k]) {
            fer_test_failures++;
            if (++fails <= 10) {
              fprintf(stderr, "(MXCSR environment %d, %s) ", env,
                      k ? "directed" : "fma");
              report(f, fi ? "Float64(hw)" : "Float32(hw)", k ? drm : FER_RNE, which2[k],
                     k == 0 ? (fer_u128[3]){x[0], x[1], z} : k == 5 ? (fer_u128[3]){sq, 0, 0} : x,
                     got2[k], want2[k]);
            }
          }
        }
        for (int k = 0; k < 5; k++) {
          total++;
          if (got[k] != want[k]) {
            fer_test_failures++;
            if (++fails <= 10) {
              fprintf(stderr, "(MXCSR environment %d) ", env);
              report(f, fi ? "Float64(hw)" : "Float32(hw)", FER_RNE, hw_ops[k], x, got[k], want[k]);
            }
          }
        }
      }
    }
  }
  fprintf(stderr, "  hardware vs generic: %llu comparisons\n", (unsigned long long)total);
}

/* (15,64) under RNE takes the x87 (fp/hw.h); the generic code must
 * give the same bits: edges x edges, then random operands, in the default
 * x87 control word and with the rounding control set to down, up and
 * toward zero, and the precision control to 53 bits (where the probe must
 * refuse the x87: the generic code answers). */
#if defined(__x86_64__) && defined(__GNUC__)
static unsigned short x87_set_cw(int e) {
  unsigned short old, cw;
  __asm__ volatile("fnstcw %0" : "=m"(old));
  cw = old & ~0x0f00u; /* precision control 11 = 64 bits, rounding 00 */
  cw |= 0x0300u;
  if (e >= 1 && e <= 3) cw |= (unsigned short)(e << 10); /* down, up, zero */
  if (e == 4) cw &= ~0x0100u; /* precision control 10 = 53 bits */
  __asm__ volatile("fldcw %0" : : "m"(cw));
  return old;
}
static void x87_restore_cw(unsigned short old) { __asm__ volatile("fldcw %0" : : "m"(old)); }
#define X87_ENVS 5
#else
static unsigned short x87_set_cw(int e) { (void)e; return 0; }
static void x87_restore_cw(unsigned short old) { (void)old; }
#define X87_ENVS 1
#endif
TEST(fp_arith_x87_vs_soft) {
  const fer_fmt f = {15, 64};
  uint64_t n = env_u64("FERRET_FP_HW_CASES", fer_test_quick ? 100000 : 1000000);
  rng r = {env_u64("FERRET_FP_SEED", 20240601) ^ 0x8787};
  fer_u128 e[MAX_EDGES];
  unsigned ne = edges(f, e), fails = 0;
  uint64_t total = 0;
  for (int env = 0; env < X87_ENVS; env++) {
    uint64_t cases = env ? n / 5 : n;
    for (uint64_t i = 0; i < cases + (uint64_t)ne * ne; i++) {
      fer_u128 x[3], got[5], want[5];
      hw_operands(&r, f, e, ne, i, x);
      unsigned short saved = x87_set_cw(env);
      rne_ops(f, x, false, got);
      x87_restore_cw(saved);
      rne_ops(f, x, true, want);
      for (int k = 0; k < 5; k++) {
        total++;
        if (got[k] == want[k]) continue;
        fer_test_failures++;
        if (++fails <= 10) {
          fprintf(stderr, "(x87 environment %d) ", env);
          report(f, "FP(15,64)(x87)", FER_RNE, hw_ops[k], x, got[k], want[k]);
        }
      }
    }
  }
  fprintf(stderr, "  x87 vs generic: %llu comparisons\n", (unsigned long long)total);
}

/* sqrt of the formats that are not on 64-bit words, with sb <= 113, takes
 * the multiplication path of sqrt.c (two Heron steps from a double root,
 * then an exact remainder); the integer square root of the generic code
 * (fer_fp_sqrt_soft) must give the same bits, in all five modes.  Formats:
 * those of the MPFR tests that take the path and a few more (tiny exponent
 * ranges with subnormal roots, sb 35 and 112, the widest sb 113 with eb 2).
 * Operands: the edges, every subnormal and normal significand that is one
 * bit or a run of ones, then the sqrt generator's (perfect squares and
 * their neighbours, roots near rounding midpoints, structured random).
 * The path's estimate uses double arithmetic, so the library runs in each
 * MXCSR environment of fp_arith_hw_vs_soft in turn (directed rounding,
 * FTZ|DAZ): the result must not change. */
TEST(fp_arith_sqrt_wide_vs_soft) {
  static const fer_fmt fs[] = {{15, 113}, {15, 64}, {11, 64}, {4, 63}, {6, 65},
                               {30, 98}, {3, 100}, {2, 113}, {30, 35}, {15, 112},
                               {20, 80}, {8, 70}};
  uint64_t n = env_u64("FERRET_FP_HW_CASES", fer_test_quick ? 100000 : 1000000) / 5;
  rng r = {env_u64("FERRET_FP_SEED", 20240601) ^ 0x5a5a};
  uint64_t total = 0;
  for (unsigned fi = 0; fi < sizeof fs / sizeof fs[0]; fi++) {
    fer_fmt f = fs[fi];
    fer_u128 e[MAX_EDGES];
    unsigned ne = edges(f, e), fails = 0, nbits = 4 * f.sb;
    uint64_t em = emax_field(f);
    for (uint64_t i = 0; i < ne + nbits + n; i++) {
      fer_u128 x[3];
      if (i < ne) {
        x[0] = e[i];
      } else if (i < ne + nbits) { /* 1 << k and 2^(k+1) - 1, subnormal
                                      (k < sb-1) and with a random field */
        unsigned k = (unsigned)(i - ne) % f.sb, kind = (unsigned)(i - ne) / f.sb;
        fer_u128 frac = kind & 1 ? mask(k + 1) : (fer_u128)1 << k;
        x[0] = kind < 2 ? frac & mask(f.sb - 1)
                        : mk(f, 0, 1 + below(&r, em - 1), frac);
      } else {
        gen(&r, f, OP_SQRT, x);
      }
      fer_u128 got[5];
      unsigned saved = set_env((int)(i % N_ENVS)); /* see the comment above */
      for (int rmi = 0; rmi < 5; rmi++) got[rmi] = fer_fp_sqrt(f, (fer_rm)rmi, x[0]);
      restore_env(saved);
      for (int rmi = 0; rmi < 5; rmi++) {
        fer_u128 want = fer_fp_sqrt_soft(f, (fer_rm)rmi, x[0]);
        total++;
        if (got[rmi] != want) {
          fer_test_failures++;
          if (++fails <= 10) {
            char name[32];
            snprintf(name, sizeof name, "FP(%u,%u)", f.eb, f.sb);
            fprintf(stderr, "(MXCSR environment %d) ", (int)(i % N_ENVS));
            report(f, name, (fer_rm)rmi, OP_SQRT, x, got[rmi], want);
          }
        }
      }
    }
  }
  fprintf(stderr, "  sqrt wide vs generic: %llu comparisons\n", (unsigned long long)total);
}

/* roundToIntegral on the bit pattern (formats of at most 64 bits, eb >= 3,
 * and wider ones with sb <= 64) against the unpacking code: every pattern
 * of the small formats, edges and random values of the others, all five
 * modes. */
TEST(fp_arith_rti_bits_vs_soft) {
  static const fer_fmt fs[] = {{3, 2}, {3, 5}, {4, 4}, {5, 11}, {8, 8}, {8, 24},
                               {11, 53}, {4, 60}, {2, 62}, {11, 64}, {3, 61},
                               {15, 64}, {30, 64}, {20, 40}, {3, 64}, {15, 113}};
  uint64_t n = env_u64("FERRET_FP_HW_CASES", fer_test_quick ? 100000 : 1000000);
  rng r = {env_u64("FERRET_FP_SEED", 20240601) ^ 0x7717};
  uint64_t total = 0;
  for (unsigned fi = 0; fi < sizeof fs / sizeof fs[0]; fi++) {
    fer_fmt f = fs[fi];
    fer_u128 e[MAX_EDGES];
    unsigned ne = edges(f, e), fails = 0, bits = f.eb + f.sb;
    uint64_t nall = bits <= 16 ? (uint64_t)1 << bits : 0;
    uint64_t cases = nall ? nall : ne + n / 4;
    for (uint64_t i = 0; i < cases; i++) {
      fer_u128 x[3];
      if (nall) x[0] = i;
      else if (i < ne) x[0] = e[i];
      else gen(&r, f, below(&r, 2) ? OP_RTI : OP_MUL, x);
      for (int rmi = 0; rmi < 5; rmi++) {
        fer_u128 got = fer_fp_rti(f, (fer_rm)rmi, x[0]);
        fer_u128 want = fer_fp_rti_soft(f, (fer_rm)rmi, x[0]);
        total++;
        if (got != want) {
          fer_test_failures++;
          if (++fails <= 10) {
            char name[32];
            snprintf(name, sizeof name, "FP(%u,%u)", f.eb, f.sb);
            report(f, name, (fer_rm)rmi, OP_RTI, x, got, want);
          }
        }
      }
    }
  }
  fprintf(stderr, "  rti bits vs unpacking: %llu comparisons\n", (unsigned long long)total);
}

/* ---- hand-derived facts ---- */

static const fer_fmt H = {5, 11}; /* Float16: bias 15, 10 fraction bits */

TEST(fp_arith_facts_float16) {
  /* 1 = 0x3c00, 2^-11 = 0x1000 (exp 4): 1 + 2^-11 is a tie */
  CHECK(fer_fp_add(H, FER_RNE, 0x3c00, 0x1000) == 0x3c00);
  CHECK(fer_fp_add(H, FER_RTP, 0x3c00, 0x1000) == 0x3c01);
  CHECK(fer_fp_add(H, FER_RNA, 0x3c00, 0x1000) == 0x3c01);
  CHECK(fer_fp_add(H, FER_RTZ, 0x3c00, 0x1000) == 0x3c00);
  CHECK(fer_fp_add(H, FER_RTN, 0x3c00, 0x1000) == 0x3c00);
  CHECK(fer_fp_add(H, FER_RNA, 0xbc00, 0x9000) == 0xbc01); /* -(1+2^-11) */
  CHECK(fer_fp_add(H, FER_RTN, 0xbc00, 0x9000) == 0xbc01);
  /* 1 + 3*2^-11 (0x1600): tie between 0x3c01 (odd) and 0x3c02 */
  CHECK(fer_fp_add(H, FER_RNE, 0x3c00, 0x1600) == 0x3c02);
  CHECK(fer_fp_add(H, FER_RNA, 0x3c00, 0x1600) == 0x3c02);
  CHECK(fer_fp_add(H, FER_RTZ, 0x3c00, 0x1600) == 0x3c01);
  /* signs of zero */
  for (int rm = 0; rm < 5; rm++) {
    fer_u128 z = rm == FER_RTN ? 0x8000 : 0x0000;
    CHECK(fer_fp_add(H, (fer_rm)rm, 0x3c00, 0xbc00) == z);   /* 1 + -1 */
    CHECK(fer_fp_sub(H, (fer_rm)rm, 0x3c00, 0x3c00) == z);   /* 1 - 1 */
    CHECK(fer_fp_add(H, (fer_rm)rm, 0x0000, 0x8000) == z);   /* +0 + -0 */
    CHECK(fer_fp_add(H, (fer_rm)rm, 0x8000, 0x8000) == 0x8000);
    CHECK(fer_fp_sub(H, (fer_rm)rm, 0x8000, 0x0000) == 0x8000); /* -0 - +0 */
    CHECK(fer_fp_fma(H, (fer_rm)rm, 0x3c00, 0xbc00, 0x3c00) == z); /* 1*-1+1 */
    CHECK(fer_fp_fma(H, (fer_rm)rm, 0x0000, 0x3c00, 0x8000) == z); /* +0*1 + -0 */
    CHECK(fer_fp_fma(H, (fer_rm)rm, 0x8000, 0x3c00, 0x8000) == 0x8000);
    CHECK(fer_fp_sqrt(H, (fer_rm)rm, 0x8000) == 0x8000);        /* sqrt(-0) */
    CHECK(fer_fp_sqrt(H, (fer_rm)rm, 0xbc00) == 0x7e00);        /* sqrt(-1) */
    CHECK(fer_fp_rti(H, (fer_rm)rm, 0x8000) == 0x8000);
    CHECK(fer_fp_mul(H, (fer_rm)rm, 0x8000, 0x3c00) == 0x8000); /* -0 * 1 */
  }
  /* roundToIntegral: -0.3 (0xb4cd) -> -0; 0.5 = 0x3800; 2.5 = 0x4100 */
  CHECK(fer_fp_rti(H, FER_RNE, 0xb4cd) == 0x8000);
  CHECK(fer_fp_rti(H, FER_RTZ, 0xb4cd) == 0x8000);
  CHECK(fer_fp_rti(H, FER_RTP, 0xb4cd) == 0x8000);
  CHECK(fer_fp_rti(H, FER_RTN, 0xb4cd) == 0xbc00);
  CHECK(fer_fp_rti(H, FER_RNE, 0xb800) == 0x8000); /* -0.5 -> -0 */
  CHECK(fer_fp_rti(H, FER_RNA, 0x3800) == 0x3c00); /* 0.5 -> 1 */
  CHECK(fer_fp_rti(H, FER_RNE, 0x4100) == 0x4000); /* 2.5 -> 2 */
  CHECK(fer_fp_rti(H, FER_RNA, 0x4100) == 0x4200); /* 2.5 -> 3 */
  CHECK(fer_fp_rti(H, FER_RTP, 0xc100) == 0xc000); /* -2.5 -> -2 */
  CHECK(fer_fp_rti(H, FER_RTN, 0xc100) == 0xc200); /* -2.5 -> -3 */
  /* rem: 5 = 0x4500, 2 = 0x4000, 7 = 0x4700, 4 = 0x4400 */
  CHECK(fer_fp_rem(H, 0x4500, 0x4000) == 0x3c00); /* 5/2 = 2.5 -> n=2: 1 */
  CHECK(fer_fp_rem(H, 0x4700, 0x4000) == 0xbc00); /* 7/2 = 3.5 -> n=4: -1 */
  CHECK(fer_fp_rem(H, 0xc400, 0x4000) == 0x8000); /* -4 rem 2 = -0 */
  CHECK(fer_fp_rem(H, 0x3c00, 0x0000) == 0x7e00); /* x rem 0 = NaN */
  CHECK(fer_fp_rem(H, 0x7c00, 0x3c00) == 0x7e00); /* inf rem 1 = NaN */
  CHECK(fer_fp_rem(H, 0x3c00, 0x7c00) == 0x3c00); /* 1 rem inf = 1 */
  /* fma rounds once: (1+2^-10)(1-2^-11) - 1 = 2^-11 - 2^-21 = 0x0ffe, while
   * mul then add gives 0 */
  CHECK(fer_fp_fma(H, FER_RNE, 0x3c01, 0x3bff, 0xbc00) == 0x0ffe);
  CHECK(fer_fp_add(H, FER_RNE, fer_fp_mul(H, FER_RNE, 0x3c01, 0x3bff), 0xbc00) == 0);
  /* overflow: max (0x7bff) * 2 */
  CHECK(fer_fp_mul(H, FER_RNE, 0x7bff, 0x4000) == 0x7c00);
  CHECK(fer_fp_mul(H, FER_RNA, 0x7bff, 0x4000) == 0x7c00);
  CHECK(fer_fp_mul(H, FER_RTZ, 0x7bff, 0x4000) == 0x7bff);
  CHECK(fer_fp_mul(H, FER_RTN, 0x7bff, 0x4000) == 0x7bff);
  CHECK(fer_fp_mul(H, FER_RTP, 0x7bff, 0x4000) == 0x7c00);
  CHECK(fer_fp_mul(H, FER_RTP, 0xfbff, 0x4000) == 0xfbff);
  CHECK(fer_fp_mul(H, FER_RTN, 0xfbff, 0x4000) == 0xfc00);
  /* gradual underflow: min subnormal * 0.5 is a tie with 0 */
  CHECK(fer_fp_mul(H, FER_RNE, 0x0001, 0x3800) == 0x0000);
  CHECK(fer_fp_mul(H, FER_RNA, 0x0001, 0x3800) == 0x0001);
  CHECK(fer_fp_mul(H, FER_RTP, 0x0001, 0x3800) == 0x0001);
  CHECK(fer_fp_mul(H, FER_RNE, 0x8001, 0x3800) == 0x8000);
  CHECK(fer_fp_mul(H, FER_RNE, 0x0003, 0x3800) == 0x0002); /* 1.5 units -> 2 */
  CHECK(fer_fp_div(H, FER_RNE, 0x0400, 0x4000) == 0x0200); /* min normal / 2 */
  /* division */
  CHECK(fer_fp_div(H, FER_RNE, 0x3c00, 0x4200) == 0x3555); /* 1/3 */
  CHECK(fer_fp_div(H, FER_RTP, 0x3c00, 0x4200) == 0x3556);
  CHECK(fer_fp_div(H, FER_RNE, 0x3c00, 0x0000) == 0x7c00);
  CHECK(fer_fp_div(H, FER_RNE, 0x3c00, 0x8000) == 0xfc00);
  CHECK(fer_fp_div(H, FER_RNE, 0x0000, 0x0000) == 0x7e00);
  CHECK(fer_fp_div(H, FER_RNE, 0x7c00, 0x7c00) == 0x7e00);
  CHECK(fer_fp_mul(H, FER_RNE, 0x7c00, 0x0000) == 0x7e00);
  CHECK(fer_fp_sub(H, FER_RNE, 0x7c00, 0x7c00) == 0x7e00);
  CHECK(fer_fp_sqrt(H, FER_RNE, 0x4400) == 0x4000); /* sqrt(4) = 2 */
  CHECK(fer_fp_sqrt(H, FER_RNE, 0x7c00) == 0x7c00);
  /* min/max (ferret's documented choice for zeros) and NaN operands */
  CHECK(fer_fp_min(H, 0x0000, 0x8000) == 0x8000);
  CHECK(fer_fp_min(H, 0x8000, 0x0000) == 0x8000);
  CHECK(fer_fp_max(H, 0x0000, 0x8000) == 0x0000);
  CHECK(fer_fp_max(H, 0x8000, 0x0000) == 0x0000);
  CHECK(fer_fp_min(H, 0x7e01, 0x3c00) == 0x3c00);
  CHECK(fer_fp_max(H, 0xbc00, 0xfe00) == 0xbc00);
  CHECK(fer_fp_min(H, 0x7c01, 0xfe00) == 0x7e00);
  CHECK(fer_fp_min(H, 0xbc00, 0x3c00) == 0xbc00);
  /* comparisons */
  CHECK(fer_fp_eq(H, 0x0000, 0x8000) && !fer_fp_smt_eq(H, 0x0000, 0x8000));
  CHECK(!fer_fp_eq(H, 0x7e00, 0x7e00) && fer_fp_smt_eq(H, 0x7e00, 0xfc01));
  CHECK(fer_fp_leq(H, 0x8000, 0x0000) && !fer_fp_lt(H, 0x8000, 0x0000));
  CHECK(fer_fp_lt(H, 0xfc00, 0xfbff) && fer_fp_lt(H, 0x7bff, 0x7c00));
  CHECK(!fer_fp_leq(H, 0x7e00, 0x7c00) && !fer_fp_lt(H, 0x3c00, 0x7e00));
  CHECK(fer_fp_lt(H, 0xbc00, 0x8001) && !fer_fp_lt(H, 0x8001, 0xbc00));
  /* constants, (fp s e m), canon */
  CHECK(fer_fp_nan(H) == 0x7e00 && fer_fp_inf(H, true) == 0xfc00);
  CHECK(fer_fp_zero(H, true) == 0x8000);
  CHECK(fer_fp_make(H, 0, 0x1f, 1) == 0x7e00);
  CHECK(fer_fp_make(H, 1, 0x0f, 0x200) == 0xbe00); /* -1.5 */
  CHECK(fer_fp_canon(H, 0xfd00) == 0x7e00 && fer_fp_canon(H, 0xfc00) == 0xfc00);
  CHECK(fer_fp_abs(H, 0xfc01) == 0x7e00 && fer_fp_neg(H, 0x7c01) == 0x7e00);
  CHECK(fer_fp_is_subnormal(H, 0x83ff) && !fer_fp_is_subnormal(H, 0x8000));
  CHECK(fer_fp_is_normal(H, 0x0400) && !fer_fp_is_normal(H, 0x7c00));
  CHECK(!fer_fp_is_negative(H, 0xfe00) && !fer_fp_is_positive(H, 0x7e00));
  CHECK(fer_fp_is_negative(H, 0x8000) && fer_fp_is_positive(H, 0x0000));
}

/* 1/3 in the binary formats: 0.010101...b rounded at the last fraction
 * bit; the next bits decide: Float32 (23 bits) rounds up (...01|1010..),
 * Float64 (52) and Float128 (112) round down (...0101|0101..). */
TEST(fp_arith_facts_third) {
  const fer_fmt f32 = {8, 24}, f64 = {11, 53}, f128 = {15, 113};
  for (int rm = 0; rm < 5; rm++) {
    bool up = rm == FER_RTP;
    fer_u128 one32 = 0x3f800000, three32 = 0x40400000;
    fer_u128 q32 = fer_fp_div(f32, (fer_rm)rm, one32, three32);
    CHECK(q32 == ((rm == FER_RNE || rm == FER_RNA || up) ? 0x3eaaaaab : 0x3eaaaaaa));
    fer_u128 q64 = fer_fp_div(f64, (fer_rm)rm, 0x3ff0000000000000, 0x4008000000000000);
    CHECK(q64 == (up ? 0x3fd5555555555556 : 0x3fd5555555555555));
    fer_u128 one128 = (fer_u128)0x3fff << 112, three128 = (fer_u128)0x40008 << 108;
    fer_u128 third = ((fer_u128)0x3ffd555555555555 << 64) | 0x5555555555555555;
    CHECK(fer_fp_div(f128, (fer_rm)rm, one128, three128) == third + up);
  }
  /* sqrt(2) in Float64 is 0x3ff6a09e667f3bcd (IEEE, RNE) */
  CHECK(fer_fp_sqrt(f64, FER_RNE, 0x4000000000000000) == 0x3ff6a09e667f3bcd);
  CHECK(fer_fp_sqrt_soft(f64, FER_RTP, 0x4000000000000000) == 0x3ff6a09e667f3bcd);
  CHECK(fer_fp_sqrt_soft(f64, FER_RTZ, 0x4000000000000000) == 0x3ff6a09e667f3bcc);
}
