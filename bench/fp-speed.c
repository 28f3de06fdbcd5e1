/* FP semantics speed: nanoseconds per operation of src/fp beside native
 * hardware (float/double/x87 long double) and MPFR, measured in one run of
 * one binary.  Formats: Float32, Float64, (15,64) whose native contender is
 * the x87 80-bit long double (same exponent range, 64-bit significand with
 * an explicit integer bit; Linux runs the x87 with precision control =
 * extended, so each operation rounds once to that format), and Float128,
 * which has no hardware: its "native" column is GCC's software
 * __float128 (libgcc soft-fp and libquadmath), for reference.
 *
 * Contenders per operation:
 *   ferret     the library entry point of fp.h (out-of-line call);
 *   inline     the static inline fast path of fp/fast.h the compiled
 *              evaluator runs inside a search (prog.c): under the standard
 *              MXCSR that the search sets (fer_env_enter, FER_ENV_STD);
 *              Float32/Float64 add/sub/mul/div under RNE and the
 *              comparisons through the entry points of the specialised
 *              opcodes (FADD64, FLEQ32, ...: chosen when compiling, so
 *              here by the row's format, outside the loop); every other
 *              operation called as prog.c calls it, with format and
 *              rounding mode loaded per call from memory (the instruction
 *              and the register file there; arrays here, so the compiler
 *              cannot specialise the loop on them).  For operations or
 *              formats without a fast path it is the library call plus
 *              the format test;
 *   native     the C operator or libm function on float/double/long double;
 *   MPFR       mpfr_t operands prepared before timing (see below);
 *   MPFR+conv  MPFR used as an evaluator on bit patterns, as a solver
 *              would: operands converted bits -> mpfr_t (mpfr_set_flt /
 *              set_d / set_ld / set_float128, exact), the operation with
 *              mpfr_subnormalize, the result converted back (get_*).
 *
 *   bench/fp-speed.sh            builds libferret (-O2) and this file, runs
 *   fp-speed [ms-per-cell]       default 100 ms of measuring per cell
 *
 * Method: for each format, N pre-generated random operands (same bit
 * patterns for all three contenders: normal numbers of random sign,
 * exponent within +-20 of the bias, random significand; |x| for sqrt;
 * integers below 2^40 for fp.to_sbv).  Each cell loops over the operand
 * arrays storing every result through a volatile pointer (so nothing is
 * hoisted or vectorised: scalar throughput is measured, for all three
 * alike) for about ms/4..ms/2 per timed run; the three contenders run
 * interleaved, 7 rounds, and each keeps its best round (noise from other
 * processes only ever adds time).
 * The whole run is under fer_env_enter (the MXCSR it sets is Linux's
 * default, so the other contenders run as they would anyway); the
 * "inline" column's environment flag is read in the outer loop of every
 * contender alike (one per 4096 iterations: noise).
 * MPFR works on mpfr_t values prepared before timing (at the format's
 * precision, exponent range set, mpfr_subnormalize after each rounding
 * operation as IEEE emulation requires), so its figures leave out the
 * bits <-> mpfr_t conversion that a bit-pattern API would pay: they favour
 * MPFR (the MPFR+conv column includes them).  Before timing, ferret's
 * Float32/Float64/(15,64) RNE results (library and inline) are compared bit
 * for bit with the hardware's on the same operands and on operands whose
 * results underflow to subnormals (mismatches are printed: they would be
 * bugs). */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>

#include <gmp.h>
#ifdef __FLT128_MANT_DIG__ /* the compiler has _Float128 (GCC >= 7) */
#define MPFR_WANT_FLOAT128    /* mpfr_set/get_float128, for MPFR+conv */
#define FER_BENCH_F128CONV 1
#else
#define FER_BENCH_F128CONV 0  /* Float128's MPFR+conv column: n/a */
#endif
#include <mpfr.h>
#ifdef FER_BENCH_QUAD /* set by fp-speed.sh when libquadmath is there */
#include <quadmath.h>
#define QOP(E) E
#else
#define QOP(E) (void)0
#endif

#include "fp/fast.h"
#include "fp/env.h" /* fer_env_enter */
#include "base/context.h"
#include "smt/term.h"
#include "fp/fp.h"

