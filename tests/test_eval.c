/* The reference evaluator (eval.c) and the ground part of the solver
 * (solve.c).  Every expected value below is derived by hand from IEEE 754 /
 * SMT-LIB definitions (the derivation is in the comment next to it), never
 * by running our own code. */
#include <stdlib.h>
#include <time.h>

#include "smt/eval.h"
#include "base/context.h"
#include "bv/bv.h"
#include "smt/array.h"
#include "smt/term.h"
#include "solve/solve.h"
#include "engine/pre.h"
#include "api/smt_query.h"
#include "test.h"

/* ---- term building shorthands ---- */

static fer_term op1(ferret *f, fer_op op, fer_term a) {
  return fer_mk(f, op, 1, &a, 0, 0);
}
static fer_term op2(ferret *f, fer_op op, fer_term a, fer_term b) {
  fer_term x[2] = {a, b};
  return fer_mk(f, op, 2, x, 0, 0);
}
static fer_term op3(ferret *f, fer_op op, fer_term a, fer_term b, fer_term c) {
  fer_term x[3] = {a, b, c};
  return fer_mk(f, op, 3, x, 0, 0);
}
static fer_term opi(ferret *f, fer_op op, uint32_t n, const fer_term *a,
                    uint32_t i0, uint32_t i1) {
  return fer_mk(f, op, n, a, i0, i1);
}
static fer_term bv(ferret *f, uint32_t w, fer_u128 v) {
  return fer_mk_const_u128(f, fer_sort_bv(f, w), v);
}
static fer_term fp(ferret *f, uint32_t eb, uint32_t sb, fer_u128 v) {
  return fer_mk_const_u128(f, fer_sort_fp(f, eb, sb), v);
}
static fer_term f32(ferret *f, uint32_t v) { return fp(f, 8, 24, v); }
static fer_term rm(ferret *f, fer_rm r) { return fer_mk_rm(f, r); }

/* Ground value of t (BV / FP bits, Bool 0/1); ~0 on failure. */
static fer_u128 ev(ferret *f, fer_term t) {
  bool u = true;
  if (!t) return ~(fer_u128)0;
  fer_term v = fer_eval(f, t, NULL, &u);
  if (!v) return ~(fer_u128)0;
  if (v == fer_true(f)) return 1;
  if (v == fer_false(f)) return 0;
  return fer_const_u128(f, v);
}
static bool evu(ferret *f, fer_term t) { /* is t's value unspecified? */
  bool u = false;
  return fer_eval(f, t, NULL, &u) && u;
}

#define CHECK_V(f, t, want)                                                  \
  do {                                                                       \
    fer_u128 got_ = ev((f), (t)), want_ = (fer_u128)(want);                  \
    CHECK_MSG(got_ == want_, "got %016llx%016llx want %016llx%016llx",       \
              (unsigned long long)(got_ >> 64), (unsigned long long)got_,    \
              (unsigned long long)(want_ >> 64), (unsigned long long)want_); \
  } while (0)

/* binary FP op with a rounding mode */
static fer_term fpop(ferret *f, fer_op op, fer_rm r, fer_term a, fer_term b) {
  return op3(f, op, rm(f, r), a, b);
}

TEST(eval_bool_core) {
  ferret *f = ferret_new();
  fer_term T = fer_true(f), F = fer_false(f);
  CHECK_V(f, op1(f, FER_OP_NOT, F), 1);
  CHECK_V(f, op2(f, FER_OP_AND, T, F), 0);
  CHECK_V(f, op2(f, FER_OP_OR, F, T), 1);
  CHECK_V(f, op2(f, FER_OP_XOR, T, T), 0);
  CHECK_V(f, op2(f, FER_OP_IMPLIES, T, F), 0);
  CHECK_V(f, op2(f, FER_OP_IMPLIES, F, F), 1);
  CHECK_V(f, op2(f, FER_OP_EQ, F, F), 1);
  fer_term three[3] = {T, F, T};
  CHECK_V(f, opi(f, FER_OP_DISTINCT, 3, three, 0, 0), 0);
  CHECK_V(f, opi(f, FER_OP_AND, 3, three, 0, 0), 0);
  CHECK_V(f, opi(f, FER_OP_OR, 3, three, 0, 0), 1);
  CHECK_V(f, op3(f, FER_OP_ITE, F, bv(f, 8, 1), bv(f, 8, 2)), 2);
  CHECK_V(f, op2(f, FER_OP_EQ, rm(f, FER_RNA), rm(f, FER_RNA)), 1);
  CHECK_V(f, op2(f, FER_OP_EQ, rm(f, FER_RNA), rm(f, FER_RTZ)), 0);
  /* distinct over many arguments takes the sorting path */
  fer_term many[40];
  for (int i = 0; i < 40; i++) many[i] = bv(f, 16, (fer_u128)i * 7);
  CHECK_V(f, opi(f, FER_OP_DISTINCT, 40, many, 0, 0), 1);
  many[39] = many[3];
  CHECK_V(f, opi(f, FER_OP_DISTINCT, 40, many, 0, 0), 0);
  /* the root's value comes back as a term of the right kind */
  fer_term c = fer_eval(f, op3(f, FER_OP_ITE, T, rm(f, FER_RTP), rm(f, FER_RNE)),
                        NULL, NULL);
  CHECK(c == rm(f, FER_RTP));
  ferret_delete(f);
}

