/* Interval propagation (engine/interval.h): the proofs the issue names,
 * and soundness by containment: for random formulas true under a random
 * model, propagation must not empty any domain, and every term's value
 * under the model must lie in its domain. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "base/context.h"
#include "smt/eval.h"
#include "smt/term.h"
#include "fp/fp.h"
#include "engine/interval.h"
#include "engine/pre.h"
#include "api/smt_query.h"
#include "api/smt_session.h"
#include "test.h"
#include "interval_check.h"


/* Does propagation over the script's assertions prove unsat? */
static int refutes(const char *script) {
  ferret *f = load(script);
  fer_intervals iv;
  fer_intervals_init(&iv);
  int r = fer_intervals_run(f, f->smt->assertions.data,
                            f->smt->assertions.size, &iv) == FERRET_OK
              ? iv.empty
              : -1;
  fer_intervals_release(f, &iv);
  ferret_delete(f);
  return r;
}

#define F32 "(declare-const x Float32)(declare-const y Float32)" \
            "(declare-const c Float32)(declare-const n Float32)"
#define BV "(declare-const a (_ BitVec 8))(declare-const b (_ BitVec 8))"

TEST(interval_proofs) {
  /* the examples */
  CHECK(refutes(F32 "(assert (fp.geq x ((_ to_fp 8 24) RNE 0.5)))"
                    "(assert (fp.eq x (_ +zero 8 24)))") == 1);
  CHECK(refutes(F32 "(assert (fp.eq (fp.abs c) (_ +zero 8 24)))"
                    "(assert (not (fp.eq c (_ +zero 8 24))))") == 1);
  CHECK(refutes(F32 "(assert (fp.geq n ((_ to_fp 8 24) RNE 1.0)))"
                    "(assert (fp.lt (fp.div RNE n ((_ to_fp 8 24) RNE 2.0)) "
                    "(_ +zero 8 24)))") == 1);
  /* a chain of bounds through additions */
  CHECK(refutes(F32 "(assert (fp.leq x ((_ to_fp 8 24) RNE 10.0)))"
                    "(assert (fp.leq y ((_ to_fp 8 24) RNE 10.0)))"
                    "(assert (fp.gt (fp.add RNE x y) ((_ to_fp 8 24) RNE 20.5)))") == 1);
  /* backwards through a subtraction */
  CHECK(refutes(F32 "(assert (fp.eq (fp.sub RNE x y) ((_ to_fp 8 24) RNE 100.0)))"
                    "(assert (fp.leq x ((_ to_fp 8 24) RNE 10.0)))"
                    "(assert (fp.geq y (_ +zero 8 24)))") == 1);
  /* a negated comparison keeps NaN possible: not (x < 1) is x >= 1 or NaN */
  CHECK(refutes(F32 "(assert (not (fp.lt x ((_ to_fp 8 24) RNE 1.0))))"
                    "(assert (fp.lt x ((_ to_fp 8 24) RNE 0.5)))") == 1);
  CHECK(refutes(F32 "(assert (not (fp.lt x ((_ to_fp 8 24) RNE 1.0))))"
                    "(assert (fp.isNaN x))") == 0);
  /* classification */
  CHECK(refutes(F32 "(assert (fp.isNaN x))(assert (fp.lt x y))") == 1);
  CHECK(refutes(F32 "(assert (fp.isZero x))(assert (fp.isNegative x))"
                    "(assert (not (= x (_ -zero 8 24))))") == 1);
  CHECK(refutes(F32 "(assert (fp.isSubnormal x))"
                    "(assert (fp.gt x ((_ to_fp 8 24) RNE 1.0)))") == 1);
  /* a float made from a bit-vector */
  CHECK(refutes(BV "(declare-const w (_ BitVec 32))"
                   "(assert (bvult w #x3f800000))"
                   "(assert (fp.gt ((_ to_fp 8 24) w) ((_ to_fp 8 24) RNE 1.0)))") == 1);
  /* conversions */
  CHECK(refutes(F32 "(declare-const d Float64)"
                    "(assert (= d ((_ to_fp 11 53) RNE x)))(assert (not (fp.isInfinite x)))"
                    "(assert (fp.gt d ((_ to_fp 11 53) RNE 1000000000000000000000000000000000000000.0)))") == 1);
  CHECK(refutes(BV "(assert (fp.lt ((_ to_fp_unsigned 8 24) RNE a) "
                   "(_ +zero 8 24)))") == 1);
  /* bit-vectors */
  CHECK(refutes(BV "(assert (bvuge a #x10))(assert (bvult a #x05))") == 1);
  CHECK(refutes(BV "(assert (bvslt a #x00))(assert (bvsgt a #x05))"
                   "(assert (bvult a #x80))") == 1);
  CHECK(refutes(BV "(assert (bvult a #x10))(assert (bvult b #x10))"
                   "(assert (bvugt (bvadd a b) #x40))") == 1);
  CHECK(refutes(BV "(assert (= ((_ extract 7 4) a) #x3))"
                   "(assert (bvult a #x20))") == 1);
  /* signed bounds across zero, and the signed view meeting the unsigned */
  CHECK(refutes(BV "(assert (bvsge a #xfb))(assert (bvsle a #x05))"
                   "(assert (bvugt a #x05))(assert (bvult a #xfb))") == 1);
  CHECK(refutes(BV "(assert (bvsge a #x00))(assert (bvslt a #x0a))"
                   "(assert (bvugt a #x0a))") == 1);
  /* wrapped ranges: a - 5 over a in [0, 10] is [-5, 5] */
  CHECK(refutes(BV "(assert (bvule a #x0a))"
                   "(assert (bvsgt (bvsub a #x05) #x05))") == 1);
  CHECK(refutes(BV "(assert (bvule a #x0a))(assert (bvule b #x03))"
                   "(assert (bvslt (bvsub a b) #xfd))") == 1);
  /* known bits */
  CHECK(refutes(BV "(assert (= (bvand a #x01) #x01))"
                   "(assert (= (bvand a #x03) #x02))") == 1);
  CHECK(refutes(BV "(assert (= (bvmul a #x02) #x01))") == 1);
  CHECK(refutes(BV "(assert (= (bvshl a #x01) #x03))") == 1);
  CHECK(refutes(BV "(assert (= (bvor a #x80) b))(assert (bvult b #x80))") == 1);
  CHECK(refutes(BV "(assert (= (bvxor a b) #x0f))(assert (= a #xf0))"
                   "(assert (bvult b #xf0))") == 1);
  CHECK(refutes(BV "(assert (= (bvadd a a) #x03))") == 0); /* no rule: a + a */
  CHECK(refutes(BV "(assert (= (bvadd (bvshl a #x01) #x02) #x03))") == 1);
  CHECK(refutes(BV "(assert (bvslt a #x00))"
                   "(assert (bvult ((_ sign_extend 8) a) #xff00))") == 1);
  CHECK(refutes(BV "(assert (bvslt (bvashr a #x04) #x00))"
                   "(assert (bvuge a #x10))(assert (bvult a #x80))") == 1);
  CHECK(refutes(BV "(assert (= ((_ rotate_left 3) a) #x01))"
                   "(assert (bvult a #x20))") == 1);
  /* cases on one term: x finite, and x - x not zero */
  CHECK(refutes(F32 "(assert (or (fp.isNormal x) (fp.isZero x) (fp.isSubnormal x)))"
                    "(assert (not (fp.isZero (ite (or (fp.isNaN x) "
                    "(fp.isInfinite x)) x (_ +zero 8 24)))))") == 1);
  CHECK(refutes(F32 "(assert (or (fp.lt x (fp.neg c)) (fp.gt x c)))"
                    "(assert (fp.isZero x))") == 0); /* c may be NaN */
  CHECK(refutes(F32 "(assert (or (fp.lt x ((_ to_fp 8 24) RNE (- 2.0))) "
                    "(fp.gt x ((_ to_fp 8 24) RNE 2.0))))"
                    "(assert (fp.lt (fp.abs x) ((_ to_fp 8 24) RNE 1.0)))") == 1);
  CHECK(refutes(F32 "(assert (not (and (fp.leq x ((_ to_fp 8 24) RNE 3.0)) "
                    "(fp.geq x ((_ to_fp 8 24) RNE 1.0)))))"
                    "(assert (fp.lt x ((_ to_fp 8 24) RNE 2.0)))"
                    "(assert (fp.gt x ((_ to_fp 8 24) RNE 1.5)))") == 1);
  /* an ite whose then-branch cannot give the result */
  CHECK(refutes(BV "(declare-const p Bool)"
                   "(assert (= (ite p a b) #x50))(assert (bvult a #x10))"
                   "(assert (bvult b #x10))") == 1);
  /* satisfiable ones stay open */
  CHECK(refutes(F32 "(assert (fp.geq x ((_ to_fp 8 24) RNE 0.5)))"
                    "(assert (fp.leq x ((_ to_fp 8 24) RNE 0.5)))") == 0);
  CHECK(refutes(F32 "(assert (fp.eq (fp.add RNE x y) ((_ to_fp 8 24) RNE 0.0)))"
                    "(assert (fp.gt x ((_ to_fp 8 24) RNE 1.0)))") == 0);
  CHECK(refutes(F32 "(assert (fp.isZero (fp.min x y)))"
                    "(assert (fp.isZero x))(assert (fp.isZero y))"
                    "(assert (fp.isPositive x))(assert (fp.isNegative y))") == 0);
  CHECK(refutes(BV "(assert (bvslt a #x00))(assert (bvsgt a #x80))") == 0);
  /* x + y may be NaN with y NaN, whatever x is: no bound on x from the
   * sum's range (found by interval_exhaustive_fp) */
  CHECK(refutes(F32 "(define-fun one () Float32 ((_ to_fp 8 24) RNE 1.0))"
                    "(assert (not (fp.gt (fp.add RNE x y) one)))"
                    "(assert (not (fp.lt (fp.add RNE x y) (_ +zero 8 24))))"
                    "(assert (not (fp.gt y one)))(assert (not (fp.lt y one)))"
                    "(assert (fp.eq x ((_ to_fp 8 24) RNE 5.0)))") == 0);
  CHECK(refutes(F32 "(define-fun one () Float32 ((_ to_fp 8 24) RNE 1.0))"
                    "(assert (not (fp.gt (fp.sub RNE y x) one)))"
                    "(assert (not (fp.lt (fp.sub RNE y x) (_ +zero 8 24))))"
                    "(assert (not (fp.gt y one)))(assert (not (fp.lt y one)))"
                    "(assert (fp.eq x ((_ to_fp 8 24) RNE 5.0)))") == 0);
  /* a negative real too small for the format rounds to -0, not +0 (found
   * by interval_exhaustive_fp) */
  CHECK(refutes(F32 "(assert (fp.isZero ((_ to_fp 8 24) RTZ (- (/ 1.0 "
                    "1000000000000000000000000000000000000000000000000.0)))))")
        == 0);
}

