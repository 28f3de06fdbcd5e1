/* The evaluator's inline fast paths (src/fp/fast.h) against the library
 * (fp.h): every fer_fast_* function must return exactly the bits of its
 * fp.h counterpart, with `env` probed under the MXCSR environment in
 * force: the default, each directed rounding mode, and nearest with
 * FTZ|DAZ; and with env FER_ENV_STD after fer_env_enter from each of those
 * host environments (which must set the standard MXCSR, and
 * fer_env_leave give the host's back).  Operands: edge values x edge values (zeros, subnormals,
 * min/max normal, 1 and neighbours, halfway addends, infinities, NaNs of
 * both signs, quiet and signalling), then random pairs biased to the hard
 * cases (results near the underflow and overflow thresholds, cancellation,
 * ties).  The reference is computed in the default environment (the
 * library's results do not depend on the MXCSR: test_fp_arith checks it).
 * Last, the compiled evaluator (prog.c) on a formula using every fast
 * opcode: each instruction's result replayed with the fp.h function. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bv/bv.h"
#include "fp/env.h"
#include "fp/fast.h"
#include "base/context.h"
#include "smt/term.h"
#include "engine/prog.h"
#include "api/smt_session.h"
#include "test.h"

#if defined(__x86_64__) && defined(__SSE2__)
#include <xmmintrin.h>
#define FAST_RC_SHIFT 13 /* 00 nearest, 01 down, 10 up, 11 toward zero */
#define FAST_FTZ_DAZ 0x8040u
#define FAST_HOSTS 5
#define FAST_ENVS 10
/* Host environments 0 default, 1-3 directed modes, 4 nearest with
 * FTZ|DAZ; environments 5-9 are hosts 0-4 under fer_env_enter. */
static unsigned fast_set_env(int e) {
  unsigned old = _mm_getcsr();
  e %= FAST_HOSTS;
  unsigned csr = old & ~(3u << FAST_RC_SHIFT) & ~FAST_FTZ_DAZ;
  if (e >= 1 && e <= 3) csr |= (unsigned)e << FAST_RC_SHIFT;
  if (e == 4) csr |= FAST_FTZ_DAZ;
  _mm_setcsr(csr);
  return old;
}
static void fast_restore_env(unsigned old) { _mm_setcsr(old); }
static unsigned fast_ctrl(void) { return _mm_getcsr() & 0xffc0u; }
#else
#define FAST_HOSTS 1
#define FAST_ENVS 2
static unsigned fast_ctrl(void) { return 0; }
static unsigned fast_set_env(int e) { (void)e; return 0; }
static void fast_restore_env(unsigned old) { (void)old; }
#endif

/* Enter environment e (fast_set_env, then fer_env_enter for e >=
 * FAST_HOSTS); returns the `env` argument of the fast paths there and
 * leaves in *saved what fast_leave_env needs. */
static unsigned fast_host_ctrl;
static int fast_enter_env(int e, unsigned *saved) {
  *saved = fast_set_env(e);
  if (e < FAST_HOSTS)
    return fer_fast_probe() ? FER_ENV_NEAREST : FER_ENV_UNKNOWN;
  unsigned host = fast_host_ctrl = fast_ctrl();
  fer_env_enter();
  CHECK_MSG(!FER_FP_HW || fast_ctrl() == 0x1f80u, "env %d: MXCSR %#x", e, fast_ctrl());
  fer_env_enter(); /* nested: no effect */
  fer_env_leave();
  CHECK(fast_ctrl() == (FER_FP_HW ? 0x1f80u : host));
  return FER_ENV_STD;
}
/* Leave it: fer_env_leave gives back the host's control bits. */
static void fast_leave_env(int e, unsigned saved) {
  if (e >= FAST_HOSTS) {
    fer_env_leave();
    CHECK_MSG(fast_ctrl() == fast_host_ctrl, "env %d: host MXCSR not restored", e);
  }
  fast_restore_env(saved);
}