TEST(eval_bv_ops) {
  ferret *f = ferret_new();
  fer_term a = bv(f, 8, 200), b = bv(f, 8, 100), z = bv(f, 8, 0);
  fer_term m7 = bv(f, 8, 0xf9), two = bv(f, 8, 2); /* -7, 2 */
  CHECK_V(f, op2(f, FER_OP_BVADD, a, b), 44);      /* 300 - 256 */
  CHECK_V(f, op2(f, FER_OP_BVSUB, b, a), 156);     /* -100 + 256 */
  CHECK_V(f, op2(f, FER_OP_BVMUL, a, b), 32);      /* 20000 mod 256 */
  CHECK_V(f, op2(f, FER_OP_BVUDIV, a, b), 2);
  CHECK_V(f, op2(f, FER_OP_BVUREM, a, b), 0);
  CHECK_V(f, op2(f, FER_OP_BVUDIV, a, z), 0xff);   /* SMT-LIB 2.6 */
  CHECK_V(f, op2(f, FER_OP_BVUREM, a, z), 200);
  CHECK_V(f, op2(f, FER_OP_BVSDIV, m7, two), 0xfd); /* -3, truncating */
  CHECK_V(f, op2(f, FER_OP_BVSREM, m7, two), 0xff); /* -1, sign of dividend */
  CHECK_V(f, op2(f, FER_OP_BVSMOD, m7, two), 1);    /* sign of divisor */
  CHECK_V(f, op2(f, FER_OP_BVSDIV, m7, z), 1);      /* -x / 0 = 1 */
  CHECK_V(f, op1(f, FER_OP_BVNEG, a), 56);
  CHECK_V(f, op1(f, FER_OP_BVNOT, a), 55);
  CHECK_V(f, op2(f, FER_OP_BVAND, a, b), 64);     /* 11001000 & 01100100 */
  CHECK_V(f, op2(f, FER_OP_BVOR, a, b), 236);
  CHECK_V(f, op2(f, FER_OP_BVXOR, a, b), 172);
  CHECK_V(f, op2(f, FER_OP_BVNAND, a, b), 191);
  CHECK_V(f, op2(f, FER_OP_BVNOR, a, b), 19);
  CHECK_V(f, op2(f, FER_OP_BVXNOR, a, b), 83);
  CHECK_V(f, op2(f, FER_OP_BVCOMP, a, a), 1);
  CHECK_V(f, op2(f, FER_OP_BVSHL, a, two), 32);   /* 800 mod 256 */
  CHECK_V(f, op2(f, FER_OP_BVLSHR, a, two), 50);
  CHECK_V(f, op2(f, FER_OP_BVASHR, a, two), 0xf2); /* 11110010 */
  CHECK_V(f, op2(f, FER_OP_BVSHL, a, bv(f, 8, 9)), 0);
  CHECK_V(f, op2(f, FER_OP_BVASHR, a, bv(f, 8, 200)), 0xff);
  CHECK_V(f, opi(f, FER_OP_ROTATE_LEFT, 1, &a, 3, 0), 0x46); /* 11001000 -> 01000110 */
  CHECK_V(f, opi(f, FER_OP_ROTATE_RIGHT, 1, &a, 3, 0), 0x19); /* -> 00011001 */
  CHECK_V(f, opi(f, FER_OP_ROTATE_LEFT, 1, &a, 11, 0), 0x46); /* 11 mod 8 */
  CHECK_V(f, opi(f, FER_OP_EXTRACT, 1, &a, 6, 3), 9); /* bits 6..3 of 11001000 */
  CHECK_V(f, op2(f, FER_OP_CONCAT, a, b), 200 * 256 + 100);
  CHECK_V(f, opi(f, FER_OP_REPEAT, 1, &a, 3, 0), 0xc8c8c8);
  CHECK_V(f, opi(f, FER_OP_ZERO_EXTEND, 1, &a, 8, 0), 200);
  CHECK_V(f, opi(f, FER_OP_SIGN_EXTEND, 1, &a, 8, 0), 0xffc8);
  CHECK_V(f, opi(f, FER_OP_SIGN_EXTEND, 1, &a, 120, 0), ~(fer_u128)0 - 55);
  CHECK_V(f, op2(f, FER_OP_BVULT, b, a), 1);
  CHECK_V(f, op2(f, FER_OP_BVULE, a, a), 1);
  CHECK_V(f, op2(f, FER_OP_BVUGT, b, a), 0);
  CHECK_V(f, op2(f, FER_OP_BVUGE, a, b), 1);
  CHECK_V(f, op2(f, FER_OP_BVSLT, a, b), 1); /* -56 < 100 */
  CHECK_V(f, op2(f, FER_OP_BVSLE, b, a), 0);
  CHECK_V(f, op2(f, FER_OP_BVSGT, b, a), 1);
  CHECK_V(f, op2(f, FER_OP_BVSGE, a, a), 1);
  CHECK_V(f, op1(f, FER_OP_BVNEGO, bv(f, 8, 0x80)), 1);
  CHECK_V(f, op1(f, FER_OP_BVNEGO, a), 0);
  CHECK_V(f, op2(f, FER_OP_BVUADDO, a, b), 1);
  CHECK_V(f, op2(f, FER_OP_BVSADDO, b, b), 1); /* 200 > 127 */
  CHECK_V(f, op2(f, FER_OP_BVSADDO, a, b), 0); /* -56 + 100 */
  CHECK_V(f, op2(f, FER_OP_BVUMULO, bv(f, 8, 16), bv(f, 8, 16)), 1);
  CHECK_V(f, op2(f, FER_OP_BVUMULO, bv(f, 8, 15), bv(f, 8, 17)), 0); /* 255 */
  CHECK_V(f, op2(f, FER_OP_BVSMULO, bv(f, 8, 0xf0), bv(f, 8, 8)), 0); /* -128 */
  CHECK_V(f, op2(f, FER_OP_BVSMULO, bv(f, 8, 0xf0), bv(f, 8, 0xf8)), 1); /* 128 */
  CHECK_V(f, op2(f, FER_OP_BVUSUBO, bv(f, 8, 1), two), 1);
  CHECK_V(f, op2(f, FER_OP_BVSSUBO, bv(f, 8, 0x80), bv(f, 8, 1)), 1);
  CHECK_V(f, op2(f, FER_OP_BVSDIVO, bv(f, 8, 0x80), bv(f, 8, 0xff)), 1);
  CHECK_V(f, op2(f, FER_OP_BVSDIVO, bv(f, 8, 0x80), two), 0);
  CHECK_V(f, op1(f, FER_OP_BVREDAND, bv(f, 8, 0xff)), 1);
  CHECK_V(f, op1(f, FER_OP_BVREDAND, a), 0);
  CHECK_V(f, op1(f, FER_OP_BVREDOR, z), 0);
  CHECK_V(f, op1(f, FER_OP_BVREDOR, a), 1);
  /* 128 bits: 2^127 + 2^127 wraps to 0; (2^64)*(2^64) too */
  fer_term h = bv(f, 128, (fer_u128)1 << 127), s = bv(f, 128, (fer_u128)1 << 64);
  CHECK_V(f, op2(f, FER_OP_BVADD, h, h), 0);
  CHECK_V(f, op2(f, FER_OP_BVMUL, s, s), 0);
  CHECK_V(f, op2(f, FER_OP_BVUMULO, s, s), 1);
  CHECK_V(f, op2(f, FER_OP_BVLSHR, h, bv(f, 128, 127)), 1);
  ferret_delete(f);
}

/* Float32 patterns used below (sign|exponent|fraction, hand-encoded). */
#define F_ONE 0x3f800000u   /* 1.0 */
#define F_ONEP 0x3f800001u  /* 1 + 2^-23 */
#define F_TWO 0x40000000u
#define F_THREE 0x40400000u
#define F_HALF 0x3f000000u
#define F_TINY 0x33800000u  /* 2^-24: exponent 127-24 = 103 = 0x67 */
#define F_PZERO 0x00000000u
#define F_NZERO 0x80000000u
#define F_PINF 0x7f800000u
#define F_NINF 0xff800000u
#define F_NAN 0x7fc00000u   /* canonical */
#define F_MAX 0x7f7fffffu