/* ---------------------------------------------- containment, randomly */

typedef struct gen {
  ferret *f;
  uint64_t rng;
  fer_sort fp, fp2, bv, bv2;  /* the formats in play */
  fer_term x, y, z, b, p;     /* z: of fp2; b: of bv; p: Bool */
  fer_model m;
} gen;

static uint64_t rnd(gen *g) {
  g->rng ^= g->rng << 13, g->rng ^= g->rng >> 7, g->rng ^= g->rng << 17;
  return g->rng;
}

/* A value biased to the places intervals get wrong: zeros, infinities,
 * NaN, subnormals, extremes, small integers. */
static fer_u128 fp_value(gen *g, fer_sort so) {
  fer_sort_info si = *fer_sort_get(g->f, so);
  fer_fmt fm = {si.a, si.b};
  uint32_t w = si.a + si.b;
  fer_u128 any = (fer_u128)rnd(g) & (((fer_u128)1 << w) - 1);
  switch (rnd(g) % 9) {
  case 0: return fer_fp_zero(fm, rnd(g) & 1);
  case 1: return fer_fp_inf(fm, rnd(g) & 1);
  case 2: return fer_fp_nan(fm);
  case 3: return any & ((((fer_u128)1 << (si.b - 1)) - 1) | ((fer_u128)1 << (w - 1)));
  case 4: return fer_fp_from_sbv(fm, FER_RNE, (fer_u128)(rnd(g) % 9), 8) |
                 ((fer_u128)(rnd(g) & 1) << (w - 1));
  default: return any;
  }
}

