/* Preprocessing passes on hand-built formulas: each pass alone, equality
 * extraction and its conflicts, fp.eq vs =, folding that must not happen
 * (unspecified values), and component splitting.  Expected results are
 * derived by hand from the SMT-LIB semantics. */
#include <stdlib.h>
#include <string.h>

#include "base/context.h"
#include "smt/term.h"
#include "engine/pre.h"
#include "fp/fp.h"
#include "smt/eval.h"
#include "api/smt_session.h"
#include "test.h"

static void quiet(void *u, const char *t, size_t n) { (void)u, (void)t, (void)n; }

/* A context with `script` executed (declarations and assertions). */
static ferret *load(const char *script) {
  ferret *f = ferret_new();
  ferret_set_output(f, quiet, NULL);
  ferret_set_diagnostic(f, quiet, NULL);
  int st = ferret_execute(f, "test", script, strlen(script));
  CHECK_MSG(st == FERRET_OK, "script failed: %s", ferret_error(f)->message);
  return f;
}

static const fer_term *asserts(ferret *f, size_t *n) {
  *n = f->smt->assertions.size;
  return f->smt->assertions.data;
}

static fer_term var(ferret *f, const char *name) {
  for (uint32_t i = 0; i < fer_var_count(f); i++)
    if (!strcmp(fer_var_name(f, fer_var_term(f, i)), name)) return fer_var_term(f, i);
  CHECK_MSG(0, "no variable %s", name);
  return 0;
}

static fer_term mk2(ferret *f, fer_op op, fer_term a, fer_term b) {
  fer_term x[2] = {a, b};
  return fer_mk(f, op, 2, x, 0, 0);
}

static fer_term mk1(ferret *f, fer_op op, fer_term a) { return fer_mk(f, op, 1, &a, 0, 0); }

static void set(ferret *f, const char *opt, const char *v) {
  CHECK(ferret_set_option(f, opt, v) == FERRET_OK);
}

/* Run the passes; returns the result (caller releases). */
static fer_pre run(ferret *f) {
  size_t n;
  const fer_term *a = asserts(f, &n);
  fer_pre p;
  fer_pre_init(&p);
  CHECK(fer_preprocess(f, a, n, &p, NULL, NULL) == FERRET_OK);
  return p;
}

static bool has(const fer_pre *p, fer_term t) {
  for (size_t i = 0; i < p->assertions.size; i++)
    if (p->assertions.data[i] == t) return true;
  return false;
}

#define DECL_FP "(declare-fun x () Float32)(declare-fun y () Float32)(declare-fun z () Float32)"

TEST(pre_hoist) {
  ferret *f = load(DECL_FP "(declare-fun u () (_ BitVec 8))(declare-fun v () (_ BitVec 8))"
                           "(assert (and (fp.lt x y) (and (fp.lt y z) (bvult u v))))"
                           "(assert (not (or (fp.isNaN x) (fp.isZero y))))");
  fer_pre p = run(f);
  fer_term x = var(f, "x"), y = var(f, "y"), z = var(f, "z");
  CHECK_EQ_U(p.assertions.size, 5);
  CHECK(has(&p, mk2(f, FER_OP_FP_LT, x, y)));
  CHECK(has(&p, mk2(f, FER_OP_FP_LT, y, z)));
  CHECK(has(&p, mk2(f, FER_OP_BVULT, var(f, "u"), var(f, "v"))));
  CHECK(has(&p, mk1(f, FER_OP_NOT, mk1(f, FER_OP_FP_IS_NAN, x))));
  CHECK(has(&p, mk1(f, FER_OP_NOT, mk1(f, FER_OP_FP_IS_ZERO, y))));
  CHECK(!p.unsat);
  fer_pre_release(f, &p);
  /* switched off: one (simplified) assertion per input assertion */
  set(f, "pp_hoist", "0");
  p = run(f);
  CHECK_EQ_U(p.assertions.size, 2);
  fer_pre_release(f, &p);
  ferret_delete(f);
}