TEST(eval_fp_arith) {
  ferret *f = ferret_new();
  fer_term one = f32(f, F_ONE), tiny = f32(f, F_TINY), two = f32(f, F_TWO);
  fer_term three = f32(f, F_THREE), half = f32(f, F_HALF);
  /* 1 + 2^-24 lies exactly halfway between 1 and 1 + 2^-23. */
  CHECK_V(f, fpop(f, FER_OP_FP_ADD, FER_RNE, one, tiny), F_ONE);  /* even */
  CHECK_V(f, fpop(f, FER_OP_FP_ADD, FER_RNA, one, tiny), F_ONEP); /* away */
  CHECK_V(f, fpop(f, FER_OP_FP_ADD, FER_RTP, one, tiny), F_ONEP);
  CHECK_V(f, fpop(f, FER_OP_FP_ADD, FER_RTN, one, tiny), F_ONE);
  CHECK_V(f, fpop(f, FER_OP_FP_ADD, FER_RTZ, one, tiny), F_ONE);
  /* -1 - 2^-24: mirrored */
  fer_term mone = f32(f, F_ONE | 0x80000000u);
  CHECK_V(f, fpop(f, FER_OP_FP_SUB, FER_RNA, mone, tiny), F_ONEP | 0x80000000u);
  CHECK_V(f, fpop(f, FER_OP_FP_SUB, FER_RTP, mone, tiny), F_ONE | 0x80000000u);
  CHECK_V(f, fpop(f, FER_OP_FP_SUB, FER_RTN, mone, tiny), F_ONEP | 0x80000000u);
  /* x - x is +0, except -0 under RTN */
  CHECK_V(f, fpop(f, FER_OP_FP_SUB, FER_RNE, one, one), F_PZERO);
  CHECK_V(f, fpop(f, FER_OP_FP_SUB, FER_RTN, one, one), F_NZERO);
  CHECK_V(f, fpop(f, FER_OP_FP_MUL, FER_RNE, three, half), 0x3fc00000u); /* 1.5 */
  /* 1/3 = 1.0101..b * 2^-2: exponent 125 = 0x7d, 23 fraction bits
   * 0101..010 = 0x2aaaaa, the rest 1010.. = 2/3 ulp: RNE rounds up, RTZ
   * truncates. */
  CHECK_V(f, fpop(f, FER_OP_FP_DIV, FER_RNE, one, three), 0x3eaaaaabu);
  CHECK_V(f, fpop(f, FER_OP_FP_DIV, FER_RTZ, one, three), 0x3eaaaaaau);
  CHECK_V(f, fpop(f, FER_OP_FP_DIV, FER_RNE, f32(f, F_PZERO), f32(f, F_PZERO)), F_NAN);
  CHECK_V(f, fpop(f, FER_OP_FP_DIV, FER_RNE, one, f32(f, F_NZERO)), F_NINF);
  CHECK_V(f, fpop(f, FER_OP_FP_ADD, FER_RNE, f32(f, F_PINF), f32(f, F_NINF)), F_NAN);
  CHECK_V(f, fpop(f, FER_OP_FP_MUL, FER_RNE, f32(f, F_MAX), two), F_PINF);
  CHECK_V(f, fpop(f, FER_OP_FP_MUL, FER_RTZ, f32(f, F_MAX), two), F_MAX);
  CHECK_V(f, fpop(f, FER_OP_FP_MUL, FER_RTN, f32(f, F_MAX), two), F_MAX);
  /* sqrt(2) = 1.0110101000001001111001100110011..: 0x3fb504f3 (RNE) */
  CHECK_V(f, op2(f, FER_OP_FP_SQRT, rm(f, FER_RNE), two), 0x3fb504f3u);
  CHECK_V(f, op2(f, FER_OP_FP_SQRT, rm(f, FER_RNE), mone), F_NAN);
  CHECK_V(f, op2(f, FER_OP_FP_SQRT, rm(f, FER_RNE), f32(f, F_NZERO)), F_NZERO);
  fer_term fa[4] = {rm(f, FER_RNE), two, three, one}; /* 2*3+1 = 7 */
  CHECK_V(f, opi(f, FER_OP_FP_FMA, 4, fa, 0, 0), 0x40e00000u);
  /* fma rounds once: (1+2^-12)^2 - 1 = 2^-11 + 2^-24 = 2^-11 (1 + 2^-13)
   * is exact (exponent 116 = 0x74, fraction bit 2^10); mul-then-add would
   * round the square to 1 + 2^-11 (a tie to even) and give 2^-11. */
  fer_term p12 = f32(f, 0x3f800800u);
  fer_term ma[4] = {rm(f, FER_RNE), p12, p12, mone};
  CHECK_V(f, opi(f, FER_OP_FP_FMA, 4, ma, 0, 0), 0x3a000400u);
  /* rem: 5 rem 3 = 5 - 2*3 = -1; 7 rem 2 = 7 - 4*2 (3.5 ties to even 4) */
  fer_term five = f32(f, 0x40a00000u), seven = f32(f, 0x40e00000u);
  CHECK_V(f, op2(f, FER_OP_FP_REM, five, three), F_ONE | 0x80000000u);
  CHECK_V(f, op2(f, FER_OP_FP_REM, seven, two), F_ONE | 0x80000000u);
  CHECK_V(f, op2(f, FER_OP_FP_REM, five, two), F_ONE); /* 2.5 -> 2 */
  CHECK_V(f, op2(f, FER_OP_FP_REM, one, f32(f, F_PZERO)), F_NAN);
  /* roundToIntegral of 2.5 under every mode; -2.5 under RTN */
  fer_term h25 = f32(f, 0x40200000u);
  CHECK_V(f, op2(f, FER_OP_FP_RTI, rm(f, FER_RNE), h25), F_TWO);
  CHECK_V(f, op2(f, FER_OP_FP_RTI, rm(f, FER_RNA), h25), F_THREE);
  CHECK_V(f, op2(f, FER_OP_FP_RTI, rm(f, FER_RTP), h25), F_THREE);
  CHECK_V(f, op2(f, FER_OP_FP_RTI, rm(f, FER_RTN), h25), F_TWO);
  CHECK_V(f, op2(f, FER_OP_FP_RTI, rm(f, FER_RTZ), h25), F_TWO);
  CHECK_V(f, op2(f, FER_OP_FP_RTI, rm(f, FER_RTN), f32(f, 0xc0200000u)), 0xc0400000u);
  CHECK_V(f, op2(f, FER_OP_FP_RTI, rm(f, FER_RNE), f32(f, 0xbf000000u)), F_NZERO);
  CHECK_V(f, op2(f, FER_OP_FP_MIN, one, two), F_ONE);
  CHECK_V(f, op2(f, FER_OP_FP_MAX, one, two), F_TWO);
  CHECK_V(f, op2(f, FER_OP_FP_MIN, f32(f, F_NAN), two), F_TWO);
  CHECK_V(f, op1(f, FER_OP_FP_NEG, one), F_ONE | 0x80000000u);
  CHECK_V(f, op1(f, FER_OP_FP_ABS, mone), F_ONE);
  CHECK_V(f, op1(f, FER_OP_FP_NEG, f32(f, F_NAN)), F_NAN);
  /* Float16: 65504 (0x7bff, odd significand) + 16 is the tie between 65504
   * and 65536; ties-to-even and ties-away both give 65536 = overflow. */
  fer_term hmax = fp(f, 5, 11, 0x7bff), h16 = fp(f, 5, 11, 0x4c00);
  CHECK_V(f, op3(f, FER_OP_FP_ADD, rm(f, FER_RNE), hmax, h16), 0x7c00);
  CHECK_V(f, op3(f, FER_OP_FP_ADD, rm(f, FER_RNA), hmax, h16), 0x7c00);
  CHECK_V(f, op3(f, FER_OP_FP_ADD, rm(f, FER_RTZ), hmax, h16), 0x7bff);
  /* Float128: 1 + 1 = 2 (exponent bias 16383) */
  fer_term q1 = fp(f, 15, 113, (fer_u128)0x3fff << 112);
  CHECK_V(f, op3(f, FER_OP_FP_ADD, rm(f, FER_RNE), q1, q1), (fer_u128)0x4000 << 112);
  /* (fp s e m) assembles fields; Float(3,5): 1.5 = 0 011 1000 */
  fer_term fl[3] = {bv(f, 1, 0), bv(f, 3, 3), bv(f, 4, 8)};
  CHECK_V(f, opi(f, FER_OP_FP, 3, fl, 0, 0), 0x38);
  ferret_delete(f);
}

TEST(eval_fp_compare_classify) {
  ferret *f = ferret_new();
  fer_term pz = f32(f, F_PZERO), nz = f32(f, F_NZERO), nan = f32(f, F_NAN);
  fer_term one = f32(f, F_ONE), sub = f32(f, 1), ninf = f32(f, F_NINF);
  CHECK_V(f, op2(f, FER_OP_FP_LT, nz, pz), 0);
  CHECK_V(f, op2(f, FER_OP_FP_LEQ, pz, nz), 1);
  CHECK_V(f, op2(f, FER_OP_FP_EQ, nz, pz), 1);
  CHECK_V(f, op2(f, FER_OP_EQ, nz, pz), 0);   /* = is structural */
  CHECK_V(f, op2(f, FER_OP_EQ, nan, nan), 1);
  CHECK_V(f, op2(f, FER_OP_FP_EQ, nan, nan), 0);
  CHECK_V(f, op2(f, FER_OP_FP_GT, one, sub), 1);
  CHECK_V(f, op2(f, FER_OP_FP_GEQ, ninf, one), 0);
  CHECK_V(f, op2(f, FER_OP_FP_LEQ, nan, one), 0);
  CHECK_V(f, op2(f, FER_OP_FP_LT, ninf, nz), 1);
  fer_term two_nz[2] = {pz, nz};
  CHECK_V(f, opi(f, FER_OP_DISTINCT, 2, two_nz, 0, 0), 1);
  CHECK_V(f, op1(f, FER_OP_FP_IS_SUBNORMAL, sub), 1);
  CHECK_V(f, op1(f, FER_OP_FP_IS_NORMAL, sub), 0);
  CHECK_V(f, op1(f, FER_OP_FP_IS_NORMAL, one), 1);
  CHECK_V(f, op1(f, FER_OP_FP_IS_ZERO, nz), 1);
  CHECK_V(f, op1(f, FER_OP_FP_IS_INF, ninf), 1);
  CHECK_V(f, op1(f, FER_OP_FP_IS_NAN, nan), 1);
  CHECK_V(f, op1(f, FER_OP_FP_IS_NEG, nz), 1);
  CHECK_V(f, op1(f, FER_OP_FP_IS_POS, nz), 0);
  CHECK_V(f, op1(f, FER_OP_FP_IS_NEG, nan), 0);
  CHECK_V(f, op1(f, FER_OP_FP_IS_POS, nan), 0);
  /* a non-canonical NaN pattern read through to_fp is the NaN */
  fer_term raw = bv(f, 32, 0xffc00001u);
  CHECK_V(f, opi(f, FER_OP_TO_FP_BV, 1, &raw, 8, 24), F_NAN);
  ferret_delete(f);
}