static fer_term cnst(gen *g, fer_sort so) {
  fer_sort_info si = *fer_sort_get(g->f, so);
  if (si.kind == FER_SORT_BV) {
    fer_u128 v = rnd(g) % 4 ? (fer_u128)rnd(g) : (fer_u128)(rnd(g) % 3);
    return fer_mk_const_u128(g->f, so, v & (((fer_u128)1 << si.a) - 1));
  }
  return fer_mk_const_u128(g->f, so, fp_value(g, so));
}

static fer_term rm(gen *g) {
  return fer_mk_rm(g->f, (fer_rm)(rnd(g) % 5));
}

static fer_term fp_term(gen *g, int depth);

static fer_term bv_term(gen *g, int depth) {
  ferret *f = g->f;
  if (depth <= 0 || rnd(g) % 3 == 0)
    return rnd(g) % 3 ? g->b : cnst(g, g->bv);
  fer_term a[2] = {bv_term(g, depth - 1), bv_term(g, depth - 1)};
  static const fer_op ops[] = {FER_OP_BVADD, FER_OP_BVSUB, FER_OP_BVMUL,
                               FER_OP_BVUDIV, FER_OP_BVUREM, FER_OP_BVAND,
                               FER_OP_BVOR, FER_OP_BVLSHR, FER_OP_BVXOR,
                               FER_OP_BVSHL, FER_OP_BVASHR};
  static const fer_op unary[] = {FER_OP_BVNOT, FER_OP_BVNEG,
                                 FER_OP_ROTATE_LEFT, FER_OP_ROTATE_RIGHT};
  uint32_t lo = (uint32_t)(rnd(g) % 4);
  switch (rnd(g) % 6) {
  case 0: { /* the top bits, zero-extended back to 8 */
    fer_term e = fer_mk(f, FER_OP_EXTRACT, 1, a, 7, lo);
    if (!lo) return e;
    fer_term c[2] = {fer_mk_const_u128(f, fer_sort_bv(f, lo), 0), e};
    return fer_mk(f, FER_OP_CONCAT, 2, c, 0, 0);
  }
  case 1: { /* the low bits, sign- or zero-extended back to 8 */
    fer_term e = fer_mk(f, FER_OP_EXTRACT, 1, a, 7 - lo - 1, 0);
    return fer_mk(f, rnd(g) & 1 ? FER_OP_SIGN_EXTEND : FER_OP_ZERO_EXTEND, 1,
                  &e, lo + 1, 0);
  }
  case 2: { /* a shift by a constant */
    fer_term c[2] = {a[0], fer_mk_const_u128(f, g->bv, rnd(g) % 10)};
    static const fer_op sh[] = {FER_OP_BVSHL, FER_OP_BVLSHR, FER_OP_BVASHR};
    return fer_mk(f, sh[rnd(g) % 3], 2, c, 0, 0);
  }
  case 3: {
    fer_op op = unary[rnd(g) % 4];
    bool rot = op == FER_OP_ROTATE_LEFT || op == FER_OP_ROTATE_RIGHT;
    return fer_mk(f, op, 1, a, rot ? (uint32_t)(rnd(g) % 9) : 0, 0);
  }
  default:
    return fer_mk(f, ops[rnd(g) % 11], 2, a, 0, 0);
  }
}