TEST(pre_dedup_true) {
  ferret *f = load(DECL_FP "(assert (fp.lt x y))(assert true)(assert (fp.lt x y))");
  fer_pre p = run(f);
  CHECK_EQ_U(p.assertions.size, 1);
  fer_pre_release(f, &p);
  set(f, "pp_dedup", "0");
  p = run(f);
  CHECK_EQ_U(p.assertions.size, 2);
  fer_pre_release(f, &p);
  set(f, "pp_true", "0");
  p = run(f);
  CHECK_EQ_U(p.assertions.size, 3);
  CHECK(has(&p, fer_true(f)));
  fer_pre_release(f, &p);
  ferret_delete(f);
}

TEST(pre_simplify) {
  ferret *f = load(DECL_FP "(declare-fun p () Bool)(declare-fun q () Bool)"
                           "(assert (not (not (fp.lt x y))))"
                           "(assert (ite true (fp.gt y z) (fp.isNaN z)))"
                           "(assert (= z z))"              /* true: = is structural */
                           "(assert (fp.eq x x))"          /* NOT true: NaN */
                           "(assert (fp.leq y y))"
                           "(assert (or p (not p) q))");   /* true */
  set(f, "pp_propagate", "0");
  fer_pre p = run(f);
  fer_term x = var(f, "x"), y = var(f, "y"), z = var(f, "z");
  fer_term notnan_x = mk1(f, FER_OP_NOT, mk1(f, FER_OP_FP_IS_NAN, x));
  fer_term notnan_y = mk1(f, FER_OP_NOT, mk1(f, FER_OP_FP_IS_NAN, y));
  CHECK(has(&p, mk2(f, FER_OP_FP_LT, x, y)));
  CHECK(has(&p, mk2(f, FER_OP_FP_GT, y, z)));
  CHECK(has(&p, notnan_x));
  CHECK(has(&p, notnan_y));
  CHECK_EQ_U(p.assertions.size, 4);
  fer_pre_release(f, &p);
  set(f, "pp_simplify", "0");
  p = run(f);
  CHECK_EQ_U(p.assertions.size, 6);
  fer_pre_release(f, &p);
  ferret_delete(f);
}

/* Exact identities on FP: a widening round trip, roundToIntegral twice,
 * abs of abs or of neg; a narrowing round trip is NOT the identity. */
TEST(pre_simplify_fp_identities) {
  ferret *f = load(DECL_FP "(declare-fun m () RoundingMode)"
                   "(assert (= y ((_ to_fp 8 24) m ((_ to_fp 11 53) RNE x))))"
                   "(assert (= z (fp.roundToIntegral RTZ (fp.roundToIntegral m x))))"
                   "(assert (fp.isNormal (fp.abs (fp.neg (fp.abs y)))))"
                   "(assert (fp.isZero ((_ to_fp 8 24) RNE ((_ to_fp 5 11) RNE z))))");
  set(f, "pp_propagate", "0");
  set(f, "pp_solve", "0");
  set(f, "pp_eqx", "0");
  fer_pre p = run(f);
  fer_term x = var(f, "x"), y = var(f, "y"), z = var(f, "z"), m = var(f, "m");
  fer_term rti[2] = {m, x};
  CHECK(has(&p, mk2(f, FER_OP_EQ, y, x)));
  CHECK(has(&p, mk2(f, FER_OP_EQ, z, fer_mk(f, FER_OP_FP_RTI, 2, rti, 0, 0))));
  CHECK(has(&p, mk1(f, FER_OP_FP_IS_NORMAL, mk1(f, FER_OP_FP_ABS, y))));
  /* Float32 -> Float16 -> Float32 loses bits: kept */
  fer_term rne = fer_mk_rm(f, FER_RNE);
  fer_term to16[2] = {rne, z};
  fer_term h = fer_mk(f, FER_OP_TO_FP_FP, 2, to16, 5, 11);
  fer_term to32[2] = {rne, h};
  CHECK(has(&p, mk1(f, FER_OP_FP_IS_ZERO, fer_mk(f, FER_OP_TO_FP_FP, 2, to32, 8, 24))));
  fer_pre_release(f, &p);
  ferret_delete(f);
}

/* x + (-x), (-x) + x and x - x are simplified to an ite on x's class; the
 * result must be the operation's value for every rounding mode and every
 * kind of x (zeros of both signs, subnormal, infinities, NaN). */