static uint64_t fast_rng = 0x5eedfa57;
static uint64_t fast_rand(void) { /* splitmix64 */
  uint64_t z = (fast_rng += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* Patterns of a format of w = eb+sb <= 64 bits. */
static uint64_t pat(fer_fmt f, unsigned sign, uint64_t exp, uint64_t frac) {
  return ((uint64_t)sign << (f.eb + f.sb - 1)) | (exp << (f.sb - 1)) |
         (frac & ((1ULL << (f.sb - 1)) - 1));
}

#define MAXE 64
static unsigned fast_edges(fer_fmt f, uint64_t *e) {
  uint64_t ones = (1ULL << f.eb) - 1, fm = (1ULL << (f.sb - 1)) - 1;
  uint64_t bias = ones >> 1, q = 1ULL << (f.sb - 2);
  unsigned n = 0;
  for (unsigned s = 0; s < 2; s++) {
    e[n++] = pat(f, s, 0, 0);                    /* zero */
    e[n++] = pat(f, s, 0, 1);                    /* smallest subnormal */
    e[n++] = pat(f, s, 0, fm);                   /* largest subnormal */
    e[n++] = pat(f, s, 0, q);                    /* a middle subnormal */
    e[n++] = pat(f, s, 1, 0);                    /* smallest normal */
    e[n++] = pat(f, s, 1, 1);
    e[n++] = pat(f, s, 2, 0);                    /* twice that */
    e[n++] = pat(f, s, bias, 0);                 /* 1 */
    e[n++] = pat(f, s, bias, 1);                 /* 1 + ulp */
    e[n++] = pat(f, s, bias - 1, fm);            /* 1 - ulp/2 */
    e[n++] = pat(f, s, bias - f.sb, 0);          /* half an ulp of 1 */
    e[n++] = pat(f, s, bias - f.sb, 1);          /* just above it */
    e[n++] = pat(f, s, bias + 1, q);             /* 3 */
    e[n++] = pat(f, s, ones - 1, fm);            /* largest finite */
    e[n++] = pat(f, s, ones - 1, 0);
    e[n++] = pat(f, s, ones - f.sb, 0);          /* its half-ulp */
    e[n++] = pat(f, s, bias / 2, 0x5555555555555555ULL);
    e[n++] = pat(f, s, ones, 0);                 /* infinity */
    e[n++] = pat(f, s, ones, q);                 /* quiet NaN */
    e[n++] = pat(f, s, ones, 1);                 /* signalling NaN */
    e[n++] = pat(f, s, ones, fm);
  }
  return n;
}

/* A random operand biased to the hard cases; `other` (when nonzero) is
 * the first operand, from which the second is sometimes derived. */
static uint64_t fast_gen(fer_fmt f, uint64_t other, bool second) {
  uint64_t ones = (1ULL << f.eb) - 1, bias = ones >> 1;
  uint64_t fm = (1ULL << (f.sb - 1)) - 1, r = fast_rand();
  unsigned sign = (unsigned)(r & 1);
  uint64_t frac = fast_rand();
  switch ((r >> 1) % 8) {
  case 0: frac &= ~((1ULL << (fast_rand() % f.sb)) - 1); break; /* low zeros */
  case 1: frac |= (1ULL << (fast_rand() % f.sb)) - 1; break;    /* low ones */
  default: break;
  }
  if ((r >> 20) % 12 == 0) /* zeros, infinities, NaNs */
    return pat(f, sign, (r >> 24) % 2 ? ones : 0, (r >> 25) % 2 ? fm : 0);
  uint64_t exp;
  switch ((r >> 4) % 10) {
  case 0: exp = fast_rand() % 3; break;                     /* subnormal, tiny */
  case 1: exp = ones - 1 - fast_rand() % 3; break;          /* huge */
  case 2: exp = fast_rand() % (ones + 1); break;            /* anything */
  case 3: exp = bias / 2 + fast_rand() % 8; break;          /* products underflow */
  case 4: exp = bias + bias / 2 - fast_rand() % 8; break;   /* ... overflow */
  default: exp = bias - 20 + fast_rand() % 41; break;
  }
  if (second && (r >> 9) % 3 == 0) {
    /* derived from the first: cancellation, ties, near-equal values */
    uint64_t ea = (other >> (f.sb - 1)) & ones;
    switch ((r >> 11) % 5) {
    case 0: return other ^ (fast_rand() % 4);
    case 1: return other ^ (1ULL << (f.eb + f.sb - 1)) ^ (fast_rand() % 4);
    case 2: return pat(f, sign, ea > f.sb ? ea - f.sb : 0, fast_rand() % 2);
    case 3: return pat(f, sign, ones - ea, frac);          /* product ~ 1 */
    default: return pat(f, sign, ea, other + fast_rand() % 3);
    }
  }
  if (exp > ones) exp = ones;
  if (exp == ones && (r >> 13) % 4) exp--; /* NaN/inf less often */
  return pat(f, sign, exp, frac & fm);
}

enum {
  F_ADD, F_SUB, F_MUL, F_DIV, F_SQRT, F_FMA, F_LEQ, F_LT, F_EQ, F_SEQ,
  F_MIN, F_MAX, F_ISN, F_ISS, F_ISZ, F_ISI, F_ISNAN, F_ISNEG, F_ISPOS,
  F_ABS, F_NEG, F_CVT, F_SBV64, F_SBV32, F_SBVSH, F_UBVW,
  F_CVTW, F_SBVW, F_UBVWW, F_RTI, F_SADD, F_SSUB, F_SMUL, F_SDIV, F_SLEQ, F_SLT, F_SEQL, F_NOPS
};
static const char *const fast_op_name[F_NOPS] = {
    "add", "sub", "mul", "div", "sqrt", "fma", "leq", "lt", "eq", "=", "min",
    "max", "isNormal", "isSubnormal", "isZero", "isInfinite", "isNaN",
    "isNegative", "isPositive", "abs", "neg", "to_fp(other format)",
    "to_fp(sbv64 a)", "to_fp(sbv32 b)", "to_fp(sbv64 a>>c)",
    "to_fp_unsigned(bv(1+c%64) b)", "to_fp(wide c%8)", "to_fp(sbv64 a>>c, wide c%8)",
    "to_fp_unsigned(bv(1+c%64) b, wide c/64%8)", "roundToIntegral", "add (specialised)", "sub (specialised)",
    "mul (specialised)", "div (specialised)", "leq (specialised)",
    "lt (specialised)", "eq (specialised)"};

/* The conversions of fast_all: a converted to the other of Float32 and
 * Float64 (Float64 for every other format); integers taken from a, b, c:
 * a as 64 bits, b's low 32 bits, a shifted right arithmetically by c%64
 * (magnitudes around every power of two, the exactness limits 2^24 and
 * 2^53 among them), b as an unsigned bit-vector of 1 + c%64 bits. */
static fer_fmt fast_other(fer_fmt f) {
  fer_fmt d = {11, 53}, s = {8, 24};
  return f.eb == 11 && f.sb == 53 ? s : d;
}
/* Targets of the widening conversions (fast.h's exact paths into formats
 * at least as wide as Float32/Float64, and some that are not). */
/* The unpacking implementation of rti.c (the reference of the rti tests). */
fer_u128 fer_fp_rti_soft(fer_fmt, fer_rm, fer_u128);

static fer_fmt fast_wide(uint64_t c) {
  static const fer_fmt w[8] = {{15, 64}, {15, 113}, {11, 64}, {8, 30},
                               {30, 98}, {30, 64}, {11, 53}, {5, 11}};
  return w[c % 8];
}
static uint64_t fast_sh(uint64_t a, uint64_t c) {
  return (uint64_t)((int64_t)a >> (c % 64));
}

/* All ops on (a, b, c) under rm: fast (with nearest) or library.  Out of
 * line, so that the compiler cannot move the floating-point operations
 * across the MXCSR writes around the call (it does not model the MXCSR). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void fast_all(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b, fer_u128 c,
                     bool fast, int nearest, fer_u128 *o) {
  bool f64 = f.eb == 11 && f.sb == 53, f32 = f.eb == 8 && f.sb == 24;
  /* the specialised entry points where the evaluator uses them (Float64
   * and Float32; arithmetic under RNE), else the general ones */
#define SPEC_BIN(K, NAME)                                                    \
  o[K] = rm == FER_RNE && f64   ? fer_fast_##NAME##64(a, b, nearest)        \
         : rm == FER_RNE && f32 ? fer_fast_##NAME##32(a, b, nearest)        \
                                : fer_fast_##NAME(f, rm, a, b, nearest);
#define SPEC_CMP(K, NAME)                                                    \
  o[K] = f64 ? fer_fast_##NAME##64(a, b, nearest)                           \
         : f32 ? fer_fast_##NAME##32(a, b, nearest) : fer_fast_##NAME(f, a, b);
  if (fast) {
    SPEC_BIN(F_SADD, add) SPEC_BIN(F_SSUB, sub) SPEC_BIN(F_SMUL, mul)
    SPEC_BIN(F_SDIV, div) SPEC_CMP(F_SLEQ, leq) SPEC_CMP(F_SLT, lt)
    SPEC_CMP(F_SEQL, eq)
    o[F_ADD] = fer_fast_add(f, rm, a, b, nearest);
    o[F_SUB] = fer_fast_sub(f, rm, a, b, nearest);
    o[F_MUL] = fer_fast_mul(f, rm, a, b, nearest);
    o[F_DIV] = fer_fast_div(f, rm, a, b, nearest);
    o[F_SQRT] = fer_fast_sqrt(f, rm, a, nearest);
    o[F_FMA] = fer_fast_fma(f, rm, a, b, c, nearest);
    o[F_LEQ] = fer_fast_leq(f, a, b);
    o[F_LT] = fer_fast_lt(f, a, b);
    o[F_EQ] = fer_fast_eq(f, a, b);
    o[F_SEQ] = fer_fast_smt_eq(f, a, b);
    o[F_MIN] = fer_fast_min(f, a, b);
    o[F_MAX] = fer_fast_max(f, a, b);
    o[F_ISN] = fer_fast_is_normal(f, a);
    o[F_ISS] = fer_fast_is_subnormal(f, a);
    o[F_ISZ] = fer_fast_is_zero(f, a);
    o[F_ISI] = fer_fast_is_inf(f, a);
    o[F_ISNAN] = fer_fast_is_nan(f, a);
    o[F_ISNEG] = fer_fast_is_negative(f, a);
    o[F_ISPOS] = fer_fast_is_positive(f, a);
    o[F_ABS] = fer_fast_abs(f, a);
    o[F_NEG] = fer_fast_neg(f, a);
    o[F_CVT] = fer_fast_convert(fast_other(f), rm, f, a, nearest);
    o[F_SBV64] = fer_fast_from_sbv(f, rm, (uint64_t)a, 64, nearest);
    o[F_SBV32] = fer_fast_from_sbv(f, rm, (uint32_t)b, 32, nearest);
    o[F_SBVSH] = fer_fast_from_sbv(f, rm, fast_sh((uint64_t)a, (uint64_t)c), 64, nearest);
    o[F_UBVW] = fer_fast_from_ubv(f, rm, (uint64_t)b & fer_bv_mask(1 + (uint32_t)(c % 64)),
                                  1 + (uint32_t)(c % 64), nearest);
    o[F_CVTW] = fer_fast_convert(fast_wide(c), rm, f, a, nearest);
    o[F_RTI] = fer_fast_rti(f, rm, a);
    o[F_SBVW] = fer_fast_from_sbv(fast_wide(c), rm, fast_sh((uint64_t)a, (uint64_t)c), 64, nearest);
    o[F_UBVWW] = fer_fast_from_ubv(fast_wide(c / 64), rm,
                                   (uint64_t)b & fer_bv_mask(1 + (uint32_t)(c % 64)),
                                   1 + (uint32_t)(c % 64), nearest);
  } else {
    o[F_SADD] = fer_fp_add(f, rm, a, b);
    o[F_SSUB] = fer_fp_sub(f, rm, a, b);
    o[F_SMUL] = fer_fp_mul(f, rm, a, b);
    o[F_SDIV] = fer_fp_div(f, rm, a, b);
    o[F_SLEQ] = fer_fp_leq(f, a, b);
    o[F_SLT] = fer_fp_lt(f, a, b);
    o[F_SEQL] = fer_fp_eq(f, a, b);
    o[F_ADD] = fer_fp_add(f, rm, a, b);
    o[F_SUB] = fer_fp_sub(f, rm, a, b);
    o[F_MUL] = fer_fp_mul(f, rm, a, b);
    o[F_DIV] = fer_fp_div(f, rm, a, b);
    o[F_SQRT] = fer_fp_sqrt(f, rm, a);
    o[F_FMA] = fer_fp_fma(f, rm, a, b, c);
    o[F_LEQ] = fer_fp_leq(f, a, b);
    o[F_LT] = fer_fp_lt(f, a, b);
    o[F_EQ] = fer_fp_eq(f, a, b);
    o[F_SEQ] = fer_fp_smt_eq(f, a, b);
    o[F_MIN] = fer_fp_min(f, a, b);
    o[F_MAX] = fer_fp_max(f, a, b);
    o[F_ISN] = fer_fp_is_normal(f, a);
    o[F_ISS] = fer_fp_is_subnormal(f, a);
    o[F_ISZ] = fer_fp_is_zero(f, a);
    o[F_ISI] = fer_fp_is_inf(f, a);
    o[F_ISNAN] = fer_fp_is_nan(f, a);
    o[F_ISNEG] = fer_fp_is_negative(f, a);
    o[F_ISPOS] = fer_fp_is_positive(f, a);
    o[F_ABS] = fer_fp_abs(f, a);
    o[F_NEG] = fer_fp_neg(f, a);
    o[F_CVT] = fer_fp_convert(fast_other(f), rm, f, a);
    o[F_SBV64] = fer_fp_from_sbv(f, rm, (uint64_t)a, 64);
    o[F_SBV32] = fer_fp_from_sbv(f, rm, (uint32_t)b, 32);
    o[F_SBVSH] = fer_fp_from_sbv(f, rm, fast_sh((uint64_t)a, (uint64_t)c), 64);
    o[F_UBVW] = fer_fp_from_ubv(f, rm, (uint64_t)b & fer_bv_mask(1 + (uint32_t)(c % 64)),
                                1 + (uint32_t)(c % 64));
    o[F_CVTW] = fer_fp_convert(fast_wide(c), rm, f, a);
    o[F_RTI] = fer_fp_rti_soft(f, rm, a);
    o[F_SBVW] = fer_fp_from_sbv(fast_wide(c), rm, fast_sh((uint64_t)a, (uint64_t)c), 64);
    o[F_UBVWW] = fer_fp_from_ubv(fast_wide(c / 64), rm,
                                 (uint64_t)b & fer_bv_mask(1 + (uint32_t)(c % 64)),
                                 1 + (uint32_t)(c % 64));
  }
#undef SPEC_BIN
#undef SPEC_CMP
}

/* One case in environment env: returns the number of mismatches. */
static unsigned fast_case(fer_fmt f, fer_rm rm, int env, uint64_t a, uint64_t b,
                          uint64_t c, unsigned *printed) {
  fer_u128 got[F_NOPS], want[F_NOPS];
  unsigned saved;
  int nearest = fast_enter_env(env, &saved);
  fast_all(f, rm, a, b, c, true, nearest, got);
  fast_leave_env(env, saved);
  fast_all(f, rm, a, b, c, false, FER_ENV_UNKNOWN, want);
  unsigned bad = 0;
  for (int k = 0; k < F_NOPS; k++) {
    if (got[k] == want[k]) continue;
    bad++;
    if ((*printed)++ < 10)
      fprintf(stderr, "fast mismatch: (%u,%u) rm %d env %d nearest %d %s "
                      "%#llx %#llx %#llx: fast %#llx library %#llx\n",
              f.eb, f.sb, (int)rm, env, (int)nearest, fast_op_name[k],
              (unsigned long long)a, (unsigned long long)b,
              (unsigned long long)c, (unsigned long long)got[k],
              (unsigned long long)want[k]);
  }
  return bad;
}

/* The probe itself: true exactly under round to nearest (environments 0
 * and 4), whatever FTZ and DAZ say. */
TEST(fp_fast_probe) {
#if FER_FP_HW
  for (int env = 0; env < FAST_HOSTS; env++) {
    unsigned saved = fast_set_env(env);
    bool nearest = fer_fast_probe();
    fast_restore_env(saved);
    CHECK_MSG(nearest == (env == 0 || env == 4), "env %d", env);
  }
#else
  CHECK(!fer_fast_probe());
#endif
}

/* Float32/Float64: edges x edges in every mode, then random triples
 * (>= 10^5 per format and environment, RNE mostly) in every environment. */
TEST(fp_fast_vs_library) {
  static const fer_fmt fs[] = {{8, 24}, {11, 53}};
  uint64_t n = fer_test_quick ? 100000 : 400000;
  uint64_t total = 0, bad = 0;
  unsigned printed = 0;
  for (unsigned fi = 0; fi < 2; fi++) {
    fer_fmt f = fs[fi];
    uint64_t e[MAXE];
    unsigned ne = fast_edges(f, e);
    for (int env = 0; env < FAST_ENVS; env++) {
      for (unsigned i = 0; i < ne; i++)
        for (unsigned j = 0; j < ne; j++)
          for (int rm = 0; rm < 5; rm++) {
            bad += fast_case(f, (fer_rm)rm, env, e[i], e[j], e[(i + 3 * j) % ne],
                             &printed);
            total++;
          }
      for (uint64_t k = 0; k < n; k++) {
        uint64_t a = fast_gen(f, 0, false), b = fast_gen(f, a, true);
        uint64_t c = k % 4 ? fast_gen(f, a, true) : e[k % ne];
        fer_rm rm = k % 8 ? FER_RNE : (fer_rm)(k / 8 % 5);
        bad += fast_case(f, rm, env, a, b, c, &printed);
        total++;
      }
    }
  }
  CHECK_EQ_U(bad, 0);
  fprintf(stderr, "  fast vs library: %llu cases x %d ops\n",
          (unsigned long long)total, F_NOPS);
}

/* Other formats go to the library unchanged (and formats that merely
 * share a width or sb with Float32/Float64 are not taken for them). */
TEST(fp_fast_other_formats) {
  static const fer_fmt fs[] = {{5, 11}, {8, 8}, {11, 52}, {10, 54}, {7, 25}, {15, 64}};
  unsigned printed = 0;
  uint64_t bad = 0;
  for (unsigned fi = 0; fi < sizeof fs / sizeof fs[0]; fi++) {
    fer_fmt f = fs[fi];
    if (f.eb + f.sb > 64) { /* (15,64): random 79-bit patterns */
      for (int k = 0; k < 2000; k++) {
        fer_u128 a = ((fer_u128)(fast_rand() & 0x7fff) << 64) | fast_rand();
        fer_u128 b = ((fer_u128)(fast_rand() & 0x7fff) << 64) | fast_rand();
        fer_u128 got[F_NOPS], want[F_NOPS];
        fast_all(f, FER_RNE, a, b, a, true, fer_fast_probe(), got);
        fast_all(f, FER_RNE, a, b, a, false, FER_ENV_UNKNOWN, want);
        for (int o = 0; o < F_NOPS; o++) bad += got[o] != want[o];
      }
      continue;
    }
    uint64_t e[MAXE];
    unsigned ne = fast_edges(f, e);
    for (unsigned i = 0; i < ne; i++)
      for (unsigned j = 0; j < ne; j++)
        bad += fast_case(f, (fer_rm)((i + j) % 5), 0, e[i], e[j], e[i], &printed);
    for (int k = 0; k < 20000; k++) {
      uint64_t a = fast_gen(f, 0, false), b = fast_gen(f, a, true);
      bad += fast_case(f, FER_RNE, k % FAST_ENVS, a, b, a, &printed);
    }
  }
  CHECK_EQ_U(bad, 0);
}

/* ---- the compiled evaluator ---- */

static void fast_quiet(void *u, const char *t, size_t n) { (void)u, (void)t, (void)n; }

/* Replay instruction i with the fp.h function; false if not a fast op. */
static bool fast_replay(const fer_insn *i, const fer_u128 *r, fer_u128 *out) {
  fer_fmt m = {i->w, i->x};
  fer_rm rm = (fer_rm)r[i->a];
  fer_u128 b = r[i->b], c = r[i->c];
  switch (fer_opcode_general((fer_opcode)i->op)) {
  case FER_I_FSEQ: *out = fer_fp_smt_eq(m, b, c); return true;
  case FER_I_FABS: *out = fer_fp_abs(m, b); return true;
  case FER_I_FNEG: *out = fer_fp_neg(m, b); return true;
  case FER_I_FADD: *out = fer_fp_add(m, rm, b, c); return true;
  case FER_I_FSUB: *out = fer_fp_sub(m, rm, b, c); return true;
  case FER_I_FMUL: *out = fer_fp_mul(m, rm, b, c); return true;
  case FER_I_FDIV: *out = fer_fp_div(m, rm, b, c); return true;
  case FER_I_FFMA: *out = fer_fp_fma(m, rm, b, c, r[i->e]); return true;
  case FER_I_FSQRT: *out = fer_fp_sqrt(m, rm, b); return true;
  case FER_I_FMIN: *out = fer_fp_min(m, b, c); return true;
  case FER_I_FMAX: *out = fer_fp_max(m, b, c); return true;
  case FER_I_FLEQ: *out = fer_fp_leq(m, b, c); return true;
  case FER_I_FLT: *out = fer_fp_lt(m, b, c); return true;
  case FER_I_FEQ: *out = fer_fp_eq(m, b, c); return true;
  case FER_I_ISNORMAL: *out = fer_fp_is_normal(m, b); return true;
  case FER_I_ISSUBNORMAL: *out = fer_fp_is_subnormal(m, b); return true;
  case FER_I_ISZERO: *out = fer_fp_is_zero(m, b); return true;
  case FER_I_ISINF: *out = fer_fp_is_inf(m, b); return true;
  case FER_I_ISNAN: *out = fer_fp_is_nan(m, b); return true;
  case FER_I_ISNEG: *out = fer_fp_is_negative(m, b); return true;
  case FER_I_ISPOS: *out = fer_fp_is_positive(m, b); return true;
  case FER_I_FCVT: {
    fer_fmt from = {i->e, i->c};
    *out = fer_fp_convert(m, rm, from, b);
    return true;
  }
  case FER_I_FROMSBV: *out = fer_fp_from_sbv(m, rm, b, i->c); return true;
  case FER_I_FROMUBV: *out = fer_fp_from_ubv(m, rm, b, i->c); return true;
  default: return false;
  }
}

/* A formula with every fast opcode on Float32 and Float64 (and Float16, to
 * cover the fallback), constant RNE and a rounding-mode variable; inputs
 * from the biased generator; after each evaluation of all constraints every
 * instruction's register must equal the fp.h function on its operand
 * registers (each instruction writes its own register, so the file holds
 * the whole run), and the min/max unspecified flag must be raised exactly
 * for constraints whose min/max saw zeros of both signs. */
TEST(fp_fast_evaluator) {
  static const char *const sorts[] = {"Float32", "Float64", "Float16"};
  char text[8192];
  size_t len = 0;
  len += (size_t)snprintf(text + len, sizeof text - len,
                          "(declare-fun r () RoundingMode)");
  for (int s = 0; s < 3; s++) {
    const char *t = sorts[s];
    len += (size_t)snprintf(
        text + len, sizeof text - len,
        "(declare-fun x%d () %s)(declare-fun y%d () %s)(declare-fun z%d () %s)"
        "(assert (fp.leq (fp.add RNE x%d y%d) (fp.sub RNE x%d z%d)))"
        "(assert (fp.lt (fp.mul RNE x%d y%d) (fp.div RNE y%d z%d)))"
        "(assert (fp.eq (fp.sqrt RNE x%d) (fp.fma RNE x%d y%d z%d)))"
        "(assert (= (fp.add r x%d y%d) (fp.mul r y%d z%d)))"
        "(assert (= (fp.div r x%d z%d) (fp.sqrt r y%d)))"
        "(assert (fp.isNegative (fp.min x%d y%d)))"
        "(assert (fp.isPositive (fp.max y%d z%d)))"
        "(assert (or (fp.isNormal (fp.abs x%d)) (fp.isSubnormal (fp.neg y%d))"
        " (fp.isZero z%d) (fp.isInfinite x%d) (fp.isNaN y%d)))"
        "(assert (= (fp.sub r z%d x%d) (fp.fma r x%d x%d y%d)))",
        s, t, s, t, s, t, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s,
        s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s);
  }
  /* conversions: between Float32 and Float64 (and from Float16), from
   * signed and unsigned bit-vectors of 64, 32 and 20 bits */
  len += (size_t)snprintf(
      text + len, sizeof text - len,
      "(declare-fun b64 () (_ BitVec 64))(declare-fun b32 () (_ BitVec 32))"
      "(declare-fun b20 () (_ BitVec 20))"
      "(assert (fp.leq ((_ to_fp 11 53) r x0) ((_ to_fp 11 53) RNE b64)))"
      "(assert (fp.lt ((_ to_fp 8 24) RNE x1) ((_ to_fp 8 24) r b32)))"
      "(assert (fp.lt ((_ to_fp 8 24) r x1) ((_ to_fp 8 24) RNE b64)))"
      "(assert (fp.eq ((_ to_fp_unsigned 11 53) r b20) ((_ to_fp 11 53) r b32)))"
      "(assert (fp.leq ((_ to_fp_unsigned 8 24) RNE b64) ((_ to_fp 8 24) RNE x0)))"
      "(assert (fp.geq ((_ to_fp 11 53) RNE x2) ((_ to_fp_unsigned 11 53) r b64)))"
      "(assert (fp.geq ((_ to_fp 8 24) r b20) ((_ to_fp_unsigned 8 24) r b32)))");
  ferret *f = ferret_new();
  ferret_set_output(f, fast_quiet, NULL);
  ferret_set_diagnostic(f, fast_quiet, NULL);
  CHECK(ferret_execute(f, "test", text, len) == FERRET_OK);
  const fer_term *a = f->smt->assertions.data;
  size_t n = f->smt->assertions.size;
  fer_prog p;
  fer_prog_init(&p);
  CHECK(fer_compile(f, a, n, &p) == FERRET_OK);
  /* the program must contain the fast opcodes on both hot formats */
  unsigned seen[FER_I_COUNT][2];
  memset(seen, 0, sizeof seen);
  for (size_t k = 0; k < p.code.size; k++) {
    const fer_insn *i = &p.code.data[k];
    fer_opcode g = fer_opcode_general((fer_opcode)i->op);
    if (i->w == 8 && i->x == 24) seen[g][0]++, seen[i->op][0]++;
    if (i->w == 11 && i->x == 53) seen[g][1]++, seen[i->op][1]++;
  }
  /* and the specialised ones (constant RNE, both formats) */
  static const fer_opcode spec64[] = {FER_I_FADD64, FER_I_FSUB64, FER_I_FMUL64,
                                      FER_I_FDIV64, FER_I_FLEQ64, FER_I_FLT64,
                                      FER_I_FEQ64};
  static const fer_opcode spec32[] = {FER_I_FADD32, FER_I_FSUB32, FER_I_FMUL32,
                                      FER_I_FDIV32, FER_I_FLEQ32, FER_I_FLT32,
                                      FER_I_FEQ32};
  for (size_t k = 0; k < sizeof spec64 / sizeof spec64[0]; k++)
    CHECK_MSG(seen[spec64[k]][1] && seen[spec32[k]][0], "opcode %s",
              fer_opcode_name[spec64[k]]);
  /* the general ones stay where the mode is a variable */
  CHECK(seen[FER_I_FADD][0] && seen[FER_I_FADD][1]);
  static const fer_opcode want_ops[] = {
      FER_I_FADD, FER_I_FSUB, FER_I_FMUL, FER_I_FDIV, FER_I_FSQRT, FER_I_FFMA,
      FER_I_FLEQ, FER_I_FLT, FER_I_FEQ, FER_I_FMIN, FER_I_FMAX, FER_I_FABS,
      FER_I_FNEG, FER_I_ISNORMAL, FER_I_ISSUBNORMAL, FER_I_ISZERO, FER_I_ISINF,
      FER_I_ISNAN, FER_I_ISNEG, FER_I_ISPOS, FER_I_FCVT, FER_I_FROMSBV,
      FER_I_FROMUBV};
  for (size_t k = 0; k < sizeof want_ops / sizeof want_ops[0]; k++)
    CHECK_MSG(seen[want_ops[k]][0] && seen[want_ops[k]][1], "opcode %s",
              fer_opcode_name[want_ops[k]]);
  fer_exec x;
  CHECK(fer_exec_init(f, &x, &p));
  int rounds = fer_test_quick ? 4000 : 20000;
  uint64_t checked = 0, fast_checked = 0, minmax_checked = 0, minmax_zeros = 0;
  unsigned bad = 0;
  for (int round = 0; round < rounds; round++) {
    int env = round % FAST_ENVS;
    for (uint32_t s = 0; s < p.nslots; s++) {
      const fer_slot *sl = &p.slots.data[s];
      fer_u128 v;
      if (sl->kind == FER_SLOT_FP && round >= 1 && round <= 8) {
        /* fp.min/fp.max of two zeros of opposite signs (the unspecified
         * case) is too rare at random for the quick loop: in rounds 1..8
         * every FP slot is a zero whose sign is bit round-1 of its index,
         * so any two of the first 256 slots meet with opposite signs. */
        fer_fmt m = {sl->eb, sl->sb};
        v = fer_fp_zero(m, (s >> (round - 1)) & 1);
      } else if (round && fast_rand() % 3)
        continue; /* change some slots only */
      else if (sl->kind == FER_SLOT_RM)
        v = fast_rand() % 2 ? FER_RNE : fast_rand() % 5;
      else if (sl->kind == FER_SLOT_FP) {
        fer_fmt m = {sl->eb, sl->sb};
        v = fast_gen(m, x.r[s], fast_rand() % 2);
      } else if (sl->kind == FER_SLOT_BV) {
        /* magnitudes of every size: around 2^24 and 2^53 too */
        uint64_t u = fast_rand() >> (fast_rand() % 64);
        v = (fast_rand() % 2 ? 0 - u : u) & fer_bv_mask(sl->bits);
      } else
        v = fast_rand() & 1;
      fer_exec_set(&x, s, v);
    }
    unsigned saved;
    (void)fast_enter_env(env, &saved); /* the evaluator finds it itself */
    bool unspec[64];
    for (uint32_t c = 0; c < p.cons.size && c < 64; c++) {
      (void)fer_exec_cons(&x, c);
      unspec[c] = fer_exec_cons_unspec(&x, c);
    }
    fast_leave_env(env, saved);
    for (size_t k = 0; k < p.code.size; k++) {
      const fer_insn *i = &p.code.data[k];
      fer_u128 want;
      if (!fast_replay(i, x.r, &want)) continue;
      checked++;
      fast_checked += (i->w == 8 && i->x == 24) || (i->w == 11 && i->x == 53);
      if (x.r[i->d] != want && bad++ < 10)
        fprintf(stderr, "evaluator mismatch: env %d %s (%u,%u): %#llx want %#llx\n",
                env, fer_opcode_name[i->op], i->w, i->x,
                (unsigned long long)x.r[i->d], (unsigned long long)want);
    }
    /* the unspecified flag of the constraints (fp.isNegative (fp.min ..))
     * and (fp.isPositive (fp.max ..)): raised exactly for zeros of both
     * signs */
    for (uint32_t c = 0; c < p.cons.size && c < 64; c++) {
      const fer_insn *root = NULL, *mm = NULL;
      for (size_t k = 0; k < p.code.size; k++)
        if (p.code.data[k].d == p.cons.data[c].root) root = &p.code.data[k];
      if (!root || (root->op != FER_I_ISNEG && root->op != FER_I_ISPOS)) continue;
      for (size_t k = 0; k < p.code.size; k++)
        if (p.code.data[k].d == root->b) mm = &p.code.data[k];
      if (!mm || (mm->op != FER_I_FMIN && mm->op != FER_I_FMAX)) continue;
      fer_fmt m = {mm->w, mm->x};
      fer_u128 b = x.r[mm->b], cc = x.r[mm->c];
      bool z = fer_fp_is_zero(m, b) && fer_fp_is_zero(m, cc) && b != cc;
      minmax_checked++;
      minmax_zeros += z;
      CHECK_MSG(unspec[c] == z, "constraint %u: unspecified flag %d, zeros %d",
                c, (int)unspec[c], (int)z);
    }
  }
  CHECK_EQ_U(bad, 0);
  CHECK(fast_checked > (uint64_t)rounds * 20);
  CHECK(minmax_checked >= (uint64_t)rounds * 6);
  CHECK(minmax_zeros > 0);
  fprintf(stderr, "  evaluator: %llu instruction results replayed (%llu on Float32/64)\n",
          (unsigned long long)checked, (unsigned long long)fast_checked);
  fer_exec_release(f, &x);
  fer_prog_release(f, &p);
  ferret_delete(f);
}

/* Searches started under a host MXCSR that is not the standard one (FTZ|
 * DAZ): the first must find the model of a formula whose solutions need
 * exact subnormal arithmetic, the host's allocator and output callbacks
 * must run under the host's control bits every time they are called (also
 * inside a search, where the standard MXCSR is in force), and the host
 * must get its control bits back. */
static unsigned fast_alloc_bad, fast_alloc_calls, fast_alloc_want, fast_alloc_in_search;
static void *fast_alloc(void *user, void *ptr, size_t old_size, size_t new_size) {
  (void)user, (void)old_size;
  fast_alloc_calls++;
  fast_alloc_in_search += fer_env_std();
  fast_alloc_bad += fast_ctrl() != fast_alloc_want;
  if (!new_size) {
    free(ptr);
    return NULL;
  }
  return realloc(ptr, new_size);
}
static void fast_diag_check(void *u, const char *t, size_t n) {
  (void)u, (void)t, (void)n;
  fast_alloc_calls++;
  fast_alloc_in_search += fer_env_std();
  fast_alloc_bad += fast_ctrl() != fast_alloc_want;
}
TEST(fp_fast_search_environment) {
  unsigned saved = fast_set_env(4); /* nearest with FTZ|DAZ */
  fast_alloc_want = fast_ctrl();
  fast_alloc_bad = fast_alloc_calls = 0;
  ferret *f = ferret_new_with_allocator(fast_alloc, NULL);
  ferret_set_output(f, fast_quiet, NULL);
  ferret_set_diagnostic(f, fast_diag_check, NULL);
  CHECK(ferret_set_option(f, "seeds", "none") == FERRET_OK);
  CHECK(ferret_set_option(f, "max_execs", "5000000") == FERRET_OK);
  /* positive subnormals x, y whose sum and product-free comparisons need
   * DAZ off: under DAZ a hardware add would see x + y = 0 */
  static const char q[] =
      "(declare-fun x () Float64)(declare-fun y () Float32)"
      "(assert (fp.isSubnormal x))(assert (fp.isPositive x))"
      "(assert (fp.gt (fp.add RNE x x) (_ +zero 11 53)))"
      "(assert (fp.lt (fp.sub RNE x x) (fp.add RNE x x)))"
      "(assert (fp.isSubnormal y))(assert (fp.isPositive y))"
      "(assert (fp.gt (fp.add RNE y y) (_ +zero 8 24)))"
      "(check-sat)";
  CHECK(ferret_execute(f, "test", q, sizeof q - 1) == FERRET_OK);
  CHECK(f->smt->last == FERRET_SAT);
  /* a search that grows its corpus (allocations) and never succeeds */
  static const char hard[] =
      "(declare-fun a () Float64)(declare-fun b () Float64)"
      "(declare-fun c () Float64)(declare-fun d () Float64)"
      "(assert (fp.lt (fp.mul RNE a b) (fp.add RNE c d)))"
      "(assert (fp.lt (fp.add RNE c d) (fp.mul RNE a b)))(check-sat)";
  CHECK(ferret_set_option(f, "max_execs", "300000") == FERRET_OK);
  /* (the two orders contradict each other: the relations would prove it
   * at once, and the point here is a long search) */
  CHECK(ferret_set_option(f, "relations", "0") == FERRET_OK);
  CHECK(ferret_execute(f, "test", hard, sizeof hard - 1) == FERRET_OK);
  CHECK(f->smt->last != FERRET_SAT);
  CHECK_MSG(fast_alloc_bad == 0, "%u of %u allocator calls under another MXCSR",
            fast_alloc_bad, fast_alloc_calls);
  CHECK(fast_alloc_calls > 0);
  CHECK(fast_ctrl() == fast_alloc_want);
  /* host code called inside a search (the engine calls none today: this
   * is the wrappers' contract) runs under the host's bits, and the
   * standard MXCSR is back after it */
  unsigned before = fast_alloc_in_search;
  fer_env_enter();
  void *p = fer_malloc(f, 100);
  fer_diag(f, "inside a search\n");
  CHECK(!FER_FP_HW || fast_ctrl() == 0x1f80u);
  fer_free(f, p, 100);
  fer_env_leave();
  CHECK(fast_alloc_in_search - before == 3);
  CHECK_MSG(fast_alloc_bad == 0, "%u host calls under the standard MXCSR", fast_alloc_bad);
  CHECK(fast_ctrl() == fast_alloc_want);
  ferret_delete(f);
  fast_restore_env(saved);
}