static fer_term fp_term(gen *g, int depth) {
  ferret *f = g->f;
  if (depth <= 0 || rnd(g) % 4 == 0) {
    uint64_t c = rnd(g) % 4;
    return c == 0 ? cnst(g, g->fp) : c == 1 ? g->y : g->x;
  }
  fer_term a = fp_term(g, depth - 1), b = fp_term(g, depth - 1);
  switch (rnd(g) % 14) {
  case 0: case 1: case 2: case 3: {
    static const fer_op ops[] = {FER_OP_FP_ADD, FER_OP_FP_SUB, FER_OP_FP_MUL,
                                 FER_OP_FP_DIV};
    fer_term args[3] = {rm(g), a, b};
    return fer_mk(f, ops[rnd(g) % 4], 3, args, 0, 0);
  }
  case 4: return fer_mk(f, FER_OP_FP_NEG, 1, &a, 0, 0);
  case 5: return fer_mk(f, FER_OP_FP_ABS, 1, &a, 0, 0);
  case 6: {
    fer_term args[2] = {rm(g), a};
    return fer_mk(f, rnd(g) & 1 ? FER_OP_FP_SQRT : FER_OP_FP_RTI, 2, args, 0, 0);
  }
  case 7: {
    fer_term args[2] = {a, b};
    return fer_mk(f, rnd(g) & 1 ? FER_OP_FP_MIN : FER_OP_FP_MAX, 2, args, 0, 0);
  }
  case 8: { /* through the other format and back */
    fer_sort_info s2 = *fer_sort_get(f, g->fp2), s1 = *fer_sort_get(f, g->fp);
    fer_term to2[2] = {rm(g), rnd(g) & 1 ? a : g->z};
    fer_term mid = fer_mk(f, FER_OP_TO_FP_FP, 2, to2, s2.a, s2.b);
    if (to2[1] == g->z) mid = g->z;
    fer_term back[2] = {rm(g), mid};
    return fer_mk(f, FER_OP_TO_FP_FP, 2, back, s1.a, s1.b);
  }
  case 9: {
    fer_sort_info s1 = *fer_sort_get(f, g->fp);
    fer_term args[2] = {rm(g), bv_term(g, depth - 1)};
    return fer_mk(f, rnd(g) & 1 ? FER_OP_TO_FP_UBV : FER_OP_TO_FP_SBV, 2, args,
                  s1.a, s1.b);
  }
  case 10: { /* reinterpretation of bits */
    fer_sort_info s1 = *fer_sort_get(f, g->fp);
    uint32_t w = s1.a + s1.b;
    fer_term v = bv_term(g, depth - 1);
    while (fer_sort_get(f, fer_term_sort(f, v))->a < w) {
      fer_term c[2] = {rnd(g) & 1 ? bv_term(g, 0) : v, v};
      v = fer_mk(f, FER_OP_CONCAT, 2, c, 0, 0);
    }
    uint32_t vw = fer_sort_get(f, fer_term_sort(f, v))->a;
    if (vw > w) v = fer_mk(f, FER_OP_EXTRACT, 1, &v, vw - 1, vw - w);
    return fer_mk(f, FER_OP_TO_FP_BV, 1, &v, s1.a, s1.b);
  }
  case 11: {
    fer_term args[3] = {g->p, a, b};
    return fer_mk(f, FER_OP_ITE, 3, args, 0, 0);
  }
  default:
    return a;
  }
}

static fer_term atom(gen *g) {
  ferret *f = g->f;
  if (rnd(g) % 4 == 0) {
    static const fer_op ops[] = {FER_OP_BVULT, FER_OP_BVULE, FER_OP_BVUGT,
                                 FER_OP_BVUGE, FER_OP_BVSLT, FER_OP_BVSLE,
                                 FER_OP_BVSGT, FER_OP_BVSGE, FER_OP_EQ};
    fer_term a[2] = {bv_term(g, 2), bv_term(g, 1)};
    return fer_mk(f, ops[rnd(g) % 9], 2, a, 0, 0);
  }
  fer_term x = fp_term(g, 3);
  if (rnd(g) % 5 == 0) { /* cases on one term: (or ...) or (not (and ...)) */
    static const fer_op ops[] = {FER_OP_FP_IS_NAN, FER_OP_FP_IS_INF,
                                 FER_OP_FP_IS_ZERO, FER_OP_FP_IS_NEG,
                                 FER_OP_FP_IS_POS, FER_OP_FP_IS_NORMAL,
                                 FER_OP_FP_IS_SUBNORMAL, FER_OP_FP_LT,
                                 FER_OP_FP_GEQ, FER_OP_FP_EQ, FER_OP_EQ};
    fer_term c[3];
    uint32_t k = 2 + (uint32_t)(rnd(g) % 2);
    for (uint32_t i = 0; i < k; i++) {
      fer_op op = ops[rnd(g) % 11];
      fer_term y[2] = {x, cnst(g, g->fp)};
      bool cmp = op == FER_OP_FP_LT || op == FER_OP_FP_GEQ ||
                 op == FER_OP_FP_EQ || op == FER_OP_EQ;
      c[i] = fer_mk(f, op, cmp ? 2 : 1, y, 0, 0);
      if (rnd(g) % 3 == 0) c[i] = fer_mk(f, FER_OP_NOT, 1, &c[i], 0, 0);
    }
    fer_term o = fer_mk(f, rnd(g) & 1 ? FER_OP_OR : FER_OP_AND, k, c, 0, 0);
    return o;
  }
  switch (rnd(g) % 3) {
  case 0: {
    static const fer_op ops[] = {FER_OP_FP_IS_NAN, FER_OP_FP_IS_INF,
                                 FER_OP_FP_IS_ZERO, FER_OP_FP_IS_NEG,
                                 FER_OP_FP_IS_POS, FER_OP_FP_IS_NORMAL,
                                 FER_OP_FP_IS_SUBNORMAL};
    return fer_mk(f, ops[rnd(g) % 7], 1, &x, 0, 0);
  }
  default: {
    static const fer_op ops[] = {FER_OP_FP_LT, FER_OP_FP_LEQ, FER_OP_FP_GT,
                                 FER_OP_FP_GEQ, FER_OP_FP_EQ, FER_OP_EQ};
    fer_term a[2] = {x, rnd(g) & 1 ? cnst(g, g->fp) : fp_term(g, 2)};
    return fer_mk(f, ops[rnd(g) % 6], 2, a, 0, 0);
  }
  }
}