TEST(pre_simplify_cancel) {
  ferret *f = load("");
  fer_fmt fm = {8, 24};
  fer_sort so = fer_sort_fp(f, 8, 24);
  const fer_u128 xs[] = {0x3fc00000, 0xbfc00000, 0, 0x80000000, 1, 0x80000001,
                         0x7f7fffff, 0x7f800000, 0xff800000, 0x7fc00000};
  int checked = 0;
  for (int rm = 0; rm < 5; rm++)
    for (size_t i = 0; i < sizeof xs / sizeof *xs; i++)
      for (int form = 0; form < 3; form++) {
        fer_term x = fer_mk_const_u128(f, so, xs[i]);
        fer_term nx = mk1(f, FER_OP_FP_NEG, x);
        fer_term a[3] = {fer_mk_rm(f, (fer_rm)rm), form == 1 ? nx : x,
                         form == 0 ? nx : x};
        fer_op op = form == 2 ? FER_OP_FP_SUB : FER_OP_FP_ADD;
        fer_term simp = fer_simp_mk(f, op, 3, a, 0, 0);
        fer_term raw = fer_mk(f, op, 3, a, 0, 0);
        bool u1 = false, u2 = false;
        fer_term v1 = fer_eval(f, simp, NULL, &u1), v2 = fer_eval(f, raw, NULL, &u2);
        CHECK(v1 && v2 && !u1 && !u2);
        fer_u128 b1 = fer_const_u128(f, v1), b2 = fer_const_u128(f, v2);
        CHECK_MSG(b1 == b2 || (fer_fp_is_nan(fm, b1) && fer_fp_is_nan(fm, b2)),
                  "rm %d x %d form %d", rm, (int)i, form);
        checked++;
      }
  /* on a variable the rule fires (an ite, no addition left) */
  ferret *g = load(DECL_FP);
  fer_term x = var(g, "x");
  fer_term a[3] = {fer_mk_rm(g, FER_RTN), x, x};
  fer_term t = fer_simp_mk(g, FER_OP_FP_SUB, 3, a, 0, 0);
  CHECK(fer_term_op(g, t) == FER_OP_ITE);
  CHECK(fer_term_arg(g, t, 2) == fer_mk_const_u128(g, fer_sort_fp(g, 8, 24), 0x80000000));
  CHECK(checked == 150);
  ferret_delete(g);
  ferret_delete(f);
}

TEST(pre_fold_and_unsat) {
  /* ground arithmetic folds; 1 + 1 < 2 is false: a proof of unsat */
  ferret *f = load(DECL_FP "(assert (fp.lt x y))"
                           "(assert (fp.lt (fp.add RNE ((_ to_fp 8 24) RNE 1.0) ((_ to_fp 8 24) RNE 1.0))"
                           "               ((_ to_fp 8 24) RNE 2.0)))");
  fer_pre p = run(f);
  CHECK(p.unsat);
  fer_pre_release(f, &p);
  ferret_delete(f);
  /* fp.lt x x is false for every x */
  f = load(DECL_FP "(assert (fp.lt x x))");
  p = run(f);
  CHECK(p.unsat);
  fer_pre_release(f, &p);
  ferret_delete(f);
}

TEST(pre_unspecified_not_folded) {
  /* fp.to_ubv of NaN is unspecified: the equation may hold, no unsat */
  ferret *f = load("(assert (= ((_ fp.to_ubv 8) RNE (_ NaN 8 24)) #x07))");
  fer_pre p = run(f);
  CHECK(!p.unsat);
  CHECK_EQ_U(p.assertions.size, 1);
  fer_pre_release(f, &p);
  ferret_delete(f);
  /* but a term equals itself whatever its value */
  f = load("(assert (not (= ((_ fp.to_ubv 8) RNE (_ NaN 8 24)) ((_ fp.to_ubv 8) RNE (_ NaN 8 24)))))");
  p = run(f);
  CHECK(p.unsat);
  fer_pre_release(f, &p);
  ferret_delete(f);
}

TEST(pre_contradiction) {
  ferret *f = load(DECL_FP "(assert (fp.lt x y))(assert (not (fp.lt x y)))(assert (fp.isNaN z))");
  fer_pre p = run(f);
  CHECK(p.unsat);
  fer_pre_release(f, &p);
  set(f, "pp_contradiction", "0");
  p = run(f);
  CHECK(!p.unsat);
  CHECK_EQ_U(p.assertions.size, 3);
  fer_pre_release(f, &p);
  ferret_delete(f);
}