TEST(eval_fp_conversions) {
  ferret *f = ferret_new();
  fer_term a[2];
  /* Float64 0.1 = 0x3FB999999999999A; to Float32: 1.10011001100110011001100|11..
   * -> RNE rounds up to 0x3dcccccd, RTZ truncates to 0x3dcccccc */
  a[0] = rm(f, FER_RNE), a[1] = fp(f, 11, 53, 0x3FB999999999999Aull);
  CHECK_V(f, opi(f, FER_OP_TO_FP_FP, 2, a, 8, 24), 0x3dcccccdu);
  a[0] = rm(f, FER_RTZ);
  CHECK_V(f, opi(f, FER_OP_TO_FP_FP, 2, a, 8, 24), 0x3dccccccu);
  /* Float32 1.0 to Float64 is exact: 0x3ff0000000000000 */
  a[0] = rm(f, FER_RNE), a[1] = f32(f, F_ONE);
  CHECK_V(f, opi(f, FER_OP_TO_FP_FP, 2, a, 11, 53), 0x3ff0000000000000ull);
  /* signed 0x83 = -125 = -1.953125 * 2^6: 1 10000101 1111010000.. */
  a[1] = bv(f, 8, 0x83);
  CHECK_V(f, opi(f, FER_OP_TO_FP_SBV, 2, a, 8, 24), 0xc2fa0000u);
  CHECK_V(f, opi(f, FER_OP_TO_FP_UBV, 2, a, 8, 24), 0x43030000u); /* 131 */
  /* 2^24 + 1 unsigned (25 bits) to Float32: tie -> even 2^24 (RNE), RTP up */
  a[1] = bv(f, 25, (1u << 24) + 1);
  CHECK_V(f, opi(f, FER_OP_TO_FP_UBV, 2, a, 8, 24), 0x4b800000u);
  a[0] = rm(f, FER_RTP);
  CHECK_V(f, opi(f, FER_OP_TO_FP_UBV, 2, a, 8, 24), 0x4b800001u);
  /* Reals: 1/10 and -1/3 */
  uint32_t one = 1, ten = 10, three = 3;
  a[0] = rm(f, FER_RNE), a[1] = fer_mk_real(f, false, &one, 1, &ten, 1);
  CHECK_V(f, opi(f, FER_OP_TO_FP_REAL, 2, a, 8, 24), 0x3dcccccdu);
  a[1] = fer_mk_real(f, true, &one, 1, &three, 1);
  CHECK_V(f, opi(f, FER_OP_TO_FP_REAL, 2, a, 8, 24), 0xbeaaaaabu);
  a[0] = rm(f, FER_RTN); /* toward -inf: magnitude up */
  CHECK_V(f, opi(f, FER_OP_TO_FP_REAL, 2, a, 8, 24), 0xbeaaaaabu);
  a[0] = rm(f, FER_RTP);
  CHECK_V(f, opi(f, FER_OP_TO_FP_REAL, 2, a, 8, 24), 0xbeaaaaaau);
  /* fp.to_ubv / fp.to_sbv, rounding mode honoured */
  a[0] = rm(f, FER_RNE), a[1] = f32(f, 0x40200000u); /* 2.5 */
  CHECK_V(f, opi(f, FER_OP_FP_TO_UBV, 2, a, 8, 0), 2);
  a[0] = rm(f, FER_RNA);
  CHECK_V(f, opi(f, FER_OP_FP_TO_UBV, 2, a, 8, 0), 3);
  a[0] = rm(f, FER_RTP);
  CHECK_V(f, opi(f, FER_OP_FP_TO_SBV, 2, a, 8, 0), 3);
  a[0] = rm(f, FER_RTN), a[1] = f32(f, 0xc0200000u); /* -2.5 */
  CHECK_V(f, opi(f, FER_OP_FP_TO_SBV, 2, a, 8, 0), 0xfd);
  a[0] = rm(f, FER_RTZ), a[1] = f32(f, 0xc3000000u); /* -128 */
  CHECK_V(f, opi(f, FER_OP_FP_TO_SBV, 2, a, 8, 0), 0x80);
  CHECK(!evu(f, opi(f, FER_OP_FP_TO_SBV, 2, a, 8, 0)));
  a[1] = f32(f, 0xbf000000u); /* -0.5 -> -0 under RTZ: in range for ubv */
  CHECK_V(f, opi(f, FER_OP_FP_TO_UBV, 2, a, 8, 0), 0);
  CHECK(!evu(f, opi(f, FER_OP_FP_TO_UBV, 2, a, 8, 0)));
  fer_term one32 = f32(f, F_ONE);
  CHECK_V(f, op1(f, FER_OP_FP_TO_IEEE_BV, one32), F_ONE);
  fer_term raw = bv(f, 32, F_ONE);
  CHECK_V(f, opi(f, FER_OP_TO_FP_BV, 1, &raw, 8, 24), F_ONE);
  ferret_delete(f);
}

TEST(eval_unspecified_flags) {
  ferret *f = ferret_new();
  fer_term pz = f32(f, F_PZERO), nz = f32(f, F_NZERO), one = f32(f, F_ONE);
  fer_term mn = op2(f, FER_OP_FP_MIN, pz, nz);
  CHECK(evu(f, mn));
  CHECK(evu(f, op2(f, FER_OP_FP_MAX, nz, pz)));
  CHECK(!evu(f, op2(f, FER_OP_FP_MIN, pz, pz)));
  CHECK(!evu(f, op2(f, FER_OP_FP_MIN, one, nz)));
  /* a zero of either sign: these cannot tell */
  CHECK(!evu(f, op1(f, FER_OP_FP_IS_ZERO, mn)));
  CHECK_V(f, op1(f, FER_OP_FP_IS_ZERO, mn), 1);
  CHECK(!evu(f, op2(f, FER_OP_FP_LT, mn, one)));
  CHECK(!evu(f, op1(f, FER_OP_FP_ABS, mn)));
  /* these can */
  CHECK(evu(f, op1(f, FER_OP_FP_IS_NEG, mn)));
  CHECK(evu(f, op2(f, FER_OP_EQ, mn, pz)));
  CHECK(evu(f, op1(f, FER_OP_FP_NEG, mn)));
  CHECK(evu(f, fpop(f, FER_OP_FP_DIV, FER_RNE, one, mn))); /* +-oo */
  /* a connective decided by a clean argument is clean */
  fer_term isneg = op1(f, FER_OP_FP_IS_NEG, mn);
  CHECK(!evu(f, op2(f, FER_OP_OR, fer_true(f), isneg)));
  CHECK(!evu(f, op2(f, FER_OP_AND, isneg, fer_false(f))));
  CHECK(evu(f, op2(f, FER_OP_AND, isneg, fer_true(f))));
  CHECK(evu(f, op3(f, FER_OP_ITE, isneg, one, pz)));
  /* fp.to_ubv / fp.to_sbv out of range or NaN; to_ieee_bv of NaN */
  fer_term a[2] = {rm(f, FER_RNE), f32(f, 0x43800000u)}; /* 256 */
  CHECK(evu(f, opi(f, FER_OP_FP_TO_UBV, 2, a, 8, 0)));
  CHECK(!evu(f, opi(f, FER_OP_FP_TO_UBV, 2, a, 9, 0)));
  a[1] = f32(f, 0x43000000u); /* 128 */
  CHECK(evu(f, opi(f, FER_OP_FP_TO_SBV, 2, a, 8, 0)));
  a[1] = f32(f, F_NAN);
  CHECK(evu(f, opi(f, FER_OP_FP_TO_SBV, 2, a, 32, 0)));
  a[1] = f32(f, F_ONE | 0x80000000u);
  CHECK(evu(f, opi(f, FER_OP_FP_TO_UBV, 2, a, 8, 0)));
  CHECK(evu(f, op1(f, FER_OP_FP_TO_IEEE_BV, f32(f, F_NAN))));
  CHECK(!evu(f, op1(f, FER_OP_FP_TO_IEEE_BV, one)));
  ferret_delete(f);
}

/* A zero of unspecified sign kept in an array stays "a zero of either
 * sign" when read back at a clean index (process_term3 of the corpus
 * needs it); a tainted index might read another element. */
TEST(eval_unspecified_through_arrays) {
  ferret *f = ferret_new();
  fer_sort b1 = fer_sort_bv(f, 1), s32 = fer_sort_fp(f, 8, 24);
  fer_sort arr = fer_sort_array(f, b1, s32), outer = fer_sort_array(f, b1, arr);
  fer_term pz = f32(f, F_PZERO), nz = f32(f, F_NZERO), one = f32(f, F_ONE);
  fer_term mn = op2(f, FER_OP_FP_MIN, pz, nz);
  fer_term zeros = fer_mk_const_array(f, arr, pz);
  fer_term a = op3(f, FER_OP_STORE, zeros, bv(f, 1, 0), mn);
  fer_term at0 = op2(f, FER_OP_SELECT, a, bv(f, 1, 0));
  CHECK(!evu(f, op2(f, FER_OP_FP_EQ, at0, pz))); /* +0 or -0: fp.eq holds */
  CHECK_V(f, op2(f, FER_OP_FP_EQ, at0, pz), 1);
  CHECK(!evu(f, op1(f, FER_OP_FP_IS_ZERO, op2(f, FER_OP_FP_MAX, pz, at0))));
  CHECK(evu(f, op1(f, FER_OP_FP_IS_NEG, at0)));
  CHECK(evu(f, op2(f, FER_OP_EQ, a, zeros))); /* = sees the sign */
  /* nested: the same zero one level down */
  fer_term o = op3(f, FER_OP_STORE, fer_mk_const_array(f, outer, zeros), bv(f, 1, 1), a);
  fer_term deep = op2(f, FER_OP_SELECT, op2(f, FER_OP_SELECT, o, bv(f, 1, 1)), bv(f, 1, 0));
  CHECK(!evu(f, op2(f, FER_OP_FP_LEQ, deep, pz)));
  CHECK(evu(f, op1(f, FER_OP_FP_IS_POS, deep)));
  /* the zero as an index: +0 and -0 are different indices */
  fer_term byfp = op3(f, FER_OP_STORE, fer_mk_const_array(f, fer_sort_array(f, s32, s32), pz),
                      pz, one);
  CHECK(evu(f, op1(f, FER_OP_FP_IS_ZERO, op2(f, FER_OP_SELECT, byfp, mn))));
  CHECK(!evu(f, op1(f, FER_OP_FP_IS_ZERO, op2(f, FER_OP_SELECT, byfp, nz))));
  ferret_delete(f);
}