TEST(interval_containment_random) {
  static const uint32_t formats[][4] = {{3, 5, 5, 11}, {5, 11, 8, 24},
                                        {8, 24, 5, 11}, {2, 3, 3, 4}};
  int trials = fer_test_quick ? 400 : 4000, failures = 0, narrowed = 0;
  for (int trial = 0; trial < trials && failures < 5; trial++) {
    ferret *f = load("");
    gen g;
    memset(&g, 0, sizeof g);
    g.f = f, g.rng = 0x9e3779b97f4a7c15ull * (uint64_t)(trial + 1);
    const uint32_t *fm = formats[trial % 4];
    g.fp = fer_sort_fp(f, fm[0], fm[1]), g.fp2 = fer_sort_fp(f, fm[2], fm[3]);
    g.bv = fer_sort_bv(f, 8);
    g.x = fer_mk_var(f, "x", g.fp), g.y = fer_mk_var(f, "y", g.fp);
    g.z = fer_mk_var(f, "z", g.fp2), g.b = fer_mk_var(f, "b", g.bv);
    g.p = fer_mk_var(f, "p", fer_sort_bool(f));
    fer_model_init(&g.m);
    CHECK(fer_model_reserve(f, &g.m));
    g.m.value[fer_term_idx(f, g.x, 0)] = fer_mk_const_u128(f, g.fp, fp_value(&g, g.fp));
    g.m.value[fer_term_idx(f, g.y, 0)] = fer_mk_const_u128(f, g.fp, fp_value(&g, g.fp));
    g.m.value[fer_term_idx(f, g.z, 0)] = fer_mk_const_u128(f, g.fp2, fp_value(&g, g.fp2));
    g.m.value[fer_term_idx(f, g.b, 0)] = cnst(&g, g.bv);
    g.m.value[fer_term_idx(f, g.p, 0)] = rnd(&g) & 1 ? fer_true(f) : fer_false(f);
    /* a few atoms, each asserted the way the model makes it true */
    fer_term a[4];
    size_t n = 1 + rnd(&g) % 4;
    for (size_t i = 0; i < n; i++) {
      fer_term t = atom(&g);
      CHECK(t != 0);
      fer_term v = fer_eval(f, t, &g.m, NULL);
      a[i] = v == fer_true(f) ? t : fer_mk(f, FER_OP_NOT, 1, &t, 0, 0);
    }
    fer_intervals iv;
    fer_intervals_init(&iv);
    CHECK(fer_intervals_run(f, a, n, &iv) == FERRET_OK);
    bool bad = iv.empty;
    for (size_t i = 0; !bad && i < iv.order.size; i++) {
      fer_term t = iv.order.data[i];
      if (fer_term_sort(f, t) == fer_sort_rm(f)) continue;
      fer_term v = fer_eval(f, t, &g.m, NULL);
      if (v && !contains(f, &iv.dom.data[i], t, v)) {
        fer_buf b = {0};
        fer_print_term(f, &b, t);
        fer_buf_str(f, &b, " = ");
        fer_print_value(f, &b, v);
        fer_buf_str(f, &b, " not in ");
        fer_ival_print(f, &iv, t, &b);
        fer_buf_str(f, &b, "\nassertions:\n");
        for (size_t j = 0; j < n; j++)
          fer_print_term(f, &b, a[j]), fer_buf_str(f, &b, "\n");
        fer_buf_add(f, &b, "", 1);
        CHECK_MSG(0, "trial %d: %s", trial, b.data);
        FER_RELEASE(f, b);
        bad = true;
      }
    }
    if (iv.empty) {
      fer_buf b = {0};
      for (size_t i = 0; i < n; i++)
        fer_print_term(f, &b, a[i]), fer_buf_str(f, &b, "\n");
      fer_buf_str(f, &b, "empty at ");
      fer_print_term(f, &b, iv.empty_at);
      fer_buf_add(f, &b, "", 1);
      CHECK_MSG(0, "trial %d: a true formula refuted:\n%s", trial, b.data);
      FER_RELEASE(f, b);
    }
    failures += bad;
    /* did propagation learn anything about a variable? */
    fer_term vars[5] = {g.x, g.y, g.z, g.b, g.p};
    bool learned = false;
    for (int i = 0; i < 5; i++) {
      const fer_ival *d = fer_intervals_of(&iv, vars[i]);
      if (d) learned |= !is_top(f, vars[i], d);
    }
    narrowed += learned;
    fer_intervals_release(f, &iv);
    fer_model_release(f, &g.m);
    ferret_delete(f);
  }
  fprintf(stderr, "interval containment: %d trials, %d narrowed a variable\n",
          trials, narrowed);
  /* the test means something only if propagation did narrow domains */
  CHECK_MSG(narrowed * 4 > trials, "only %d of %d trials narrowed", narrowed,
            trials);
}

