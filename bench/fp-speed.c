/* FP semantics speed: nanoseconds per operation of src/fp beside native
 * hardware (float/double) and MPFR, measured in one run of one binary.
 * Float128 has no hardware: its "native" column is GCC's software
 * __float128 (libgcc soft-fp and libquadmath), for reference.
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
 * MPFR works on mpfr_t values prepared before timing (at the format's
 * precision, exponent range set, mpfr_subnormalize after each rounding
 * operation as IEEE emulation requires), so its figures leave out the
 * bits <-> mpfr_t conversion that a bit-pattern API would pay: they favour
 * MPFR.  Before timing, ferret's Float32/Float64 RNE results are compared
 * bit for bit with the hardware's on the same operands (mismatches are
 * printed: they would be bugs). */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>

#include <gmp.h>
#include <mpfr.h>
#ifdef FER_BENCH_QUAD /* set by fp-speed.sh when libquadmath is there */
#include <quadmath.h>
#define QOP(E) E
#else
#define QOP(E) (void)0
#endif

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

/* Repetitions of BODY (over i in [0, N)) that take about cell/4. */
#define CALIBRATE(REPS, BODY)                                               \
  do {                                                                      \
    (REPS) = 1;                                                             \
    for (;;) {                                                              \
      double t0_ = now();                                                   \
      for (long r_ = 0; r_ < (REPS); r_++)                                  \
        for (int i = 0; i < N; i++) { BODY; }                               \
      if (now() - t0_ > cell_seconds / 4 || (REPS) > (1L << 30)) break;     \
      (REPS) *= 2;                                                          \
    }                                                                       \
  } while (0)

/* One timed run: keep the best ns per iteration in BEST. */
#define TIME_ONCE(BEST, REPS, BODY)                                         \
  do {                                                                      \
    double t0_ = now();                                                     \
    for (long r_ = 0; r_ < (REPS); r_++)                                    \
      for (int i = 0; i < N; i++) { BODY; }                                 \
    double ns_ = (now() - t0_) * 1e9 / ((double)(REPS) * N);                \
    if (ns_ < (BEST)) (BEST) = ns_;                                         \
  } while (0)

typedef struct fmtdata {
  const char *name;
  fer_fmt m;
  fer_u128 x[N], y[N], z[N], ax[N], ix[N]; /* ax = |x|, ix = integers */
  int64_t si[N];                           /* sbv operands */
  uint32_t qn[N][2], qd[N][2];             /* rationals: 64-bit num/den */
  mpfr_t mx[N], my[N], mz[N], max_[N], mix[N], mr;
  mpq_t q[N];
} fmtdata;

static volatile fer_u128 sink128[N];
static volatile float sinkf[N];
static volatile double sinkd[N];
#ifdef FER_BENCH_QUAD
static volatile __float128 sinkq[N];
#endif
static volatile int64_t sinki[N];
static volatile int sinkb[N];

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

/* ---- bit-for-bit check against hardware (RNE) ---- */
static int crosscheck(fmtdata *d) {
  int bad = 0;
  fer_fmt m = d->m;
  bool single = m.sb == 24;
  for (int i = 0; i < N; i++) {
    fer_u128 x = d->x[i], y = d->y[i], z = d->z[i], ax = d->ax[i];
    fer_u128 got[7] = {fer_fp_add(m, FER_RNE, x, y), fer_fp_sub(m, FER_RNE, x, y),
                       fer_fp_mul(m, FER_RNE, x, y), fer_fp_div(m, FER_RNE, x, y),
                       fer_fp_fma(m, FER_RNE, x, y, z), fer_fp_sqrt(m, FER_RNE, ax),
                       fer_fp_rem(m, x, y)};
    fer_u128 want[7];
    if (single) {
      float a = as_f(x), b = as_f(y), c = as_f(z);
      want[0] = of_f(a + b), want[1] = of_f(a - b), want[2] = of_f(a * b);
      want[3] = of_f(a / b), want[4] = of_f(fmaf(a, b, c));
      want[5] = of_f(sqrtf(as_f(ax))), want[6] = of_f(remainderf(a, b));
    } else {
      double a = as_d(x), b = as_d(y), c = as_d(z);
      want[0] = of_d(a + b), want[1] = of_d(a - b), want[2] = of_d(a * b);
      want[3] = of_d(a / b), want[4] = of_d(fma(a, b, c));
      want[5] = of_d(sqrt(as_d(ax))), want[6] = of_d(remainder(a, b));
    }
    for (int k = 0; k < 7; k++)
      if (got[k] != want[k] && bad++ < 5)
        printf("MISMATCH %s op#%d operands %llx %llx %llx: ferret %llx hw %llx\n",
               d->name, k, (unsigned long long)x, (unsigned long long)y,
               (unsigned long long)z, (unsigned long long)got[k],
               (unsigned long long)want[k]);
  }
  return bad;
}