/* The example of the JFS paper, Listing 3: classes {a, b, c} and {d, +0}. */
TEST(pre_eqx_paper_listing3) {
  ferret *f = load("(declare-fun a () (_ FloatingPoint 11 53))"
                   "(declare-fun b () (_ FloatingPoint 11 53))"
                   "(declare-fun c () (_ FloatingPoint 11 53))"
                   "(declare-fun d () (_ FloatingPoint 11 53))"
                   "(assert (= a b))(assert (= b c))(assert (= d (_ +zero 11 53)))"
                   "(assert (not (fp.isNaN (fp.add RNE c d))))");
  fer_pre p = run(f);
  CHECK_EQ_U(p.assertions.size, 1);
  CHECK_EQ_U(p.elim_var.size, 3);
  fer_term_stack vars = {0};
  CHECK(fer_collect_vars(f, p.assertions.data, p.assertions.size, &vars));
  CHECK_EQ_U(vars.size, 1); /* one slot for the class {a, b, c} */
  /* d := +0 */
  for (size_t i = 0; i < p.elim_var.size; i++)
    if (p.elim_var.data[i] == var(f, "d")) {
      CHECK(fer_term_op(f, p.elim_def.data[i]) == FER_OP_CONST);
      CHECK(fer_const_u128(f, p.elim_def.data[i]) == 0);
    }
  /* every definition mentions only the kept variable */
  for (size_t i = 0; i < p.elim_def.size; i++) {
    fer_term_stack dv = {0};
    CHECK(fer_collect_vars(f, &p.elim_def.data[i], 1, &dv));
    CHECK(dv.size == 0 || (dv.size == 1 && dv.data[0] == vars.data[0]));
    FER_RELEASE(f, dv);
  }
  FER_RELEASE(f, vars);
  fer_pre_release(f, &p);
  set(f, "pp_eqx", "0");
  set(f, "pp_solve", "0");
  p = run(f);
  CHECK_EQ_U(p.elim_var.size, 1); /* only d, by constant propagation */
  fer_pre_release(f, &p);
  ferret_delete(f);
}

TEST(pre_eqx_conflicts) {
  /* two different constants in one class: unsat */
  ferret *f = load("(declare-fun x () (_ BitVec 8))(declare-fun y () (_ BitVec 8))"
                   "(assert (= x y))(assert (= x #x01))(assert (= y #x02))");
  fer_pre p = run(f);
  CHECK(p.unsat);
  fer_pre_release(f, &p);
  ferret_delete(f);
  /* +0 and -0 are different under = */
  f = load(DECL_FP "(assert (= x (_ +zero 8 24)))(assert (= x (_ -zero 8 24)))");
  p = run(f);
  CHECK(p.unsat);
  fer_pre_release(f, &p);
  ferret_delete(f);
  /* Bool literals */
  f = load("(declare-fun p () Bool)(declare-fun q () Bool)(assert p)(assert (= p q))(assert (not q))");
  p = run(f);
  CHECK(p.unsat);
  fer_pre_release(f, &p);
  ferret_delete(f);
}

TEST(pre_fp_eq_not_substituted) {
  /* fp.eq x y holds for x=-0, y=+0: it must not merge x and y */
  ferret *f = load(DECL_FP "(assert (fp.eq x y))(assert (fp.isNegative x))(assert (fp.isPositive y))");
  fer_pre p = run(f);
  CHECK(!p.unsat);
  CHECK_EQ_U(p.elim_var.size, 0);
  fer_pre_release(f, &p);
  ferret_delete(f);
  /* fp.eq x 1.0 has the single solution x = 1.0: substituted */
  f = load(DECL_FP "(assert (fp.eq x ((_ to_fp 8 24) RNE 1.0)))(assert (fp.lt x y))");
  p = run(f);
  CHECK_EQ_U(p.elim_var.size, 1);
  fer_pre_release(f, &p);
  ferret_delete(f);
  /* fp.eq x +0 holds for -0 too: not substituted */
  f = load(DECL_FP "(assert (fp.eq x (_ +zero 8 24)))(assert (fp.lt x y))");
  p = run(f);
  CHECK_EQ_U(p.elim_var.size, 0);
  fer_pre_release(f, &p);
  ferret_delete(f);
}