/* Every corpus file whose status is known: propagation (after the
 * preprocessing solve runs first) never refutes a sat file, and proves a
 * few unsat ones (a floor, so a rule lost silently shows). */
TEST(interval_corpus_never_refutes_sat) {
  size_t nrows = 0;
  fer_test_row *rows = fer_test_manifest(&nrows);
  NEED_CORPUS(rows);
  int sat = 0, unsat = 0, proved = 0;
  for (size_t i = 0; i < nrows; i++) {
    fer_test_row *r = &rows[i];
    bool is_sat = !strcmp(r->status, "sat"), is_unsat = !strcmp(r->status, "unsat");
    if ((!is_sat && !is_unsat) || r->n_check_sat != 1) continue;
    if (fer_test_quick && i % 4) continue;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", fer_bench_dir, r->path);
    ferret *f = ferret_new();
    ferret_set_output(f, quiet, NULL);
    ferret_set_diagnostic(f, quiet, NULL);
    ferret_set_option(f, "parse_only", "1");
    if (ferret_execute_file(f, path) != FERRET_OK) {
      ferret_delete(f);
      continue; /* unsupported logic or construct */
    }
    const fer_term *a;
    size_t n;
    fer_smt_query(f, &a, &n);
    fer_pre pre;
    fer_pre_init(&pre);
    fer_intervals iv;
    fer_intervals_init(&iv);
    bool refuted = false;
    if (fer_preprocess(f, a, n, &pre, NULL, NULL) == FERRET_OK && !pre.unsat &&
        fer_intervals_run(f, pre.assertions.data, pre.assertions.size, &iv) ==
            FERRET_OK)
      refuted = iv.empty;
    sat += is_sat, unsat += is_unsat, proved += is_unsat && refuted;
    CHECK_MSG(!(is_sat && refuted), "%s: sat, but intervals refute it",
              r->path);
    fer_intervals_release(f, &iv);
    fer_pre_release(f, &pre);
    ferret_delete(f);
  }
  fer_test_manifest_free(rows, nrows);
  fprintf(stderr, "intervals on the corpus: %d sat files kept, %d of %d "
          "unsat files proved\n", sat, proved, unsat);
  CHECK(sat > (fer_test_quick ? 100 : 400));
  CHECK(proved >= (fer_test_quick ? 1 : 5));
}


/* Random formulas (no model behind them): every one that propagation
 * refutes, z3 must find unsat too. */
TEST(interval_claims_confirmed_by_z3) {
  if (!fer_test_have("z3")) SKIP("z3 not found (tests/deps.sh installs it)");
  static const uint32_t formats[][4] = {{3, 5, 5, 11}, {5, 11, 8, 24},
                                        {2, 3, 3, 4}};
  int want = fer_test_quick ? 15 : 60, claims = 0, confirmed = 0;
  for (int trial = 0; trial < 20000 && claims < want; trial++) {
    ferret *f = load("");
    gen g;
    memset(&g, 0, sizeof g);
    g.f = f, g.rng = 0x2545f4914f6cdd1dull * (uint64_t)(trial + 7);
    const uint32_t *fm = formats[trial % 3];
    g.fp = fer_sort_fp(f, fm[0], fm[1]), g.fp2 = fer_sort_fp(f, fm[2], fm[3]);
    g.bv = fer_sort_bv(f, 8);
    g.x = fer_mk_var(f, "x", g.fp), g.y = fer_mk_var(f, "y", g.fp);
    g.z = fer_mk_var(f, "z", g.fp2), g.b = fer_mk_var(f, "b", g.bv);
    g.p = fer_mk_var(f, "p", fer_sort_bool(f));
    fer_term a[5];
    size_t n = 2 + rnd(&g) % 4;
    for (size_t i = 0; i < n; i++) {
      fer_term t = atom(&g);
      a[i] = rnd(&g) % 3 ? t : fer_mk(f, FER_OP_NOT, 1, &t, 0, 0);
    }
    fer_intervals iv;
    fer_intervals_init(&iv);
    CHECK(fer_intervals_run(f, a, n, &iv) == FERRET_OK);
    if (iv.empty) {
      fer_buf b = {0};
      CHECK(fer_print_script(f, &b, "QF_BVFP", a, n));
      fer_buf_str(f, &b, "(check-sat)\n");
      int z = fer_test_z3(b.data, b.size);
      claims++, confirmed += z == 0;
      fer_buf_add(f, &b, "", 1);
      CHECK_MSG(z != 1, "z3 finds a model of a refuted formula:\n%s", b.data);
      if (z < 0) fprintf(stderr, "z3 gave no answer on:\n%s", b.data);
      FER_RELEASE(f, b);
    }
    fer_intervals_release(f, &iv);
    ferret_delete(f);
  }
  fprintf(stderr, "interval claims: %d, z3 unsat on %d (the rest timed out)\n",
          claims, confirmed);
  CHECK(claims >= want / 2);
}