typedef struct row {
  const char *op;
  double fer, nat, mp; /* ns; < 0 = n/a */
} row;

static void print_row(const char *fmt, const row *r) {
  char nat[32] = "n/a", ratio[32] = "n/a", mp[32] = "n/a", mratio[32] = "n/a";
  if (r->nat >= 0) {
    snprintf(nat, sizeof nat, "%.2f", r->nat);
    snprintf(ratio, sizeof ratio, "%.2f", r->fer / r->nat);
  }
  if (r->mp >= 0) {
    snprintf(mp, sizeof mp, "%.1f", r->mp);
    snprintf(mratio, sizeof mratio, "%.1f", r->mp / r->fer);
  }
  printf("| %-9s | %-14s | %8.2f | %8s | %7s | %8s | %7s |\n", fmt, r->op, r->fer,
         nat, ratio, mp, mratio);
}

#define MP_ROUND(CALL) \
  do { int t_ = CALL; mpfr_subnormalize(d->mr, t_, MPFR_RNDN); } while (0)

static void bench_format(fmtdata *d) {
  fer_fmt m = d->m;
  bool single = m.sb == 24 && m.eb == 8, dbl = m.sb == 53 && m.eb == 11;
#ifdef FER_BENCH_QUAD
  bool quad = m.sb == 113 && m.eb == 15; /* "native": libquadmath, software */
#else
  bool quad = false;
#endif
  float xf[N], yf[N], zf[N], axf[N], ixf[N];
  double xd[N], yd[N], zd[N], axd[N], ixd[N];
  static __float128 xq[N], yq[N], zq[N], axq[N], ixq[N];
  for (int i = 0; i < N; i++) {
    xf[i] = as_f(d->x[i]), yf[i] = as_f(d->y[i]), zf[i] = as_f(d->z[i]);
    axf[i] = as_f(d->ax[i]), ixf[i] = as_f(d->ix[i]);
    xd[i] = as_d(d->x[i]), yd[i] = as_d(d->y[i]), zd[i] = as_d(d->z[i]);
    axd[i] = as_d(d->ax[i]), ixd[i] = as_d(d->ix[i]);
    memcpy(&xq[i], &d->x[i], 16), memcpy(&yq[i], &d->y[i], 16);
    memcpy(&zq[i], &d->z[i], 16), memcpy(&axq[i], &d->ax[i], 16);
    memcpy(&ixq[i], &d->ix[i], 16);
  }
  /* conversion sources: Float32 row narrows from Float64, the others widen
   * from Float32 (Float64 row) or from Float64 (Float128 row) */
  fer_fmt f32 = {8, 24}, f64 = {11, 53};
  fer_fmt from = single ? f64 : dbl ? f32 : f64;
  fer_u128 src[N];
  double srcd[N];
  float srcf[N];
  for (int i = 0; i < N; i++) {
    src[i] = gen(from, -20, 20);
    srcd[i] = as_d(src[i]), srcf[i] = as_f(src[i]);
  }
  mpfr_t msrc[N];
  set_range(from);
  for (int i = 0; i < N; i++) mpfr_init2(msrc[i], from.sb), to_mpfr(msrc[i], from, src[i]);
  set_range(m);

  row rows[24];
  int nr = 0;
  const double NA = -1;
/* The three contenders run interleaved, 7 rounds, best of each, so that
 * load from other processes hits them alike. */
#define ROW(NAME, FER, NATF, NATD, NATQ, MP)                                   \
  do {                                                                   \
    row *row_ = &rows[nr++];                                             \
    long rf_, rn_ = 0, rm_;                                              \
    row_->op = NAME;                                                     \
    row_->fer = row_->nat = row_->mp = 1e30;                             \
    CALIBRATE(rf_, FER);                                                 \
    if (single) CALIBRATE(rn_, NATF);                                    \
    else if (dbl) CALIBRATE(rn_, NATD);                                  \
    else if (quad) CALIBRATE(rn_, NATQ);                                 \
    CALIBRATE(rm_, MP);                                                  \
    for (int round_ = 0; round_ < 7; round_++) {                         \
      TIME_ONCE(row_->fer, rf_, FER);                                    \
      if (single) TIME_ONCE(row_->nat, rn_, NATF);                       \
      else if (dbl) TIME_ONCE(row_->nat, rn_, NATD);                     \
      else if (quad) TIME_ONCE(row_->nat, rn_, NATQ);                    \
      TIME_ONCE(row_->mp, rm_, MP);                                      \
    }                                                                    \
    if (!single && !dbl && !quad) row_->nat = NA;                        \
  } while (0)
  ROW("add", sink128[i] = fer_fp_add(m, FER_RNE, d->x[i], d->y[i]),
      sinkf[i] = xf[i] + yf[i], sinkd[i] = xd[i] + yd[i],
      QOP(sinkq[i] = xq[i] + yq[i]),
      MP_ROUND(mpfr_add(d->mr, d->mx[i], d->my[i], MPFR_RNDN)));
  ROW("sub", sink128[i] = fer_fp_sub(m, FER_RNE, d->x[i], d->y[i]),
      sinkf[i] = xf[i] - yf[i], sinkd[i] = xd[i] - yd[i],
      QOP(sinkq[i] = xq[i] - yq[i]),
      MP_ROUND(mpfr_sub(d->mr, d->mx[i], d->my[i], MPFR_RNDN)));
  ROW("mul", sink128[i] = fer_fp_mul(m, FER_RNE, d->x[i], d->y[i]),
      sinkf[i] = xf[i] * yf[i], sinkd[i] = xd[i] * yd[i],
      QOP(sinkq[i] = xq[i] * yq[i]),
      MP_ROUND(mpfr_mul(d->mr, d->mx[i], d->my[i], MPFR_RNDN)));
  ROW("div", sink128[i] = fer_fp_div(m, FER_RNE, d->x[i], d->y[i]),
      sinkf[i] = xf[i] / yf[i], sinkd[i] = xd[i] / yd[i],
      QOP(sinkq[i] = xq[i] / yq[i]),
      MP_ROUND(mpfr_div(d->mr, d->mx[i], d->my[i], MPFR_RNDN)));
  ROW("fma", sink128[i] = fer_fp_fma(m, FER_RNE, d->x[i], d->y[i], d->z[i]),
      sinkf[i] = fmaf(xf[i], yf[i], zf[i]), sinkd[i] = fma(xd[i], yd[i], zd[i]),
      QOP(sinkq[i] = fmaq(xq[i], yq[i], zq[i])),
      MP_ROUND(mpfr_fma(d->mr, d->mx[i], d->my[i], d->mz[i], MPFR_RNDN)));
  ROW("sqrt", sink128[i] = fer_fp_sqrt(m, FER_RNE, d->ax[i]),
      sinkf[i] = sqrtf(axf[i]), sinkd[i] = sqrt(axd[i]),
      QOP(sinkq[i] = sqrtq(axq[i])),
      MP_ROUND(mpfr_sqrt(d->mr, d->max_[i], MPFR_RNDN)));
  ROW("rem", sink128[i] = fer_fp_rem(m, d->x[i], d->y[i]),
      sinkf[i] = remainderf(xf[i], yf[i]), sinkd[i] = remainder(xd[i], yd[i]),
      QOP(sinkq[i] = remainderq(xq[i], yq[i])),
      MP_ROUND(mpfr_remainder(d->mr, d->mx[i], d->my[i], MPFR_RNDN)));
  ROW("rti", sink128[i] = fer_fp_rti(m, FER_RNE, d->x[i]),
      sinkf[i] = nearbyintf(xf[i]), sinkd[i] = nearbyint(xd[i]),
      QOP(sinkq[i] = nearbyintq(xq[i])),
      MP_ROUND(mpfr_rint(d->mr, d->mx[i], MPFR_RNDN)));
  ROW("min", sink128[i] = fer_fp_min(m, d->x[i], d->y[i]),
      sinkf[i] = fminf(xf[i], yf[i]), sinkd[i] = fmin(xd[i], yd[i]),
      QOP(sinkq[i] = fminq(xq[i], yq[i])),
      mpfr_min(d->mr, d->mx[i], d->my[i], MPFR_RNDN));
  ROW("max", sink128[i] = fer_fp_max(m, d->x[i], d->y[i]),
      sinkf[i] = fmaxf(xf[i], yf[i]), sinkd[i] = fmax(xd[i], yd[i]),
      QOP(sinkq[i] = fmaxq(xq[i], yq[i])),
      mpfr_max(d->mr, d->mx[i], d->my[i], MPFR_RNDN));
  ROW("leq", sinkb[i] = fer_fp_leq(m, d->x[i], d->y[i]),
      sinkb[i] = xf[i] <= yf[i], sinkb[i] = xd[i] <= yd[i],
      QOP(sinkb[i] = xq[i] <= yq[i]),
      sinkb[i] = mpfr_lessequal_p(d->mx[i], d->my[i]));
  ROW("lt", sinkb[i] = fer_fp_lt(m, d->x[i], d->y[i]),
      sinkb[i] = xf[i] < yf[i], sinkb[i] = xd[i] < yd[i],
      QOP(sinkb[i] = xq[i] < yq[i]),
      sinkb[i] = mpfr_less_p(d->mx[i], d->my[i]));
  ROW("eq", sinkb[i] = fer_fp_eq(m, d->x[i], d->y[i]),
      sinkb[i] = xf[i] == yf[i], sinkb[i] = xd[i] == yd[i],
      QOP(sinkb[i] = xq[i] == yq[i]),
      sinkb[i] = mpfr_equal_p(d->mx[i], d->my[i]));
  ROW(single ? "to_fp(f64)" : dbl ? "to_fp(f32)" : "to_fp(f64)",
      sink128[i] = fer_fp_convert(m, FER_RNE, from, src[i]),
      sinkf[i] = (float)srcd[i], sinkd[i] = (double)srcf[i],
      QOP(sinkq[i] = (__float128)srcd[i]),
      MP_ROUND(mpfr_set(d->mr, msrc[i], MPFR_RNDN)));
  ROW("to_fp(sbv64)",
      sink128[i] = fer_fp_from_sbv(m, FER_RNE, (fer_u128)(uint64_t)d->si[i], 64),
      sinkf[i] = (float)d->si[i], sinkd[i] = (double)d->si[i],
      QOP(sinkq[i] = (__float128)d->si[i]),
      MP_ROUND(mpfr_set_sj(d->mr, d->si[i], MPFR_RNDN)));
  {
    bool dn;
    ROW("to_sbv64", sink128[i] = fer_fp_to_sbv(m, FER_RNE, d->ix[i], 64, &dn),
        sinki[i] = llrintf(ixf[i]), sinki[i] = llrint(ixd[i]),
      QOP(sinki[i] = llrintq(ixq[i])),
        sinki[i] = mpfr_get_sj(d->mix[i], MPFR_RNDN));
  }
  ROW("to_fp(real)",
      sink128[i] = fer_fp_from_rational(m, FER_RNE, false, d->qn[i], 2, d->qd[i], 2),
      (void)0, (void)0,
      (void)0, MP_ROUND(mpfr_set_q(d->mr, d->q[i], MPFR_RNDN)));
  rows[nr - 1].nat = NA;
  /* one line with RNA (no hardware mode, no MPFR mode for add) */
  {
    row *r = &rows[nr++];
    long reps;
    r->op = "add RNA";
    r->fer = 1e30;
    CALIBRATE(reps, sink128[i] = fer_fp_add(m, FER_RNA, d->x[i], d->y[i]));
    for (int k = 0; k < 7; k++)
      TIME_ONCE(r->fer, reps, sink128[i] = fer_fp_add(m, FER_RNA, d->x[i], d->y[i]));
    r->nat = NA, r->mp = NA;
  }
  for (int k = 0; k < nr; k++) print_row(d->name, &rows[k]);
  for (int i = 0; i < N; i++) mpfr_clear(msrc[i]);
}

int main(int argc, char **argv) {
  if (argc > 1) cell_seconds = atof(argv[1]) / 1000.0;
  static fmtdata fmts[3];
  fmts[0].name = "Float32", fmts[0].m = (fer_fmt){8, 24};
  fmts[1].name = "Float64", fmts[1].m = (fer_fmt){11, 53};
  fmts[2].name = "Float128", fmts[2].m = (fer_fmt){15, 113};
  int bad = 0;
  for (int k = 0; k < 3; k++) {
    prepare(&fmts[k]);
    if (k < 2) bad += crosscheck(&fmts[k]);
  }
  printf("cross-check against hardware (Float32/Float64, RNE, %d operand "
         "triples, add/sub/mul/div/fma/sqrt/rem): %d mismatches\n\n", N, bad);
  printf("| format    | op             | ferret ns | native ns | ferret/native | MPFR ns | MPFR/ferret |\n");
  printf("|-----------|----------------|---------:|---------:|--------:|---------:|--------:|\n");
  for (int k = 0; k < 3; k++) {
    set_range(fmts[k].m);
    bench_format(&fmts[k]);
  }
  return bad ? 1 : 0;
}