TEST(eval_variables_and_laziness) {
  ferret *f = ferret_new();
  fer_sort bv8 = fer_sort_bv(f, 8), b = fer_sort_bool(f);
  fer_term x = fer_mk_var(f, "x", bv8), p = fer_mk_var(f, "p", b);
  fer_term sum = op2(f, FER_OP_BVADD, x, bv(f, 8, 1));
  /* unassigned, with and without a model */
  CHECK(fer_eval(f, sum, NULL, NULL) == 0);
  CHECK(strstr(ferret_error(f)->message, "unassigned") != NULL);
  CHECK(strstr(ferret_error(f)->message, "'x'") != NULL);
  fer_model m;
  fer_model_init(&m);
  CHECK(fer_model_reserve(f, &m));
  CHECK(fer_eval(f, sum, &m, NULL) == 0);
  m.value[fer_term_idx(f, x, 0)] = bv(f, 8, 255);
  CHECK(fer_eval(f, sum, &m, NULL) == bv(f, 8, 0));
  /* dead branches with unassigned p are never looked at */
  CHECK_V(f, op3(f, FER_OP_ITE, fer_true(f), bv(f, 8, 7), op3(f, FER_OP_ITE, p, x, x)), 7);
  CHECK_V(f, op2(f, FER_OP_AND, fer_false(f), p), 0);
  CHECK_V(f, op2(f, FER_OP_OR, fer_true(f), p), 1);
  CHECK_V(f, op2(f, FER_OP_IMPLIES, fer_false(f), p), 1);
  m.value[fer_term_idx(f, p, 0)] = fer_true(f);
  CHECK(fer_eval(f, op2(f, FER_OP_XOR, p, p), &m, NULL) == fer_false(f));
  /* a PARAM cannot be evaluated */
  CHECK(fer_eval(f, fer_mk_param(f, 0, bv8), &m, NULL) == 0);
  /* groundness */
  CHECK(!fer_term_is_ground(f, sum));
  CHECK(fer_term_is_ground(f, op2(f, FER_OP_BVADD, bv(f, 8, 1), bv(f, 8, 2))));
  CHECK(!fer_term_is_ground(f, op3(f, FER_OP_ITE, fer_true(f), bv(f, 8, 7), x)));
  fer_model_release(f, &m);
  ferret_delete(f);
}

/* Bit-vectors of any width are evaluated (eval_wide.c), FP formats up to
 * 1024 bits too (fp/fpw.h); wider FP formats are not. */
TEST(eval_wide_sorts_unsupported) {
  ferret *f = ferret_new();
  uint64_t limbs[4] = {1, 2, 3, 4};
  fer_term w = fer_mk_const(f, fer_sort_bv(f, 256), limbs);
  fer_term e = fer_mk(f, FER_OP_EXTRACT, 1, &w, 135, 64); /* limb 1 and 2's low byte */
  fer_term v = fer_eval(f, e, NULL, NULL);
  CHECK(v && fer_const_u128(f, v) == (((fer_u128)3 << 64) | 2));
  fer_term ww[2] = {w, w};
  fer_term s = fer_eval(f, fer_mk(f, FER_OP_BVADD, 2, ww, 0, 0), NULL, NULL);
  CHECK(s && fer_const_limbs(f, s)[0] == 2 && fer_const_limbs(f, s)[3] == 8);
  CHECK_V(f, op1(f, FER_OP_FP_IS_ZERO, fp(f, 15, 114, 0)), 1);
  CHECK_V(f, op1(f, FER_OP_FP_IS_NEG, fp(f, 15, 114, (fer_u128)1 << 127)), 0);
  fer_term q = fp(f, 15, 1010, 0);
  CHECK(fer_eval(f, op1(f, FER_OP_FP_IS_ZERO, q), NULL, NULL) == 0);
  CHECK(strstr(ferret_error(f)->message, "15 1010") != NULL);
  /* 128 bits exactly is fine */
  CHECK_V(f, op1(f, FER_OP_FP_IS_ZERO, fp(f, 15, 113, 0)), 1);
  ferret_delete(f);
}

TEST(eval_sharing_is_linear) {
  ferret *f = ferret_new();
  /* t_{i+1} = t_i + t_i: a tree of 2^100 leaves, a DAG of 100 nodes. */
  fer_term t = bv(f, 128, 1);
  for (int i = 0; i < 100; i++) t = op2(f, FER_OP_BVADD, t, t);
  CHECK_V(f, t, (fer_u128)1 << 100);
  /* same through ite and and: (and c c) with c = (and c' c') ... */
  fer_term c = op2(f, FER_OP_BVULT, bv(f, 8, 1), bv(f, 8, 2));
  for (int i = 0; i < 100; i++) c = op2(f, FER_OP_AND, c, op1(f, FER_OP_NOT, op1(f, FER_OP_NOT, c)));
  CHECK_V(f, c, 1);
  CHECK(fer_term_is_ground(f, t));
  ferret_delete(f);
}

TEST(eval_deep_chains) {
  ferret *f = ferret_new();
  const int n = fer_test_quick ? 20000 : 100000;
  fer_sort bv32 = fer_sort_bv(f, 32);
  fer_term x = fer_mk_var(f, "x", bv32), one = bv(f, 32, 1);
  fer_term t = x;
  for (int i = 0; i < n; i++) t = op2(f, FER_OP_BVADD, t, one);
  fer_model m;
  fer_model_init(&m);
  CHECK(fer_model_reserve(f, &m));
  m.value[0] = bv(f, 32, 5);
  fer_term r = fer_eval(f, t, &m, NULL);
  CHECK(r && fer_const_u128(f, r) == (fer_u128)n + 5);
  /* a deep Boolean chain through the lazy connectives */
  fer_term b = op2(f, FER_OP_EQ, t, bv(f, 32, (uint32_t)n + 5));
  for (int i = 0; i < n; i++)
    b = i % 2 ? op2(f, FER_OP_AND, fer_true(f), b)
              : op3(f, FER_OP_ITE, b, fer_true(f), fer_false(f));
  CHECK(fer_eval(f, b, &m, NULL) == fer_true(f));
  CHECK(!fer_term_is_ground(f, b));
  /* a wide and/or: linear however often the connective resumes */
  fer_term *wide = malloc((size_t)n * sizeof *wide);
  for (int i = 0; i < n; i++)
    wide[i] = op2(f, FER_OP_BVULT, bv(f, 32, (uint32_t)i), bv(f, 32, (uint32_t)i + 1));
  CHECK_V(f, opi(f, FER_OP_AND, (uint32_t)n, wide, 0, 0), 1);
  for (int i = 0; i < n; i++)
    wide[i] = op2(f, FER_OP_BVULT, bv(f, 32, (uint32_t)i + 1), bv(f, 32, (uint32_t)i));
  CHECK_V(f, opi(f, FER_OP_OR, (uint32_t)n, wide, 0, 0), 0);
  free(wide);
  /* a deep FP chain */
  fer_term y = f32(f, F_ONE);
  for (int i = 0; i < n / 10; i++) y = fpop(f, FER_OP_FP_MUL, FER_RNE, y, f32(f, F_ONE));
  CHECK_V(f, y, F_ONE);
  fer_model_release(f, &m);
  ferret_delete(f);
}

/* ---- solve.c: ground formulas and validation ---- */