/* Shapes of SymCC's path queries on stb_image (ASCII numbers parsed into
 * ints, a header field divided into a limit, a comparison SymCC builds of
 * one expression with itself): each proved unsat by propagation alone, and
 * z3 agrees; the satisfiable neighbours stay open and z3 finds them sat.
 * The digits test is stb_image's: not ((d + 0xc6) <u 0xf6) is '0'..'9'. */
#define DIGITS "(declare-const d (_ BitVec 8))(declare-const e (_ BitVec 8))" \
               "(define-fun dv () (_ BitVec 32) (bvadd #xffffffd0 ((_ zero_extend 24) d)))" \
               "(define-fun ev () (_ BitVec 32) ((_ zero_extend 24) e))"

static void symcc_shape(const char *script, int want) {
  CHECK_MSG(refutes(script) == want, "propagation %s:\n%s",
            want ? "does not refute" : "refutes", script);
  if (!fer_test_have("z3")) return; /* the proofs still checked */
  size_t n = strlen(script);
  char *s = malloc(n + 16);
  memcpy(s, script, n);
  strcpy(s + n, "(check-sat)\n");
  int z = fer_test_z3(s, n + 12);
  CHECK_MSG(z == (want ? 0 : 1), "z3 answers %d on:\n%s", z, s);
  free(s);
}

TEST(interval_proofs_symcc_shapes) {
  static const struct {
    const char *script;
    int unsat; /* 1: propagation must refute it; 0: z3 finds it sat */
  } shapes[] = {
    /* (d - '0') * 10 - '0' + e: at most 2277 in the signed view, whatever
     * d and e are (the unsigned view wraps around) */
    {DIGITS "(assert (bvsgt (bvadd (bvadd (bvmul dv #x0000000a) #xffffffd0) ev) "
     "#x0ccccccc))", 1},
    {DIGITS "(assert (bvsgt (bvadd (bvadd (bvmul dv #x0000000a) #xffffffd0) ev) "
     "#x000008e4))", 0},
    {DIGITS "(assert (bvslt (bvadd (bvmul dv #x0000000a) ev) #xfffffe20))", 1},
    {DIGITS "(assert (bvslt (bvadd (bvmul dv #x0000000a) ev) #xfffffe21))", 0},
    /* a negative factor: [-48, 207] * -3 is [-621, 144] */
    {DIGITS "(assert (bvsgt (bvmul dv #xfffffffd) #x00000090))", 1},
    {DIGITS "(assert (bvsgt (bvmul dv #xfffffffd) #x0000008f))", 0},
    /* products of two ranges, digits times digits */
    {DIGITS "(assert (not (bvult (bvadd d #xc6) #xf6)))"
     "(assert (not (bvult (bvadd e #xc6) #xf6)))"
     "(assert (bvsgt (bvmul (bvmul dv #x00000003) (bvadd #xffffffd0 ev)) "
     "#x000000f3))", 1},
    {DIGITS "(assert (not (bvult (bvadd d #xc6) #xf6)))"
     "(assert (not (bvult (bvadd e #xc6) #xf6)))"
     "(assert (bvsgt (bvmul (bvmul dv #x00000003) (bvadd #xffffffd0 ev)) "
     "#x000000f2))", 0},
    /* a product that can overflow stays open */
    {DIGITS "(assert (bvslt (bvmul dv #x01000000) #x00000000))", 0},
    /* INT_MAX / (d - '0') for a digit d other than '0' */
    {DIGITS "(assert (not (bvult (bvadd d #xc6) #xf6)))"
     "(assert (not (= dv #x00000000)))"
     "(assert (bvslt (bvsdiv #x7fffffff dv) #x0e38e38e))", 1},
    {DIGITS "(assert (not (bvult (bvadd d #xc6) #xf6)))"
     "(assert (not (= dv #x00000000)))"
     "(assert (bvslt (bvsdiv #x7fffffff dv) #x0e38e38f))", 0},
    /* any d: the divisor may be negative (or zero) */
    {DIGITS "(assert (not (= dv #x00000000)))"
     "(assert (bvslt (bvsdiv #x7fffffff dv) #x00000003))", 0},
    /* negative divisors, and x / -1 for x = INT_MIN left open */
    {DIGITS "(assert (bvsge dv #xfffffffb))(assert (bvsle dv #xfffffffe))"
     "(assert (bvsgt (bvsdiv (bvadd ev #x00000014) dv) #xfffffffd))", 1},
    {DIGITS "(assert (bvsge dv #xfffffffb))(assert (bvsle dv #xfffffffe))"
     "(assert (bvsgt (bvsdiv (bvadd ev #x00000014) dv) #xfffffffb))", 0},
    {"(declare-const x (_ BitVec 32))(declare-const y (_ BitVec 32))"
     "(assert (bvsle y #xffffffff))(assert (bvsge y #xfffffff0))"
     "(assert (bvslt (bvsdiv x y) #x00000000))(assert (bvslt x #x00000000))", 0},
    /* a product fixed without overflow bounds each factor: width * channels
     * = 4 with channels >= 1 leaves width <= 4, which another term of the
     * width (here width * 3) then meets */
#define DIMS "(declare-const a (_ BitVec 32))(declare-const w (_ BitVec 32))" \
     "(assert (bvuge a #x00000001))(assert (bvule a #x00000004))"
    {DIMS "(assert (bvule w #x00001000))(assert (= (bvmul a w) #x00000004))"
     "(assert (bvugt (bvmul w #x00000003) #x0000000c))", 1},
    {DIMS "(assert (bvule w #x00001000))(assert (= (bvmul a w) #x00000004))"
     "(assert (bvugt (bvmul w #x00000003) #x0000000b))", 0},
    {DIMS "(assert (bvule w #x00001000))(assert (= (bvmul w a) #x00000006))"
     "(assert (bvugt (bvmul w #x00000003) #x00000012))", 1},
    {DIMS "(assert (bvule w #x00001000))(assert (bvule (bvmul a w) #x00000003))"
     "(assert (bvugt (bvmul w #x00000002) #x00000006))", 1},
    {DIMS "(assert (bvule w #x00001000))(assert (bvule (bvmul a w) #x00000003))"
     "(assert (bvugt (bvmul w #x00000002) #x00000005))", 0},
    /* w unbounded: 4 * 0x40000001 wraps around to 4 */
    {DIMS "(assert (= (bvmul a w) #x00000004))"
     "(assert (bvugt (bvmul w #x00000003) #x0000000c))", 0},
    /* (1 + L) - L is 1 whatever L is (jq's number parser) */
#define LONG DIGITS "(define-fun L () (_ BitVec 32) (bvmul (bvadd dv ev) (bvadd dv #x00000007)))"
    {LONG "(assert (not (bvsgt (bvsub (bvadd #x00000001 L) L) #x00000000)))", 1},
    {LONG "(assert (bvsgt (bvsub (bvadd L #x00000001) L) #x00000001))", 1},
    {LONG "(assert (= (bvsub (bvadd #x00000001 L) L) #x00000001))", 0},
    {LONG "(assert (bvsgt (bvsub (bvadd #x00000001 L) ev) #x00000001))", 0},
    {LONG "(assert (not (= (bvsub L L) #x00000000)))", 1},
    {LONG "(assert (not (= (bvsub L dv) #x00000000)))", 0},
    /* t = t is true, t != t false, whatever t's domain */
    {DIGITS "(define-fun t () (_ BitVec 32) (bvadd (bvor (bvand ev #x00000002) "
     "#x00000001) (bvand (bvlshr ev #x00000002) #x00000001)))"
     "(assert (not (= t t)))", 1},
    {DIGITS "(assert (distinct dv dv))", 1},
    {DIGITS "(assert (= dv dv))(assert (not (= dv ev)))", 0},
  };
  for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++)
    symcc_shape(shapes[i].script, shapes[i].unsat);
}