#define N 4096

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static uint64_t rng_state = 0x1234567;
static uint64_t rnd(void) { /* splitmix64 */
  uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static double cell_seconds = 0.1;

enum { K_F32, K_F64, K_X87, K_F128 };

typedef struct fmtdata {
  const char *name;
  fer_fmt m;
  int kind; /* K_*: native type and MPFR conversion functions */
  fer_u128 x[N], y[N], z[N], ax[N], ix[N]; /* ax = |x|, ix = integers */
  int64_t si[N];                           /* sbv operands */
  uint32_t qn[N][2], qd[N][2];             /* rationals: 64-bit num/den */
  mpfr_t mx[N], my[N], mz[N], max_[N], mix[N], mr, t1, t2, t3;
  mpq_t q[N];
} fmtdata;

static volatile fer_u128 sink128[N];
static volatile float sinkf[N];
static volatile double sinkd[N];
static volatile long double sinkl[N];
#ifdef FER_BENCH_QUAD
static volatile __float128 sinkq[N];
#endif
static volatile int64_t sinki[N];
static volatile int sinkb[N];

/* The evaluator's per-instruction inputs: format and rounding mode. */
static fer_fmt fm[N];
static fer_rm rms[N];

static fer_u128 gen(fer_fmt m, int lo, int hi) {
  uint32_t bias = (1u << (m.eb - 1)) - 1;
  int e = (int)bias + lo + (int)(rnd() % (uint64_t)(hi - lo + 1));
  fer_u128 frac = (((fer_u128)rnd() << 64) | rnd()) & ((((fer_u128)1) << (m.sb - 1)) - 1);
  fer_u128 s = (fer_u128)(rnd() & 1) << (m.eb + m.sb - 1);
  return s | ((fer_u128)e << (m.sb - 1)) | frac;
}

static void set_range(fer_fmt m) {
  long bias = (1L << (m.eb - 1)) - 1;
  mpfr_set_emin(3 - bias - (long)m.sb);
  mpfr_set_emax(bias + 1);
}

/* bits -> mpfr_t (finite values only: the operands are all finite). */
static void to_mpfr(mpfr_t r, fer_fmt m, fer_u128 x) {
  uint32_t bias = (1u << (m.eb - 1)) - 1;
  uint32_t e = (uint32_t)(x >> (m.sb - 1)) & ((1u << m.eb) - 1);
  fer_u128 sig = x & ((((fer_u128)1) << (m.sb - 1)) - 1);
  if (e) sig |= (fer_u128)1 << (m.sb - 1);
  mpz_t z;
  mpz_init(z);
  mpz_import(z, 2, -1, 8, 0, 0, (uint64_t[2]){(uint64_t)sig, (uint64_t)(sig >> 64)});
  mpfr_set_z_2exp(r, z, (long)(e ? e : 1) - (long)bias - (long)(m.sb - 1), MPFR_RNDN);
  if ((x >> (m.eb + m.sb - 1)) & 1) mpfr_neg(r, r, MPFR_RNDN);
  mpz_clear(z);
}

static void prepare(fmtdata *d) {
  fer_fmt m = d->m;
  for (int i = 0; i < N; i++) {
    d->x[i] = gen(m, -20, 20), d->y[i] = gen(m, -20, 20), d->z[i] = gen(m, -20, 20);
    d->ax[i] = d->x[i] & ~((fer_u128)1 << (m.eb + m.sb - 1));
    d->si[i] = (int64_t)(rnd() >> 20) * ((rnd() & 1) ? 1 : -1);
    d->ix[i] = fer_fp_from_sbv(m, FER_RNE, (fer_u128)(uint64_t)d->si[i] & (((fer_u128)1 << 64) - 1), 64);
    uint64_t a = rnd(), b = rnd() | 1;
    d->qn[i][0] = (uint32_t)a, d->qn[i][1] = (uint32_t)(a >> 32);
    d->qd[i][0] = (uint32_t)b, d->qd[i][1] = (uint32_t)(b >> 32);
  }
  set_range(m);
  mpfr_init2(d->mr, m.sb);
  mpfr_inits2(m.sb, d->t1, d->t2, d->t3, (mpfr_ptr)0);
  for (int i = 0; i < N; i++) {
    mpfr_inits2(m.sb, d->mx[i], d->my[i], d->mz[i], d->max_[i], d->mix[i], (mpfr_ptr)0);
    to_mpfr(d->mx[i], m, d->x[i]), to_mpfr(d->my[i], m, d->y[i]);
    to_mpfr(d->mz[i], m, d->z[i]), to_mpfr(d->max_[i], m, d->ax[i]);
    to_mpfr(d->mix[i], m, d->ix[i]);
    mpq_init(d->q[i]);
    mpz_t a, b;
    mpz_inits(a, b, NULL);
    mpz_import(a, 2, -1, 4, 0, 0, d->qn[i]);
    mpz_import(b, 2, -1, 4, 0, 0, d->qd[i]);
    mpq_set_num(d->q[i], a), mpq_set_den(d->q[i], b);
    mpq_canonicalize(d->q[i]);
    mpz_clears(a, b, NULL);
  }
}

static float as_f(fer_u128 x) { uint32_t u = (uint32_t)x; float f; memcpy(&f, &u, 4); return f; }
static double as_d(fer_u128 x) { uint64_t u = (uint64_t)x; double f; memcpy(&f, &u, 8); return f; }
static fer_u128 of_f(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static fer_u128 of_d(double f) { uint64_t u; memcpy(&u, &f, 8); return u; }
/* (15,64) <-> x87 extended: the same fields, except that the x87 stores
 * the integer bit of the significand (1 for normal numbers, infinities and
 * NaNs, 0 for zeros and subnormals: exponent field 0 means 2^-16382 with
 * integer bit 0, as in IEEE's interchange formats). */
static long double as_l(fer_u128 x) {
  uint64_t frac = (uint64_t)x & ((1ULL << 63) - 1);
  uint16_t se = (uint16_t)(x >> 63); /* sign and exponent */
  uint64_t sig = frac | ((se & 0x7fff) ? 1ULL << 63 : 0);
  unsigned char b[sizeof(long double)] = {0};
  memcpy(b, &sig, 8), memcpy(b + 8, &se, 2);
  long double l;
  memcpy(&l, b, sizeof l);
  return l;
}
static fer_u128 of_l(long double l) {
  unsigned char b[sizeof(long double)];
  memcpy(b, &l, sizeof l);
  uint64_t sig;
  uint16_t se;
  memcpy(&sig, b, 8), memcpy(&se, b + 8, 2);
  return ((fer_u128)se << 63) | (sig & ((1ULL << 63) - 1));
}
#ifdef FER_BENCH_QUAD
static __float128 as_q(fer_u128 x) { __float128 q; memcpy(&q, &x, 16); return q; }
#endif

/* MPFR+conv: bits -> mpfr_t (exact: the variable has the format's
 * precision and exponent range) and back. */
static inline void mpc_in(const fmtdata *d, mpfr_ptr r, fer_u128 x) {
  switch (d->kind) {
  case K_F32: mpfr_set_flt(r, as_f(x), MPFR_RNDN); break;
  case K_F64: mpfr_set_d(r, as_d(x), MPFR_RNDN); break;
  case K_X87: mpfr_set_ld(r, as_l(x), MPFR_RNDN); break;
  default: {
#if FER_BENCH_F128CONV
    _Float128 q;
    memcpy(&q, &x, 16);
    mpfr_set_float128(r, q, MPFR_RNDN);
#else
    abort(); /* not timed: run_row leaves the cell out */
#endif
  }
  }
}
static inline fer_u128 mpc_out(const fmtdata *d, mpfr_srcptr r) {
  switch (d->kind) {
  case K_F32: return of_f(mpfr_get_flt(r, MPFR_RNDN));
  case K_F64: return of_d(mpfr_get_d(r, MPFR_RNDN));
  case K_X87: return of_l(mpfr_get_ld(r, MPFR_RNDN));
  default: {
#if FER_BENCH_F128CONV
    _Float128 q = mpfr_get_float128(r, MPFR_RNDN);
    fer_u128 x;
    memcpy(&x, &q, 16);
    return x;
#else
    abort();
#endif
  }
  }
}

/* ---- bit-for-bit check against hardware (RNE) ---- */

static bool is_nan_bits(fer_fmt m, fer_u128 x) { return fer_fp_is_nan(m, x); }
static bool same(fer_fmt m, fer_u128 a, fer_u128 b) {
  return a == b || (is_nan_bits(m, a) && is_nan_bits(m, b));
}

/* The specialised entry points of add/sub/mul/div (k = 0..3) for the
 * format of d (Float32/Float64; else the general fast path). */
static fer_u128 spec_bin(const fmtdata *d, int k, fer_u128 x, fer_u128 y,
                         int env) {
  if (d->kind == K_F64)
    return k == 0 ? fer_fast_add64(x, y, env) : k == 1 ? fer_fast_sub64(x, y, env)
         : k == 2 ? fer_fast_mul64(x, y, env) : fer_fast_div64(x, y, env);
  if (d->kind == K_F32)
    return k == 0 ? fer_fast_add32(x, y, env) : k == 1 ? fer_fast_sub32(x, y, env)
         : k == 2 ? fer_fast_mul32(x, y, env) : fer_fast_div32(x, y, env);
  return k == 0 ? fer_fast_add(d->m, FER_RNE, x, y, env)
       : k == 1 ? fer_fast_sub(d->m, FER_RNE, x, y, env)
       : k == 2 ? fer_fast_mul(d->m, FER_RNE, x, y, env)
                : fer_fast_div(d->m, FER_RNE, x, y, env);
}

/* One operand triple: library and inline against the hardware.  The
 * inline path gets the environment flag like the evaluator, and the
 * specialised entry points are checked too. */
static int check_one(const fmtdata *d, fer_u128 x, fer_u128 y, fer_u128 z,
                     int *printed) {
  fer_fmt m = d->m;
  fer_u128 ax = x & ~((fer_u128)1 << (m.eb + m.sb - 1));
  int nr = fer_env_std() ? FER_ENV_STD : fer_fast_probe();
  fer_u128 got[7] = {fer_fp_add(m, FER_RNE, x, y), fer_fp_sub(m, FER_RNE, x, y),
                     fer_fp_mul(m, FER_RNE, x, y), fer_fp_div(m, FER_RNE, x, y),
                     fer_fp_fma(m, FER_RNE, x, y, z), fer_fp_sqrt(m, FER_RNE, ax),
                     fer_fp_rem(m, x, y)};
  fer_u128 inl[7] = {fer_fast_add(m, FER_RNE, x, y, nr), fer_fast_sub(m, FER_RNE, x, y, nr),
                     fer_fast_mul(m, FER_RNE, x, y, nr), fer_fast_div(m, FER_RNE, x, y, nr),
                     fer_fast_fma(m, FER_RNE, x, y, z, nr), fer_fast_sqrt(m, FER_RNE, ax, nr),
                     fer_fp_rem(m, x, y)};
  fer_u128 want[7];
  if (d->kind == K_F32) {
    float a = as_f(x), b = as_f(y), c = as_f(z);
    want[0] = of_f(a + b), want[1] = of_f(a - b), want[2] = of_f(a * b);
    want[3] = of_f(a / b), want[4] = of_f(fmaf(a, b, c));
    want[5] = of_f(sqrtf(as_f(ax))), want[6] = of_f(remainderf(a, b));
  } else if (d->kind == K_F64) {
    double a = as_d(x), b = as_d(y), c = as_d(z);
    want[0] = of_d(a + b), want[1] = of_d(a - b), want[2] = of_d(a * b);
    want[3] = of_d(a / b), want[4] = of_d(fma(a, b, c));
    want[5] = of_d(sqrt(as_d(ax))), want[6] = of_d(remainder(a, b));
  } else {
    long double a = as_l(x), b = as_l(y), c = as_l(z);
    want[0] = of_l(a + b), want[1] = of_l(a - b), want[2] = of_l(a * b);
    want[3] = of_l(a / b), want[4] = of_l(fmal(a, b, c));
    want[5] = of_l(sqrtl(as_l(ax))), want[6] = of_l(remainderl(a, b));
  }
  int bad = 0;
  for (int k = 0; k < 7; k++)
    if (!same(m, got[k], want[k]) || got[k] != inl[k] ||
        (k < 4 && got[k] != spec_bin(d, k, x, y, nr))) {
      bad++;
      if ((*printed)++ < 5)
        printf("MISMATCH %s op#%d operands %llx:%016llx %llx:%016llx: ferret "
               "%llx:%016llx inline %llx:%016llx hw %llx:%016llx\n",
               d->name, k, (unsigned long long)(x >> 64), (unsigned long long)x,
               (unsigned long long)(y >> 64), (unsigned long long)y,
               (unsigned long long)(got[k] >> 64), (unsigned long long)got[k],
               (unsigned long long)(inl[k] >> 64), (unsigned long long)inl[k],
               (unsigned long long)(want[k] >> 64), (unsigned long long)want[k]);
    }
  return bad;
}

/* The timing operands, then as many triples near the bottom of the
 * range (subnormal operands, results that underflow to subnormals or
 * zero) and a set of special values.  *cases gets the number of triples. */
static int crosscheck(const fmtdata *d, long *cases) {
  fer_fmt m = d->m;
  int bad = 0, printed = 0;
  long n = 0;
  for (int i = 0; i < N; i++, n++)
    bad += check_one(d, d->x[i], d->y[i], d->z[i], &printed);
  int bias = (1 << (m.eb - 1)) - 1, sb = (int)m.sb;
  fer_u128 one = 1;
  for (int i = 0; i < N; i++, n++) {
    fer_u128 x, y, z = gen(m, 1 - bias, 1 - bias + sb);
    uint64_t k = rnd() % 4;
    fer_u128 frac = (((fer_u128)rnd() << 64) | rnd()) & ((one << (m.sb - 1)) - 1);
    fer_u128 sub = frac | ((fer_u128)(rnd() & 1) << (m.eb + m.sb - 1)); /* subnormal */
    if (k == 0) /* subnormal + tiny normal */
      x = sub, y = gen(m, 1 - bias, 3 - bias);
    else if (k == 1) /* products and quotients near the subnormal range */
      x = gen(m, -bias / 2 - sb, -bias / 2), y = gen(m, -bias / 2 - sb, -bias / 2 + 2);
    else if (k == 2) /* subnormal times / over something near 1 */
      x = sub, y = gen(m, -3, 3);
    else /* cancellation to a subnormal difference */
      x = gen(m, 1 - bias, 2 - bias), y = x ^ (rnd() % 8);
    bad += check_one(d, x, y, z, &printed);
  }
  fer_u128 sp[] = {fer_fp_zero(m, false), fer_fp_zero(m, true), fer_fp_inf(m, false),
                   fer_fp_inf(m, true), fer_fp_nan(m), one, one << (m.sb - 1),
                   fer_fp_inf(m, false) - 1, gen(m, 0, 0)};
  unsigned ns = sizeof sp / sizeof sp[0];
  for (unsigned i = 0; i < ns; i++)
    for (unsigned j = 0; j < ns; j++, n++)
      bad += check_one(d, sp[i], sp[j], sp[(i + j) % ns], &printed);
  *cases = n;
  return bad;
}

typedef struct row {
  const char *op;
  double fer, inl, nat, mp, mpc; /* ns; < 0 = n/a */
} row;

static void cell(char *buf, size_t n, double v, const char *f) {
  if (v < 0) snprintf(buf, n, "n/a");
  else snprintf(buf, n, f, v);
}
static void print_row(const char *fmt, const row *r) {
  char c[10][32];
  cell(c[0], 32, r->fer, "%.2f");
  cell(c[1], 32, r->inl, "%.2f");
  cell(c[2], 32, r->nat, "%.2f");
  cell(c[3], 32, r->nat < 0 ? -1 : r->fer / r->nat, "%.2f");
  cell(c[4], 32, r->nat < 0 || r->inl < 0 ? -1 : r->inl / r->nat, "%.2f");
  cell(c[5], 32, r->mp, "%.1f");
  cell(c[6], 32, r->mpc, "%.1f");
  cell(c[7], 32, r->mp < 0 ? -1 : r->mp / r->fer, "%.1f");
  cell(c[8], 32, r->mpc < 0 ? -1 : r->mpc / r->fer, "%.1f");
  cell(c[9], 32, r->mpc < 0 || r->inl < 0 ? -1 : r->mpc / r->inl, "%.1f");
  printf("| %-9s | %-12s | %7s | %7s | %7s | %6s | %6s | %7s | %7s | %6s | %6s | %6s |\n",
         fmt, r->op, c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9]);
}

/* An expression (the MPFR+conv bodies chain it with commas). */
#define MP_ROUND(CALL) ((void)mpfr_subnormalize(d->mr, (CALL), MPFR_RNDN))
/* MPFR+conv bodies: operands in, operation (rounded and subnormalized
 * into d->mr), result out. */
#define MPC1(CALL) \
  (mpc_in(d, d->t1, X), MP_ROUND(CALL), sink128[i] = mpc_out(d, d->mr))
#define MPC2(CALL) \
  (mpc_in(d, d->t1, X), mpc_in(d, d->t2, Y), MP_ROUND(CALL), \
   sink128[i] = mpc_out(d, d->mr))

/* ---- the timed cells ----
 * Each contender of each row is its own small function (noinline), so
 * that every loop is compiled alone: inside one large function, register
 * pressure from the other loops slowed some of them 3-4x and the figures
 * measured the harness, not the operation. */

/* Operands of the native contenders and conversion sources (file scope:
 * the cell functions read them). */
static float xf[N], yf[N], zf[N], axf[N], ixf[N];
static double xd[N], yd[N], zd[N], axd[N], ixd[N];
static long double xl[N], yl[N], zl[N], axl[N], ixl[N];
#ifdef FER_BENCH_QUAD
static __float128 xq[N], yq[N], zq[N], axq[N], ixq[N];
#endif
static fer_fmt from; /* source format of the to_fp(float) row */
static fer_u128 src[N];
static double srcd[N];
static float srcf[N];
static mpfr_t msrc[N];
static fer_rm rms_rna[N];

typedef void (*cellfn)(fmtdata *d, long reps);
enum { C_FER, C_INL, C_NATF, C_NATD, C_NATL, C_NATQ, C_MP, C_MPC, C_N };
typedef struct rowdef {
  const char *op;
  cellfn fn[C_N]; /* NULL: not applicable */
} rowdef;

/* REPS batches of N iterations of BODY (over i); each batch starts with
 * what is known of the MXCSR (near_), used by the "inline" bodies exactly
 * as prog.c uses it. */
#define CELLFN(NAME, BODY)                                                   \
  static __attribute__((noinline)) void NAME(fmtdata *d, long reps) {       \
    fer_fmt m = d->m;                                                       \
    (void)m;                                                                \
    for (long r_ = 0; r_ < reps; r_++) {                                    \
      int near_ = fer_env_std() ? FER_ENV_STD : fer_fast_probe();          \
      (void)near_;                                                          \
      for (int i = 0; i < N; i++) { BODY; }                                 \
    }                                                                       \
  }
/* The "inline" cell of an operation with specialised opcodes: the format
 * picks the loop (as compiling picks the opcode), whose body is the entry
 * point of the Float64 or Float32 opcode, or the general one; and, as
 * fer_run is compiled twice, once for the constant FER_ENV_STD, env_ is a
 * constant in that loop. */
#define CELLFN_SPEC(NAME, BODY64, BODY32, BODY)                              \
  static inline __attribute__((always_inline)) void NAME##_(                \
      fmtdata *d, int env_) {                                               \
    int near_ = env_;                                                       \
    (void)near_;                                                            \
    if (d->kind == K_F64)                                                   \
      for (int i = 0; i < N; i++) { BODY64; }                               \
    else if (d->kind == K_F32)                                              \
      for (int i = 0; i < N; i++) { BODY32; }                               \
    else                                                                    \
      for (int i = 0; i < N; i++) { BODY; }                                 \
  }                                                                         \
  static __attribute__((noinline)) void NAME(fmtdata *d, long reps) {       \
    for (long r_ = 0; r_ < reps; r_++) {                                    \
      int env = fer_env_std() ? FER_ENV_STD : fer_fast_probe();            \
      if (env == FER_ENV_STD)                                               \
        NAME##_(d, FER_ENV_STD);                                            \
      else                                                                  \
        NAME##_(d, env);                                                    \
    }                                                                       \
  }