TEST(solve_ground_formulas) {
  ferret *f = ferret_new();
  fer_model m;
  fer_model_init(&m);
  const char *why = NULL;
  fer_term one = f32(f, F_ONE), tiny = f32(f, F_TINY);
  /* RNA: 1 + 2^-24 rounds away to 1 + 2^-23, so it is not 1 */
  fer_term rna = op2(f, FER_OP_FP_EQ, fpop(f, FER_OP_FP_ADD, FER_RNA, one, tiny), one);
  fer_term rne = op2(f, FER_OP_FP_EQ, fpop(f, FER_OP_FP_ADD, FER_RNE, one, tiny), one);
  CHECK(fer_solve(f, &rne, 1, &m, &why, NULL) == FERRET_SAT);
  CHECK(fer_solve(f, &rna, 1, &m, &why, NULL) == FERRET_UNSAT);
  fer_term both[2] = {rne, op1(f, FER_OP_NOT, rna)};
  CHECK(fer_solve(f, both, 2, &m, &why, NULL) == FERRET_SAT);
  CHECK(fer_solve(f, NULL, 0, &m, &why, NULL) == FERRET_SAT);
  /* unspecified: fp.isNegative (fp.min +0 -0) */
  fer_term mn = op2(f, FER_OP_FP_MIN, f32(f, F_PZERO), f32(f, F_NZERO));
  fer_term neg = op1(f, FER_OP_FP_IS_NEG, mn);
  CHECK(fer_solve(f, &neg, 1, &m, &why, NULL) == FERRET_UNKNOWN);
  CHECK_STR(why, "unspecified");
  /* ... but a false clean assertion beside it still proves unsat */
  fer_term two[2] = {neg, rna};
  CHECK(fer_solve(f, two, 2, &m, &why, NULL) == FERRET_UNSAT);
  /* non-ground: the search engine's business; a sat must come with a
   * model that validates (x is a NaN), and literally false is unsat */
  fer_term x = fer_mk_var(f, "x", fer_sort_fp(f, 8, 24));
  fer_term nan = op1(f, FER_OP_FP_IS_NAN, x);
  ferret_result res = fer_solve(f, &nan, 1, &m, &why, NULL);
  CHECK(res == FERRET_SAT || res == FERRET_UNKNOWN);
  if (res == FERRET_SAT) {
    CHECK(fer_model_validate(f, &nan, 1, &m) == 1);
    CHECK(m.value[fer_term_idx(f, x, 0)] == f32(f, F_NAN));
  }
  fer_term lf[2] = {nan, fer_false(f)};
  CHECK(fer_solve(f, lf, 2, &m, &why, NULL) == FERRET_UNSAT);
  /* Float128 and to_ubv with a rounding mode */
  fer_term q1 = fp(f, 15, 113, (fer_u128)0x3fff << 112);
  fer_term q3 = fp(f, 15, 113, (fer_u128)0x4000 << 112 | (fer_u128)1 << 111); /* 3 */
  fer_term qs = op3(f, FER_OP_FP_ADD, rm(f, FER_RNE), q1,
                    op3(f, FER_OP_FP_ADD, rm(f, FER_RNE), q1, q1));
  fer_term qe = op2(f, FER_OP_FP_EQ, qs, q3);
  CHECK(fer_solve(f, &qe, 1, &m, &why, NULL) == FERRET_SAT);
  fer_term a[2] = {rm(f, FER_RNA), f32(f, 0x40200000u)}; /* 2.5 -> 3 */
  fer_term cv = op2(f, FER_OP_EQ, opi(f, FER_OP_FP_TO_UBV, 2, a, 4, 0), bv(f, 4, 2));
  CHECK(fer_solve(f, &cv, 1, &m, &why, NULL) == FERRET_UNSAT);
  /* bit-vectors of 256 bits are decided */
  uint64_t limbs[4] = {1, 0, 0, 0}, limbs2[4] = {1, 0, 0, 1};
  fer_term w = fer_mk_const(f, fer_sort_bv(f, 256), limbs);
  fer_term w2 = fer_mk_const(f, fer_sort_bv(f, 256), limbs2);
  fer_term we = op2(f, FER_OP_EQ, w, w), wn = op2(f, FER_OP_EQ, w, w2);
  CHECK(fer_solve(f, &we, 1, &m, &why, NULL) == FERRET_SAT);
  CHECK(fer_solve(f, &wn, 1, &m, &why, NULL) == FERRET_UNSAT);
  /* a 129-bit format is decided (fp/fpw.c); one past 1024 bits is
   * unknown, never a guess */
  fer_term qz = op1(f, FER_OP_FP_IS_ZERO, fp(f, 15, 114, 0));
  CHECK(fer_solve(f, &qz, 1, &m, &why, NULL) == FERRET_SAT);
  fer_term qn = op1(f, FER_OP_FP_IS_NAN, fp(f, 15, 114, 0));
  CHECK(fer_solve(f, &qn, 1, &m, &why, NULL) == FERRET_UNSAT);
  fer_term qw = op1(f, FER_OP_FP_IS_ZERO, fp(f, 15, 1010, 0));
  CHECK(fer_solve(f, &qw, 1, &m, &why, NULL) == FERRET_UNKNOWN);
  CHECK_STR(why, "unsupported");
  fer_model_release(f, &m);
  ferret_delete(f);
}

TEST(solve_model_validate) {
  ferret *f = ferret_new();
  fer_sort s = fer_sort_fp(f, 8, 24);
  fer_term x = fer_mk_var(f, "x", s);
  fer_term gt = op2(f, FER_OP_FP_GT, x, f32(f, F_ONE));
  fer_term mn = op2(f, FER_OP_FP_MIN, x, f32(f, F_NZERO));
  fer_term neg = op1(f, FER_OP_FP_IS_NEG, mn);
  fer_model m;
  fer_model_init(&m);
  CHECK(fer_model_reserve(f, &m));
  CHECK(fer_model_validate(f, &gt, 1, &m) == 0); /* unassigned */
  m.value[0] = f32(f, F_TWO);
  CHECK(fer_model_validate(f, &gt, 1, &m) == 1);
  m.value[0] = f32(f, F_ONE);
  CHECK(fer_model_validate(f, &gt, 1, &m) == 0);
  m.value[0] = f32(f, F_PZERO);
  CHECK(fer_model_validate(f, &neg, 1, &m) == -1);
  fer_term both[2] = {neg, gt}; /* gt is false whatever min chooses */
  CHECK(fer_model_validate(f, both, 2, &m) == 0);
  m.value[0] = f32(f, F_NZERO);
  CHECK(fer_model_validate(f, &neg, 1, &m) == 1);
  fer_model_release(f, &m);
  ferret_delete(f);
}

/* ---- through the SMT-LIB reader: check-sat on ground formulas ---- */

/* Does `out` contain `line` as a whole line? */
static bool has_line(const char *out, const char *line) {
  size_t n = strlen(line);
  for (const char *p = out; (p = strstr(p, line)); p++)
    if ((p == out || p[-1] == '\n') && (p[n] == '\n' || !p[n])) return true;
  return false;
}

TEST(eval_smt_ground_check_sat) {
  /* 2^-24 = 0.000000059604644775390625: 1 + 2^-24 is a tie in Float32 */
  const char *rna =
      "(set-logic QF_FP)\n"
      "(define-fun one () Float32 ((_ to_fp 8 24) RNE 1.0))\n"
      "(define-fun tiny () Float32 ((_ to_fp 8 24) RNE 0.000000059604644775390625))\n"
      "(push 1)\n(assert (fp.eq (fp.add RNE one tiny) one))\n(check-sat)\n(pop 1)\n"
      "(push 1)\n(assert (fp.eq (fp.add RNA one tiny) one))\n(check-sat)\n(pop 1)\n";
  fer_test_run r = fer_test_smt(rna);
  CHECK_STR(r.out, "sat\nunsat\n");
  /* Float16: 65504 + 16 overflows under RNE, not under RTZ */
  r = fer_test_smt(
      "(assert (fp.isInfinite (fp.add RNE (fp #b0 #b11110 #b1111111111) "
      "(fp #b0 #b10011 #b0000000000))))\n(check-sat)\n"
      "(reset-assertions)\n"
      "(assert (fp.isInfinite (fp.add RTZ (fp #b0 #b11110 #b1111111111) "
      "(fp #b0 #b10011 #b0000000000))))\n(check-sat)\n");
  CHECK_STR(r.out, "sat\nunsat\n");
  /* Float128: 1 + 2 = 3 and 1/3 * 3 != 1 under RTZ */
  r = fer_test_smt(
      "(define-fun q1 () Float128 ((_ to_fp 15 113) RNE 1.0))\n"
      "(assert (= (fp.add RNE q1 (fp.add RNE q1 q1)) ((_ to_fp 15 113) RNE 3.0)))\n"
      "(check-sat)\n"
      "(assert (fp.eq (fp.mul RTZ (fp.div RTZ q1 ((_ to_fp 15 113) RNE 3.0)) "
      "((_ to_fp 15 113) RNE 3.0)) q1))\n(check-sat)\n");
  CHECK_STR(r.out, "sat\nunsat\n");
  /* fp.to_ubv honours its rounding mode: 2.5 -> 2 (RNE), 3 (RNA) */
  r = fer_test_smt(
      "(define-fun h () Float32 ((_ to_fp 8 24) RNE 2.5))\n"
      "(push 1)(assert (= ((_ fp.to_ubv 4) RNE h) #x2))(check-sat)(pop 1)\n"
      "(push 1)(assert (= ((_ fp.to_ubv 4) RNA h) #x3))(check-sat)(pop 1)\n"
      "(push 1)(assert (= ((_ fp.to_ubv 4) RNA h) #x2))(check-sat)(pop 1)\n");
  CHECK_STR(r.out, "sat\nsat\nunsat\n");
  /* an unspecified choice decides: unknown, never sat or unsat */
  r = fer_test_smt(
      "(assert (fp.isNegative (fp.min (_ +zero 8 24) (_ -zero 8 24))))\n"
      "(check-sat)\n");
  CHECK(has_line(r.out, "unknown"));
  /* get-value of a ground term: 1.5 + 1.5 = 3 = (fp #b0 #x80 #b100..0) */
  r = fer_test_smt(
      "(assert true)\n(check-sat)\n(get-value ((fp.add RNE ((_ to_fp 8 24) RNE 1.5) "
      "((_ to_fp 8 24) RNE 1.5))))\n");
  CHECK(has_line(r.out, "sat"));
  CHECK(strstr(r.out, "#b10000000 #b10000000000000000000000)") != NULL ||
        strstr(r.out, "#x80 #b10000000000000000000000)") != NULL);
}