TEST(pre_solve_eqs) {
  ferret *f = load(DECL_FP "(assert (= x (fp.add RNE y z)))(assert (fp.lt x y))"
                           "(declare-fun u () (_ BitVec 8))(assert (= u (bvadd u #x01)))");
  fer_pre p = run(f);
  /* x := y + z; u = u + 1 is not a definition (u occurs on both sides) */
  CHECK_EQ_U(p.elim_var.size, 1);
  CHECK(p.elim_var.data[0] == var(f, "x"));
  fer_term_stack vars = {0};
  CHECK(fer_collect_vars(f, p.assertions.data, p.assertions.size, &vars));
  for (size_t i = 0; i < vars.size; i++) CHECK(vars.data[i] != var(f, "x"));
  FER_RELEASE(f, vars);
  fer_pre_release(f, &p);
  set(f, "pp_solve", "0");
  p = run(f);
  CHECK_EQ_U(p.elim_var.size, 0);
  fer_pre_release(f, &p);
  ferret_delete(f);
}

TEST(pre_chained_definitions) {
  /* x := y + 1 then y := 3: the definition of x must end up ground */
  ferret *f = load("(declare-fun x () (_ BitVec 8))(declare-fun y () (_ BitVec 8))"
                   "(declare-fun w () (_ BitVec 8))"
                   "(assert (= x (bvadd y #x01)))(assert (= y #x03))(assert (bvult w x))");
  fer_pre p = run(f);
  CHECK_EQ_U(p.elim_var.size, 2);
  for (size_t i = 0; i < p.elim_def.size; i++)
    CHECK(fer_term_op(f, p.elim_def.data[i]) == FER_OP_CONST);
  CHECK(has(&p, mk2(f, FER_OP_BVULT, var(f, "w"),
                    fer_mk_const_u128(f, fer_sort_bv(f, 8), 4))));
  fer_pre_release(f, &p);
  ferret_delete(f);
}

TEST(pre_components) {
  ferret *f = load(DECL_FP "(declare-fun u () (_ BitVec 8))(declare-fun v () (_ BitVec 8))"
                           "(assert (fp.lt x y))(assert (bvult u v))(assert (fp.gt y z))"
                           "(assert (fp.isNaN (fp.add RNE z z)))");
  fer_pre p = run(f);
  fer_components c;
  CHECK(fer_split(f, p.assertions.data, p.assertions.size, true, &c));
  CHECK_EQ_U(c.count, 2);
  for (size_t i = 0; i < p.assertions.size; i++) {
    bool bv = fer_term_op(f, p.assertions.data[i]) == FER_OP_BVULT;
    CHECK(c.of[i] == (bv ? c.of[1] : c.of[0]));
  }
  CHECK(c.of[0] != c.of[1]);
  fer_components_release(f, &c);
  CHECK(fer_split(f, p.assertions.data, p.assertions.size, false, &c));
  CHECK_EQ_U(c.count, 1);
  fer_components_release(f, &c);
  fer_pre_release(f, &p);
  ferret_delete(f);
}

static int traced;
static void trace(void *user, const char *pass, const fer_term *a, size_t n) {
  (void)user, (void)pass, (void)a, (void)n;
  traced++;
}

TEST(pre_trace_and_deep_terms) {
  /* a chain 20000 deep (through define-fun, the reader limits nesting):
   * the walks are iterative, no stack overflow */
  size_t cap = 1 << 22;
  char *s = malloc(cap);
  size_t k = (size_t)snprintf(s, cap, "(declare-fun u () (_ BitVec 16))"
                                      "(define-fun t0 () (_ BitVec 16) u)");
  for (int i = 1; i <= 20000; i++)
    k += (size_t)snprintf(s + k, cap - k,
                          "(define-fun t%d () (_ BitVec 16) (bvadd t%d #x0001))", i, i - 1);
  snprintf(s + k, cap - k, "(assert (and (bvult t20000 #x0005) (bvugt u #x0000)))");
  ferret *f = load(s);
  free(s);
  size_t n;
  const fer_term *a = asserts(f, &n);
  fer_pre p;
  fer_pre_init(&p);
  traced = 0;
  CHECK(fer_preprocess(f, a, n, &p, trace, NULL) == FERRET_OK);
  CHECK_EQ_U(p.assertions.size, 2);
  CHECK(traced >= 1); /* hoisting changed the list */
  fer_pre_release(f, &p);
  ferret_delete(f);
}