#define DEFROW(ID, NAME, FER, INL, NATF, NATD, NATL, NATQ, MP, MPC)          \
  CELLFN(ID##_inl, INL)                                                     \
  DEFROW_(ID, NAME, FER, NATF, NATD, NATL, NATQ, MP, MPC)
#define DEFROW_(ID, NAME, FER, NATF, NATD, NATL, NATQ, MP, MPC)              \
  CELLFN(ID##_fer, FER)                                                     \
  CELLFN(ID##_natf, NATF)                                                   \
  CELLFN(ID##_natd, NATD)                                                   \
  CELLFN(ID##_natl, NATL)                                                   \
  CELLFN(ID##_natq, NATQ)                                                   \
  CELLFN(ID##_mp, MP)                                                       \
  CELLFN(ID##_mpc, MPC)                                                     \
  static const rowdef ID = {NAME, {ID##_fer, ID##_inl, ID##_natf, ID##_natd, \
                                   ID##_natl, ID##_natq, ID##_mp, ID##_mpc}};

#define X d->x[i]
#define Y d->y[i]
/* A row with specialised opcodes (SINK = fer_fast_NAME's result). */
#define DEFROW_SPEC(ID, NAME, FER, SINK, GEN, NATF, NATD, NATL, NATQ, MP, MPC) \
  CELLFN_SPEC(ID##_inl, SINK = fer_fast_##NAME##64(X, Y, near_),             \
              SINK = fer_fast_##NAME##32(X, Y, near_), SINK = GEN)            \
  DEFROW_(ID, #NAME, FER, NATF, NATD, NATL, NATQ, MP, MPC)
DEFROW_SPEC(r_add, add, sink128[i] = fer_fp_add(m, FER_RNE, X, Y),
       sink128[i], fer_fast_add(fm[i], rms[i], X, Y, near_),
       sinkf[i] = xf[i] + yf[i], sinkd[i] = xd[i] + yd[i], sinkl[i] = xl[i] + yl[i],
       QOP(sinkq[i] = xq[i] + yq[i]),
       MP_ROUND(mpfr_add(d->mr, d->mx[i], d->my[i], MPFR_RNDN)),
       MPC2(mpfr_add(d->mr, d->t1, d->t2, MPFR_RNDN)))
DEFROW_SPEC(r_sub, sub, sink128[i] = fer_fp_sub(m, FER_RNE, X, Y),
       sink128[i], fer_fast_sub(fm[i], rms[i], X, Y, near_),
       sinkf[i] = xf[i] - yf[i], sinkd[i] = xd[i] - yd[i], sinkl[i] = xl[i] - yl[i],
       QOP(sinkq[i] = xq[i] - yq[i]),
       MP_ROUND(mpfr_sub(d->mr, d->mx[i], d->my[i], MPFR_RNDN)),
       MPC2(mpfr_sub(d->mr, d->t1, d->t2, MPFR_RNDN)))
DEFROW_SPEC(r_mul, mul, sink128[i] = fer_fp_mul(m, FER_RNE, X, Y),
       sink128[i], fer_fast_mul(fm[i], rms[i], X, Y, near_),
       sinkf[i] = xf[i] * yf[i], sinkd[i] = xd[i] * yd[i], sinkl[i] = xl[i] * yl[i],
       QOP(sinkq[i] = xq[i] * yq[i]),
       MP_ROUND(mpfr_mul(d->mr, d->mx[i], d->my[i], MPFR_RNDN)),
       MPC2(mpfr_mul(d->mr, d->t1, d->t2, MPFR_RNDN)))
DEFROW_SPEC(r_div, div, sink128[i] = fer_fp_div(m, FER_RNE, X, Y),
       sink128[i], fer_fast_div(fm[i], rms[i], X, Y, near_),
       sinkf[i] = xf[i] / yf[i], sinkd[i] = xd[i] / yd[i], sinkl[i] = xl[i] / yl[i],
       QOP(sinkq[i] = xq[i] / yq[i]),
       MP_ROUND(mpfr_div(d->mr, d->mx[i], d->my[i], MPFR_RNDN)),
       MPC2(mpfr_div(d->mr, d->t1, d->t2, MPFR_RNDN)))
DEFROW(r_fma, "fma", sink128[i] = fer_fp_fma(m, FER_RNE, X, Y, d->z[i]),
       sink128[i] = fer_fast_fma(fm[i], rms[i], X, Y, d->z[i], near_),
       sinkf[i] = fmaf(xf[i], yf[i], zf[i]), sinkd[i] = fma(xd[i], yd[i], zd[i]),
       sinkl[i] = fmal(xl[i], yl[i], zl[i]),
       QOP(sinkq[i] = fmaq(xq[i], yq[i], zq[i])),
       MP_ROUND(mpfr_fma(d->mr, d->mx[i], d->my[i], d->mz[i], MPFR_RNDN)),
       (mpc_in(d, d->t3, d->z[i]),
        MPC2(mpfr_fma(d->mr, d->t1, d->t2, d->t3, MPFR_RNDN))))
DEFROW(r_sqrt, "sqrt", sink128[i] = fer_fp_sqrt(m, FER_RNE, d->ax[i]),
       sink128[i] = fer_fast_sqrt(fm[i], rms[i], d->ax[i], near_),
       sinkf[i] = sqrtf(axf[i]), sinkd[i] = sqrt(axd[i]), sinkl[i] = sqrtl(axl[i]),
       QOP(sinkq[i] = sqrtq(axq[i])),
       MP_ROUND(mpfr_sqrt(d->mr, d->max_[i], MPFR_RNDN)),
       (mpc_in(d, d->t1, d->ax[i]), MP_ROUND(mpfr_sqrt(d->mr, d->t1, MPFR_RNDN)),
        sink128[i] = mpc_out(d, d->mr)))
DEFROW(r_rem, "rem", sink128[i] = fer_fp_rem(m, X, Y),
       sink128[i] = fer_fp_rem(fm[i], X, Y),
       sinkf[i] = remainderf(xf[i], yf[i]), sinkd[i] = remainder(xd[i], yd[i]),
       sinkl[i] = remainderl(xl[i], yl[i]),
       QOP(sinkq[i] = remainderq(xq[i], yq[i])),
       MP_ROUND(mpfr_remainder(d->mr, d->mx[i], d->my[i], MPFR_RNDN)),
       MPC2(mpfr_remainder(d->mr, d->t1, d->t2, MPFR_RNDN)))
DEFROW(r_rti, "rti", sink128[i] = fer_fp_rti(m, FER_RNE, X),
       sink128[i] = fer_fast_rti(fm[i], rms[i], X),
       sinkf[i] = nearbyintf(xf[i]), sinkd[i] = nearbyint(xd[i]),
       sinkl[i] = nearbyintl(xl[i]),
       QOP(sinkq[i] = nearbyintq(xq[i])),
       MP_ROUND(mpfr_rint(d->mr, d->mx[i], MPFR_RNDN)),
       MPC1(mpfr_rint(d->mr, d->t1, MPFR_RNDN)))
DEFROW(r_min, "min", sink128[i] = fer_fp_min(m, X, Y),
       sink128[i] = fer_fast_min(fm[i], X, Y),
       sinkf[i] = fminf(xf[i], yf[i]), sinkd[i] = fmin(xd[i], yd[i]),
       sinkl[i] = fminl(xl[i], yl[i]),
       QOP(sinkq[i] = fminq(xq[i], yq[i])),
       mpfr_min(d->mr, d->mx[i], d->my[i], MPFR_RNDN),
       MPC2(mpfr_min(d->mr, d->t1, d->t2, MPFR_RNDN)))
DEFROW(r_max, "max", sink128[i] = fer_fp_max(m, X, Y),
       sink128[i] = fer_fast_max(fm[i], X, Y),
       sinkf[i] = fmaxf(xf[i], yf[i]), sinkd[i] = fmax(xd[i], yd[i]),
       sinkl[i] = fmaxl(xl[i], yl[i]),
       QOP(sinkq[i] = fmaxq(xq[i], yq[i])),
       mpfr_max(d->mr, d->mx[i], d->my[i], MPFR_RNDN),
       MPC2(mpfr_max(d->mr, d->t1, d->t2, MPFR_RNDN)))
DEFROW_SPEC(r_leq, leq, sinkb[i] = fer_fp_leq(m, X, Y),
       sinkb[i], fer_fast_leq(fm[i], X, Y),
       sinkb[i] = xf[i] <= yf[i], sinkb[i] = xd[i] <= yd[i], sinkb[i] = xl[i] <= yl[i],
       QOP(sinkb[i] = xq[i] <= yq[i]),
       sinkb[i] = mpfr_lessequal_p(d->mx[i], d->my[i]),
       (mpc_in(d, d->t1, X), mpc_in(d, d->t2, Y),
        sinkb[i] = mpfr_lessequal_p(d->t1, d->t2)))
DEFROW_SPEC(r_lt, lt, sinkb[i] = fer_fp_lt(m, X, Y),
       sinkb[i], fer_fast_lt(fm[i], X, Y),
       sinkb[i] = xf[i] < yf[i], sinkb[i] = xd[i] < yd[i], sinkb[i] = xl[i] < yl[i],
       QOP(sinkb[i] = xq[i] < yq[i]),
       sinkb[i] = mpfr_less_p(d->mx[i], d->my[i]),
       (mpc_in(d, d->t1, X), mpc_in(d, d->t2, Y),
        sinkb[i] = mpfr_less_p(d->t1, d->t2)))
DEFROW_SPEC(r_eq, eq, sinkb[i] = fer_fp_eq(m, X, Y),
       sinkb[i], fer_fast_eq(fm[i], X, Y),
       sinkb[i] = xf[i] == yf[i], sinkb[i] = xd[i] == yd[i], sinkb[i] = xl[i] == yl[i],
       QOP(sinkb[i] = xq[i] == yq[i]),
       sinkb[i] = mpfr_equal_p(d->mx[i], d->my[i]),
       (mpc_in(d, d->t1, X), mpc_in(d, d->t2, Y),
        sinkb[i] = mpfr_equal_p(d->t1, d->t2)))
/* conversions: fast.h has Float32<->Float64 and bit-vector -> Float32/
 * Float64 (other formats: "inline" = library call).  The float row: Float32 narrows from Float64, Float64 widens from Float32,
 * (15,64) and Float128 widen from Float64. */
DEFROW(r_cvt, NULL, sink128[i] = fer_fp_convert(m, FER_RNE, from, src[i]),
       sink128[i] = fer_fast_convert(fm[i], rms[i], from, src[i], near_),
       sinkf[i] = (float)srcd[i], sinkd[i] = (double)srcf[i],
       sinkl[i] = (long double)srcd[i],
       QOP(sinkq[i] = (__float128)srcd[i]),
       MP_ROUND(mpfr_set(d->mr, msrc[i], MPFR_RNDN)),
       (d->kind == K_F64 ? MP_ROUND(mpfr_set_flt(d->mr, srcf[i], MPFR_RNDN))
                         : MP_ROUND(mpfr_set_d(d->mr, srcd[i], MPFR_RNDN)),
        sink128[i] = mpc_out(d, d->mr)))
DEFROW(r_fromsbv, "to_fp(sbv64)",
       sink128[i] = fer_fp_from_sbv(m, FER_RNE, (fer_u128)(uint64_t)d->si[i], 64),
       sink128[i] = fer_fast_from_sbv(fm[i], rms[i], (fer_u128)(uint64_t)d->si[i], 64, near_),
       sinkf[i] = (float)d->si[i], sinkd[i] = (double)d->si[i],
       sinkl[i] = (long double)d->si[i],
       QOP(sinkq[i] = (__float128)d->si[i]),
       MP_ROUND(mpfr_set_sj(d->mr, d->si[i], MPFR_RNDN)),
       (MP_ROUND(mpfr_set_sj(d->mr, d->si[i], MPFR_RNDN)),
        sink128[i] = mpc_out(d, d->mr)))
DEFROW(r_tosbv, "to_sbv64",
       { bool dn; sink128[i] = fer_fp_to_sbv(m, FER_RNE, d->ix[i], 64, &dn); },
       { bool dn; sink128[i] = fer_fp_to_sbv(fm[i], rms[i], d->ix[i], 64, &dn); },
       sinki[i] = llrintf(ixf[i]), sinki[i] = llrint(ixd[i]),
       sinki[i] = llrintl(ixl[i]),
       QOP(sinki[i] = llrintq(ixq[i])),
       sinki[i] = mpfr_get_sj(d->mix[i], MPFR_RNDN),
       (mpc_in(d, d->t1, d->ix[i]), sinki[i] = mpfr_get_sj(d->t1, MPFR_RNDN)))
DEFROW(r_fromreal, "to_fp(real)",
       sink128[i] = fer_fp_from_rational(m, FER_RNE, false, d->qn[i], 2, d->qd[i], 2),
       sink128[i] = fer_fp_from_rational(fm[i], rms[i], false, d->qn[i], 2, d->qd[i], 2),
       (void)0, (void)0, (void)0, (void)0,
       MP_ROUND(mpfr_set_q(d->mr, d->q[i], MPFR_RNDN)),
       (MP_ROUND(mpfr_set_q(d->mr, d->q[i], MPFR_RNDN)),
        sink128[i] = mpc_out(d, d->mr)))
/* RNA: no hardware mode, no MPFR mode */
CELLFN(r_rna_fer, sink128[i] = fer_fp_add(m, FER_RNA, X, Y))
CELLFN(r_rna_inl, sink128[i] = fer_fast_add(fm[i], rms_rna[i], X, Y, near_))
static const rowdef r_rna = {"add RNA", {r_rna_fer, r_rna_inl, NULL, NULL, NULL,
                                         NULL, NULL, NULL}};
#undef DEFROW_SPEC
#undef X
#undef Y

static const rowdef *const all_rows[] = {
    &r_add, &r_sub, &r_mul, &r_div, &r_fma, &r_sqrt, &r_rem, &r_rti, &r_min,
    &r_max, &r_leq, &r_lt, &r_eq, &r_cvt, &r_fromsbv, &r_tosbv, &r_fromreal,
    &r_rna};

static double time_cell(cellfn fn, fmtdata *d, long reps) {
  double t0 = now();
  fn(d, reps);
  return (now() - t0) * 1e9 / ((double)reps * N);
}

/* The contenders of one row run interleaved, 7 rounds, best of each, so
 * that load from other processes hits them alike. */
static void run_row(fmtdata *d, const rowdef *rd, row *out) {
  int nat = d->kind == K_F32 ? C_NATF : d->kind == K_F64 ? C_NATD
          : d->kind == K_X87 ? C_NATL : C_NATQ;
#ifndef FER_BENCH_QUAD
  if (nat == C_NATQ) nat = -1;
#endif
  static const int order[] = {C_FER, C_INL, -2 /* native */, C_MP, C_MPC};
  double best[5];
  long reps[5];
  cellfn fn[5];
  for (int k = 0; k < 5; k++) {
    int c = order[k] == -2 ? nat : order[k];
    fn[k] = c >= 0 ? rd->fn[c] : NULL;
    if (c == C_MPC && d->kind == K_F128 && !FER_BENCH_F128CONV) fn[k] = NULL;
    best[k] = -1;
    if (!fn[k]) continue;
    for (reps[k] = 1;; reps[k] *= 2) { /* about cell/4 per timed run */
      double t0 = now();
      fn[k](d, reps[k]);
      if (now() - t0 > cell_seconds / 4 || reps[k] > (1L << 30)) break;
    }
    best[k] = 1e30;
  }
  for (int round = 0; round < 7; round++)
    for (int k = 0; k < 5; k++)
      if (fn[k]) {
        double ns = time_cell(fn[k], d, reps[k]);
        if (ns < best[k]) best[k] = ns;
      }
  out->op = rd->op ? rd->op
                   : d->kind == K_F32 ? "to_fp(f64)"
                   : d->kind == K_F64 ? "to_fp(f32)" : "to_fp(f64)";
  out->fer = best[0], out->inl = best[1], out->nat = best[2];
  out->mp = best[3], out->mpc = best[4];
  if (rd == &r_fromreal) out->nat = -1; /* no native conversion */
}

static void bench_format(fmtdata *d) {
  fer_fmt m = d->m;
  for (int i = 0; i < N; i++) {
    xf[i] = as_f(d->x[i]), yf[i] = as_f(d->y[i]), zf[i] = as_f(d->z[i]);
    axf[i] = as_f(d->ax[i]), ixf[i] = as_f(d->ix[i]);
    xd[i] = as_d(d->x[i]), yd[i] = as_d(d->y[i]), zd[i] = as_d(d->z[i]);
    axd[i] = as_d(d->ax[i]), ixd[i] = as_d(d->ix[i]);
    xl[i] = as_l(d->x[i]), yl[i] = as_l(d->y[i]), zl[i] = as_l(d->z[i]);
    axl[i] = as_l(d->ax[i]), ixl[i] = as_l(d->ix[i]);
#ifdef FER_BENCH_QUAD
    xq[i] = as_q(d->x[i]), yq[i] = as_q(d->y[i]), zq[i] = as_q(d->z[i]);
    axq[i] = as_q(d->ax[i]), ixq[i] = as_q(d->ix[i]);
#endif
    fm[i] = m, rms[i] = FER_RNE, rms_rna[i] = FER_RNA;
  }
  fer_fmt f32 = {8, 24}, f64 = {11, 53};
  from = d->kind == K_F64 ? f32 : f64;
  for (int i = 0; i < N; i++) {
    src[i] = gen(from, -20, 20);
    srcd[i] = as_d(src[i]), srcf[i] = as_f(src[i]);
  }
  set_range(from);
  for (int i = 0; i < N; i++) mpfr_init2(msrc[i], from.sb), to_mpfr(msrc[i], from, src[i]);
  set_range(m);
  for (size_t k = 0; k < sizeof all_rows / sizeof all_rows[0]; k++) {
    row r;
    run_row(d, all_rows[k], &r);
    print_row(d->name, &r);
  }
  for (int i = 0; i < N; i++) mpfr_clear(msrc[i]);
}

int main(int argc, char **argv) {
  if (argc > 1) cell_seconds = atof(argv[1]) / 1000.0;
  fer_env_enter(); /* as a search does: the "inline" column's environment */
  static fmtdata fmts[4];
  fmts[0].name = "Float32", fmts[0].m = (fer_fmt){8, 24}, fmts[0].kind = K_F32;
  fmts[1].name = "Float64", fmts[1].m = (fer_fmt){11, 53}, fmts[1].kind = K_F64;
  fmts[2].name = "(15,64)", fmts[2].m = (fer_fmt){15, 64}, fmts[2].kind = K_X87;
  fmts[3].name = "Float128", fmts[3].m = (fer_fmt){15, 113}, fmts[3].kind = K_F128;
  int bad = 0;
  long cases = 0;
  for (int k = 0; k < 4; k++) {
    prepare(&fmts[k]);
    if (k < 3) {
      long c;
      set_range(fmts[k].m);
      bad += crosscheck(&fmts[k], &c);
      cases += c;
    }
  }
  printf("cross-check against hardware (Float32/Float64 SSE, (15,64) x87; RNE; "
         "library and inline; %ld operand triples incl. subnormal results and "
         "specials; add/sub/mul/div/fma/sqrt/rem): %d mismatches\n\n", cases, bad);
  printf("| format    | op           | ferret ns | inline ns | native ns | ferret/native | inline/native "
         "| MPFR ns | MPFR+conv ns | MPFR/ferret | MPFR+conv/ferret | MPFR+conv/inline |\n");
  printf("|-----------|--------------|--------:|--------:|--------:|------:|------:|--------:|--------:|------:|------:|------:|\n");
  for (int k = 0; k < 4; k++) {
    set_range(fmts[k].m);
    bench_format(&fmts[k]);
  }
  return bad ? 1 : 0;
}