/* The signed product and quotient rules at 32 bits: random signed ranges
 * of x and y and a bound on x * y or x / y; every refutation z3 must
 * confirm, and some must be made. */
TEST(interval_signed_mul_div_confirmed_by_z3) {
  if (!fer_test_have("z3")) SKIP("z3 not found (tests/deps.sh installs it)");
  uint64_t r = 0x9e3779b97f4a7c15ull;
  int claims = 0, confirmed = 0, want = fer_test_quick ? 10 : 40;
  for (int trial = 0; trial < 4000 && claims < want; trial++) {
    int32_t v[5];
    for (int i = 0; i < 5; i++) {
      r ^= r << 13, r ^= r >> 7, r ^= r << 17;
      int sh = (int)(r >> 59) % 28; /* small and large magnitudes */
      int64_t m = ((int64_t)(r % 4001) - 2000) * ((int64_t)1 << (i < 4 ? sh / 3 : sh));
      v[i] = (int32_t)(m % 2147483647); /* within 32 bits */
    }
    int32_t xl = v[0] < v[1] ? v[0] : v[1], xh = v[0] ^ v[1] ^ xl;
    int32_t yl = v[2] < v[3] ? v[2] : v[3], yh = v[2] ^ v[3] ^ yl;
    bool div = r >> 20 & 1, gt = r >> 21 & 1;
    char s[1024];
    snprintf(s, sizeof s,
             "(declare-const x (_ BitVec 32))(declare-const y (_ BitVec 32))"
             "(assert (bvsge x #x%08" PRIx32 "))(assert (bvsle x #x%08" PRIx32 "))"
             "(assert (bvsge y #x%08" PRIx32 "))(assert (bvsle y #x%08" PRIx32 "))"
             "(assert (%s (%s x y) #x%08" PRIx32 "))",
             (uint32_t)xl, (uint32_t)xh, (uint32_t)yl, (uint32_t)yh, gt ? "bvsgt" : "bvslt",
             div ? "bvsdiv" : "bvmul", (uint32_t)v[4]);
    if (refutes(s) != 1) continue;
    claims++;
    strcat(s, "(check-sat)\n");
    int z = fer_test_z3(s, strlen(s));
    confirmed += z == 0;
    CHECK_MSG(z != 1, "z3 finds a model of a refuted formula:\n%s", s);
  }
  fprintf(stderr, "signed product and quotient claims: %d, z3 unsat on %d\n", claims,
          confirmed);
  CHECK(claims >= want / 2);
}