/* fer_eval_holds_memo (the judge's validation) with one kept memo over
 * many models answers as a fresh evaluation of each assertion does
 * (fer_eval), also across the stamp's wrap-around, and after a failed
 * call (unassigned variable) that left work on the stack. */
TEST(eval_holds_with_kept_memo) {
  ferret *f = ferret_new();
  fer_sort bv8 = fer_sort_bv(f, 8), f16 = fer_sort_fp(f, 5, 11);
  fer_term x = fer_mk_var(f, "x", bv8), y = fer_mk_var(f, "y", bv8);
  fer_term h = fer_mk_var(f, "h", f16), z = fer_mk_var(f, "z", bv8);
  fer_term s = op2(f, FER_OP_BVADD, x, y); /* shared by two assertions */
  fer_term hs = fer_mk(f, FER_OP_TO_FP_UBV, 2, (fer_term[]){rm(f, FER_RNE), s}, 5, 11);
  fer_term a[3] = {op2(f, FER_OP_BVULT, s, bv(f, 8, 200)),
                   op2(f, FER_OP_FP_LT, h, hs),
                   op1(f, FER_OP_NOT, op2(f, FER_OP_EQ, s, bv(f, 8, 7)))};
  fer_model m;
  fer_model_init(&m);
  CHECK(fer_model_reserve(f, &m));
  fer_eval_memo kept = {0};
  uint64_t st = 12345;
  int agree = 0;
  for (int i = 0; i < 3000; i++) {
    st = st * 6364136223846793005ull + 1442695040888963407ull;
    m.value[fer_term_idx(f, x, 0)] = bv(f, 8, (st >> 20) & 255);
    m.value[fer_term_idx(f, y, 0)] = bv(f, 8, (st >> 30) & 255);
    m.value[fer_term_idx(f, h, 0)] = fp(f, 5, 11, (st >> 40) & 0xffff);
    if (i == 1000) kept.gen = UINT32_MAX; /* the next call wraps */
    int want = 1;
    for (int k = 0; k < 3 && want; k++) {
      bool u = false;
      fer_term v = fer_eval(f, a[k], &m, &u);
      if (u) want = -1;
      else if (v != fer_true(f)) want = 0;
    }
    int got = fer_eval_holds_memo(f, &kept, a, 3, &m);
    agree += got == want;
    if (i == 2000) { /* a failing call: z is unassigned */
      fer_term bad = op2(f, FER_OP_BVULT, op2(f, FER_OP_BVADD, s, z), bv(f, 8, 9));
      CHECK(fer_eval_holds_memo(f, &kept, &bad, 1, &m) == 0);
    }
  }
  CHECK_MSG(agree == 3000, "%d of 3000 agree", agree);
  fer_eval_memo_release(f, &kept);
  fer_model_release(f, &m);
  ferret_delete(f);
}

/* ---- plans (fer_eval_plan): the reference evaluator laid out once ---- */

/* What the judge did before plans: vars[i] = vals[i] as constants, the
 * eliminated variables completed (the model's values of vars in
 * model_vals), then every assertion by fer_eval (value, unspecified) and
 * all of them by fer_eval_holds. */
static int plan_reference(ferret *f, const fer_term *vars, size_t nv,
                          const fer_u128 *vals, const fer_term *ev,
                          const fer_term *ed, size_t ne, const fer_term *a,
                          size_t n, fer_u128 *model_vals, fer_u128 *value,
                          bool *unspec) {
  fer_model m;
  fer_model_init(&m);
  CHECK(fer_model_reserve(f, &m));
  for (size_t i = 0; i < nv; i++)
    m.value[fer_term_idx(f, vars[i], 0)] =
        fer_value_term(f, fer_term_sort(f, vars[i]), vals[i]);
  CHECK(fer_model_complete(f, &m, vars, nv, ev, ed, ne) == FER_WHY_NONE);
  for (size_t k = 0; k < nv; k++)
    model_vals[k] = fer_value_bits(f, m.value[fer_term_idx(f, vars[k], 0)]);
  for (size_t i = 0; i < n; i++) {
    fer_term v = fer_eval(f, a[i], &m, &unspec[i]);
    CHECK(v != 0);
    value[i] = v ? fer_value_bits(f, v) : 0;
  }
  int r = fer_eval_holds(f, a, n, &m);
  fer_model_release(f, &m);
  return r;
}

/* Compare a plan with the reference on `models` random models (values
 * drawn near the special ones); counts of the answers 1, 0, -1 in got[].
 * Returns the number of disagreements. */
static int plan_compare(ferret *f, const fer_term *vars, size_t nv,
                        const fer_term *ev, const fer_term *ed, size_t ne,
                        const fer_term *a, size_t n, int models, uint64_t seed,
                        int got[3]) {
  fer_eval_plan *p = fer_eval_plan_new(f, vars, nv, ev, ed, ne, a, n);
  CHECK(p != NULL);
  if (!p) return 1;
  fer_u128 *vals = calloc(nv + 1, sizeof *vals), *ref_vars = calloc(nv + 1, sizeof *vals);
  fer_u128 *ref_val = calloc(n + 1, sizeof *vals);
  bool *ref_un = calloc(n + 1, sizeof *ref_un);
  int bad = 0;
  uint64_t st = seed;
  for (int it = 0; it < models; it++) {
    /* a quarter of the models are new, the others the last one with each
     * variable redrawn with probability 1/8 (often none): a plan
     * recomputes only what changed since its last check */
    st = st * 6364136223846793005ull + 1442695040888963407ull;
    bool fresh = it == 0 || (st >> 62) == 0;
    for (size_t i = 0; i < nv; i++) {
      st = st * 6364136223846793005ull + 1442695040888963407ull;
      if (!fresh && (st >> 61) != 0) continue;
      const fer_sort_info *si = fer_sort_get(f, fer_term_sort(f, vars[i]));
      uint32_t w = si->kind == FER_SORT_BOOL ? 1
                   : si->kind == FER_SORT_RM ? 3
                   : si->kind == FER_SORT_BV ? si->a
                                             : si->a + si->b;
      st = st * 6364136223846793005ull + 1442695040888963407ull;
      fer_u128 r = ((fer_u128)(st ^ (st >> 29)) << 64) ^ (st * 0x9e3779b97f4a7c15ull);
      switch ((st >> 60) & 3) { /* a quarter each: any, small, zero-ish, top bits */
      case 1: r &= 7; break;
      case 2: r = (st >> 40) & 1 ? (fer_u128)1 << (w - 1) : 0; break;
      case 3: r = ~(fer_u128)0 << (w > 3 ? w - 3 : 0); break;
      default: break;
      }
      vals[i] = r & fer_bv_mask(w);
      if (si->kind == FER_SORT_RM) vals[i] %= 5;
    }
    int want = plan_reference(f, vars, nv, vals, ev, ed, ne, a, n, ref_vars, ref_val,
                              ref_un);
    int r = fer_eval_plan_holds(f, p, vals);
    bool same = r == want;
    for (size_t k = 0; k < nv; k++) same &= vals[k] == ref_vars[k];
    for (size_t i = 0; i < n; i++) {
      bool u;
      fer_u128 v = fer_eval_plan_value(p, i, &u);
      same &= v == ref_val[i] && u == ref_un[i];
    }
    if (!same && bad++ < 3)
      CHECK_MSG(0, "model %d: plan %d, reference %d", it, r, want);
    got[want + 1]++;
  }
  free(vals), free(ref_vars), free(ref_val), free(ref_un);
  fer_eval_plan_free(f, p);
  return bad;
}

/* A formula with every kind of node a plan treats apart (ite on a tainted
 * condition, connectives decided by a clean or a tainted argument,
 * distinct of many arguments, to_fp of a literal, shared subterms) and
 * eliminated variables, one defined by an earlier one and one by a later
 * one (which reads that variable's own value). */
TEST(eval_plan_matches_evaluator) {
  ferret *f = ferret_new();
  fer_sort bv8 = fer_sort_bv(f, 8), f16 = fer_sort_fp(f, 5, 11), b = fer_sort_bool(f);
  fer_term x = fer_mk_var(f, "x", bv8), y = fer_mk_var(f, "y", bv8);
  fer_term h = fer_mk_var(f, "h", f16), g = fer_mk_var(f, "g", f16);
  fer_term p = fer_mk_var(f, "p", b), r = fer_mk_var(f, "r", fer_sort_rm(f));
  fer_term e1 = fer_mk_var(f, "e1", bv8), e2 = fer_mk_var(f, "e2", f16);
  fer_term e3 = fer_mk_var(f, "e3", bv8), e4 = fer_mk_var(f, "e4", bv8);
  fer_term e5 = fer_mk_var(f, "e5", bv8), e6 = fer_mk_var(f, "e6", f16);
  fer_term mn = op2(f, FER_OP_FP_MIN, h, g); /* tainted on +0, -0 */
  fer_term neg = op1(f, FER_OP_FP_IS_NEG, mn);
  fer_term ev[6] = {e1, e2, e3, e4, e5, e6};
  fer_term ed[6] = {op2(f, FER_OP_BVADD, x, y), mn, op3(f, FER_OP_ITE, p, e1, x),
                    op2(f, FER_OP_BVXOR, e5, y), /* e5 is eliminated later */
                    op2(f, FER_OP_BVMUL, e1, bv(f, 8, 3)),
                    op1(f, FER_OP_FP_NEG, h)}; /* a NaN of either sign */
  fer_term fps[18]; /* NaNs of any pattern are one value */
  for (int i = 0; i < 16; i++) fps[i] = fp(f, 5, 11, 0x3c00u + (unsigned)i);
  fps[16] = e6, fps[17] = g;
  fer_term many[20];
  for (int i = 0; i < 20; i++) many[i] = op2(f, FER_OP_BVADD, e3, bv(f, 8, (unsigned)i * 13));
  many[19] = op2(f, FER_OP_BVADD, e4, x);
  uint32_t one[1] = {1}, three[1] = {3};
  fer_term third = fer_mk(f, FER_OP_TO_FP_REAL, 2,
                          (fer_term[]){r, fer_mk_real(f, false, one, 1, three, 1)}, 5, 11);
  fer_term hs = fer_mk(f, FER_OP_TO_FP_UBV, 2, (fer_term[]){r, e1}, 5, 11);
  fer_term sum = op3(f, FER_OP_FP_ADD, r, h, e2);
  fer_term a[] = {
      op2(f, FER_OP_BVULT, e1, bv(f, 8, 250)),
      op2(f, FER_OP_OR, p, neg),
      op2(f, FER_OP_AND, neg, op2(f, FER_OP_FP_LEQ, h, hs)),
      op3(f, FER_OP_ITE, neg, p, op1(f, FER_OP_NOT, p)),
      op2(f, FER_OP_IMPLIES, op2(f, FER_OP_FP_LT, third, e2), op1(f, FER_OP_FP_IS_NAN, sum)),
      opi(f, FER_OP_DISTINCT, 20, many, 0, 0),
      op1(f, FER_OP_NOT, op2(f, FER_OP_EQ, e4, bv(f, 8, 7))),
      op2(f, FER_OP_FP_EQ, op1(f, FER_OP_FP_NEG, e2), sum),
      op2(f, FER_OP_BVULT, op1(f, FER_OP_FP_TO_IEEE_BV, e6), op1(f, FER_OP_FP_TO_IEEE_BV, h)),
      opi(f, FER_OP_DISTINCT, 18, fps, 0, 0),
  };
  fer_term vars[] = {x, y, h, g, p, r, e1, e2, e3, e4, e5, e6};
  int got[3] = {0};
  CHECK(plan_compare(f, vars, 12, ev, ed, 6, a, 10, 20000, 7, got) == 0);
  CHECK(plan_compare(f, vars, 12, ev, ed, 6, a + 4, 6, 5000, 8, got) == 0);
  CHECK(plan_compare(f, vars, 12, NULL, NULL, 0, a, 3, 5000, 9, got) == 0);
  fprintf(stderr, "plan: %d unspecified, %d false, %d true\n", got[0], got[1], got[2]);
  CHECK(got[0] > 50 && got[1] > 50 && got[2] > 50); /* every answer is met */
  /* what a plan does not take: a variable it is not given, arrays */
  CHECK(fer_eval_plan_new(f, vars, 3, NULL, NULL, 0, a, 1) == NULL);
  fer_sort arr = fer_sort_array(f, bv8, bv8);
  fer_term m = fer_mk_var(f, "m", arr);
  fer_term sel = op2(f, FER_OP_BVULT, op2(f, FER_OP_SELECT, m, x), y);
  fer_term mv[3] = {m, x, y};
  CHECK(fer_eval_plan_new(f, mv, 3, NULL, NULL, 0, &sel, 1) == NULL);
  ferret_delete(f);
}

static void quiet_out(void *u, const char *t, size_t n) { (void)u, (void)t, (void)n; }

/* On the corpus: the plan the sample job's judge builds (the original
 * assertions, the variables preprocessing eliminated and their
 * definitions) agrees with the reference on random models: every
 * assertion's value and unspecified flag, the eliminated variables'
 * values, and the answer. */
TEST(eval_plan_corpus) {
  size_t nrows = 0;
  fer_test_row *rows = fer_test_manifest(&nrows);
  NEED_CORPUS(rows);
  int files = 0, elim = 0, refused = 0, got[3] = {0};
  for (size_t i = 0; i < nrows; i++) {
    fer_test_row *r = &rows[i];
    if (r->n_check_sat != 1 || i % (fer_test_quick ? 8 : 2)) continue;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", fer_bench_dir, r->path);
    ferret *f = ferret_new();
    ferret_set_output(f, quiet_out, NULL);
    ferret_set_diagnostic(f, quiet_out, NULL);
    ferret_set_option(f, "parse_only", "1");
    if (ferret_execute_file(f, path) != FERRET_OK) {
      ferret_delete(f);
      continue;
    }
    const fer_term *a;
    size_t n;
    fer_smt_query(f, &a, &n);
    fer_pre pre;
    fer_pre_init(&pre);
    fer_term_stack all = {0}, vars = {0}; /* each variable once in vars */
    if (fer_preprocess(f, a, n, &pre, NULL, NULL) == FERRET_OK && !pre.unsat &&
        fer_collect_vars(f, a, n, &all) &&
        fer_collect_vars(f, pre.elim_def.data, pre.elim_def.size, &all)) {
      for (size_t k = 0; k < pre.elim_var.size; k++) FER_PUSH(f, all, pre.elim_var.data[k]);
      for (size_t k = 0; k < all.size; k++) {
        size_t q = 0;
        while (q < vars.size && vars.data[q] != all.data[k]) q++;
        if (q == vars.size) FER_PUSH(f, vars, all.data[k]);
      }
      fer_eval_plan *p = fer_eval_plan_new(f, vars.data, vars.size, pre.elim_var.data,
                                           pre.elim_def.data, pre.elim_var.size, a, n);
      if (!p) {
        refused++;
      } else {
        fer_eval_plan_free(f, p);
        files++, elim += pre.elim_var.size > 0;
        CHECK_MSG(plan_compare(f, vars.data, vars.size, pre.elim_var.data,
                               pre.elim_def.data, pre.elim_var.size, a, n, 20,
                               i + 1, got) == 0,
                  "%s", r->path);
      }
    }
    FER_RELEASE(f, all);
    FER_RELEASE(f, vars);
    fer_pre_release(f, &pre);
    ferret_delete(f);
  }
  fer_test_manifest_free(rows, nrows);
  fprintf(stderr, "plans on the corpus: %d files (%d with eliminated variables), "
          "%d refused; answers %d unspecified, %d false, %d true\n",
          files, elim, refused, got[0], got[1], got[2]);
  CHECK(files > (fer_test_quick ? 60 : 300));
  CHECK(elim > (fer_test_quick ? 10 : 50));
}
