/* Relations between terms (src/engine/relate.c): contradictions that are a
 * relation between terms, proved with interval propagation off and a tiny
 * search budget (so nothing else can prove them), sat controls of the same
 * shapes, and random conjunctions of order atoms whose every proof z3 must
 * confirm. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ferret.h"
#include "test.h"

static void quiet(void *user, const char *text, size_t len) {
  (void)user, (void)text, (void)len;
}

/* The answer of the script's last check-sat, intervals and relations on
 * or off, with at most 2000 candidates. */
static ferret_result answer_with(const char *script, bool intervals, bool relations) {
  ferret *f = ferret_new();
  if (!f) return FERRET_UNKNOWN;
  ferret_set_output(f, quiet, NULL);
  ferret_set_diagnostic(f, quiet, NULL);
  ferret_set_option(f, "intervals", intervals ? "1" : "0");
  ferret_set_option(f, "max_execs", "2000");
  ferret_set_option(f, "relations", relations ? "1" : "0");
  ferret_execute(f, "relate", script, strlen(script));
  ferret_result r = ferret_last_result(f);
  ferret_delete(f);
  return r;
}

/* Relations alone: intervals off. */
static ferret_result answer(const char *script, bool relations) {
  return answer_with(script, false, relations);
}

static const char *const contradictions[] = {
    /* a cycle of orders with one strict */
    "(declare-const x Float64)(declare-const y Float64)(declare-const z Float64)"
    "(assert (fp.lt x y))(assert (fp.lt y z))(assert (fp.leq z x))(check-sat)",
    /* x1 - x0 == 0 beside x0 < x1 (every rounding mode) */
    "(declare-const x0 Float64)(declare-const x1 Float64)"
    "(assert (fp.eq (fp.sub RTZ x1 x0) (_ +zero 11 53)))(assert (fp.lt x0 x1))(check-sat)",
    "(declare-const x0 Float32)(declare-const x1 Float32)"
    "(assert (= (fp.sub RTN x1 x0) (_ -zero 8 24)))(assert (fp.gt x1 x0))(check-sat)",
    /* the double of a 32-bit difference is 0 beside a <s b */
    "(declare-const a (_ BitVec 32))(declare-const b (_ BitVec 32))"
    "(assert (fp.eq ((_ to_fp 11 53) RNE (bvsub a b)) (_ +zero 11 53)))"
    "(assert (bvslt a b))(check-sat)",
    /* identity and a strict order */
    "(declare-const x Float32)(declare-const y Float32)(declare-const z Float32)"
    "(assert (= x y))(assert (fp.lt y z))(assert (fp.eq z x))(check-sat)",
    /* negated BV orders: a > b, b >= c, a <= c */
    "(declare-const a (_ BitVec 32))(declare-const b (_ BitVec 32))(declare-const c (_ BitVec 32))"
    "(assert (not (bvule a b)))(assert (bvuge b c))(assert (bvule a c))(check-sat)",
    /* distinct of identical terms */
    "(declare-const a (_ BitVec 32))(declare-const b (_ BitVec 32))"
    "(assert (= (bvxor a b) #x00000000))(assert (distinct a b))(check-sat)",
};

/* Same shapes with one link missing or weakened: each has a model. */
static const char *const satisfiable[] = {
    "(declare-const x Float64)(declare-const y Float64)(declare-const z Float64)"
    "(assert (fp.lt x y))(assert (fp.leq y z))(assert (fp.leq z y))(check-sat)",
    "(declare-const x0 Float64)(declare-const x1 Float64)"
    "(assert (fp.eq (fp.sub RNE x1 x0) (_ +zero 11 53)))(assert (fp.leq x0 x1))(check-sat)",
    /* -0 and +0: numerically equal, not identical */
    "(declare-const x Float32)(declare-const y Float32)"
    "(assert (fp.eq x y))(assert (not (= x y)))(check-sat)",
    /* NaN: neither below the other nor equal */
    "(declare-const x Float32)(declare-const y Float32)"
    "(assert (not (fp.lt x y)))(assert (not (fp.lt y x)))(assert (not (fp.eq x y)))(check-sat)",
    /* the signed and unsigned orders are different orders */
    "(declare-const a (_ BitVec 32))(declare-const b (_ BitVec 32))"
    "(assert (bvult a b))(assert (bvslt b a))(check-sat)",
    /* a product (not a difference) that is zero says nothing of order */
    "(declare-const x Float64)(declare-const y Float64)"
    "(assert (fp.eq (fp.mul RNE x y) (_ +zero 11 53)))(assert (fp.lt x y))(check-sat)",
};

TEST(relations_prove_relational_contradictions) {
  for (size_t i = 0; i < sizeof contradictions / sizeof *contradictions; i++) {
    CHECK_MSG(answer(contradictions[i], true) == FERRET_UNSAT, "not proved: %s",
              contradictions[i]);
    /* without the relations nothing here proves it (the test would be
     * empty if something did) */
    CHECK_MSG(answer(contradictions[i], false) != FERRET_UNSAT, "proved without: %s",
              contradictions[i]);
  }
}

TEST(relations_leave_satisfiable_shapes_alone) {
  for (size_t i = 0; i < sizeof satisfiable / sizeof *satisfiable; i++)
    CHECK_MSG(answer(satisfiable[i], true) != FERRET_UNSAT, "wrong unsat: %s", satisfiable[i]);
}


/* The next pseudo-random number (a 64-bit LCG; the tests' own stream). */
static uint64_t next_random(uint64_t *s) {
  *s = *s * 6364136223846793005u + 1442695040888963407u;
  return *s >> 28;
}

/* A formula ferret refuted: z3 must not find a model.  Counts it. */
static void z3_confirms(const char *text, const char *who, int *proved, int *confirmed) {
  ++*proved;
  int z = fer_test_z3(text, strlen(text));
  CHECK_MSG(z != 1, "z3 finds a model of a formula %s refute:\n%s", who, text);
  *confirmed += z == 0;
}

/* Random conjunctions of atoms over four Float16 and four 8-bit BV
 * variables (orders, negations, identities, differences that are zero): every
 * unsat the relations give, z3 confirms. */
/* One random atom over four Float16 variables x..w and four 8-bit BV
 * variables a..d: orders, negations, identities, differences that are
 * zero. */
static void order_atom(uint64_t r, char *one, size_t size) {
  static const char *const fp_atoms[] = {
      "(fp.lt %s %s)", "(fp.leq %s %s)", "(fp.gt %s %s)", "(fp.eq %s %s)", "(= %s %s)",
      "(not (fp.lt %s %s))", "(not (= %s %s))", "(fp.eq (fp.sub RNE %s %s) (_ +zero 5 11))",
      "(= (fp.sub RTP %s %s) (_ -zero 5 11))"};
  static const char *const bv_atoms[] = {
      "(bvult %s %s)", "(bvsle %s %s)", "(not (bvuge %s %s))", "(= %s %s)",
      "(distinct %s %s)", "(= (bvsub %s %s) #x00)", "(not (bvsgt %s %s))"};
  static const char *const fv[] = {"x", "y", "z", "w"}, *const bv[] = {"a", "b", "c", "d"};
  r >>= 5;
  bool fp = r & 1;
  const char *u = fp ? fv[(r >> 1) % 4] : bv[(r >> 1) % 4];
  const char *v = fp ? fv[(r >> 3) % 4] : bv[(r >> 3) % 4];
  snprintf(one, size, fp ? fp_atoms[(r >> 5) % 9] : bv_atoms[(r >> 5) % 7], u, v);
}

/* declarations, then `atoms` random atoms made by make, then check-sat. */
static void random_script(char *text, size_t size, const char *decls, int atoms, uint64_t *s,
                          void (*make)(uint64_t, char *, size_t)) {
  size_t n = (size_t)snprintf(text, size, "%s", decls);
  for (int k = 0; k < atoms; k++) {
    char one[200];
    make(next_random(s), one, sizeof one);
    n += (size_t)snprintf(text + n, size - n, "(assert %s)", one);
  }
  snprintf(text + n, size - n, "(check-sat)\n");
}

/* Random scripts (random_script): every one the relations refute (with
 * intervals on or off) that is not refuted without them, z3 must not
 * satisfy; at least 5 such proofs. */
static void random_claims(uint64_t s, int rounds, int atoms, const char *decls,
                          void (*make)(uint64_t, char *, size_t), bool intervals,
                          const char *who) {
  int proved = 0, confirmed = 0;
  for (int round = 0; round < rounds; round++) {
    char text[4096];
    random_script(text, sizeof text, decls, atoms + (int)(s % 4), &s, make);
    if (answer_with(text, intervals, true) != FERRET_UNSAT) continue;
    if (answer_with(text, intervals, false) == FERRET_UNSAT) continue;
    z3_confirms(text, who, &proved, &confirmed);
  }
  fprintf(stderr, "%s: %d proofs on random conjunctions, z3 unsat on %d\n", who, proved,
          confirmed);
  CHECK(proved >= 5);
}

TEST(relations_claims_confirmed_by_z3) {
  if (!fer_test_have("z3")) SKIP("z3 not found (tests/deps.sh installs it)");
  random_claims(7, fer_test_quick ? 150 : 600, 2,
                "(declare-const x (_ FloatingPoint 5 11))(declare-const y (_ FloatingPoint 5 11))"
                "(declare-const z (_ FloatingPoint 5 11))(declare-const w (_ FloatingPoint 5 11))"
                "(declare-const a (_ BitVec 8))(declare-const b (_ BitVec 8))"
                "(declare-const c (_ BitVec 8))(declare-const d (_ BitVec 8))",
                order_atom, false, "the relations");
}

/* Contradictions that need relations and intervals together: a class or
 * an order edge carries a bound from one term to another, and the
 * intervals take it further. */
static const char *const together[] = {
    /* a = b (their difference converts to 0), a >= 100, b <= 50 */
    "(declare-const a (_ BitVec 32))(declare-const b (_ BitVec 32))"
    "(assert (fp.eq ((_ to_fp 11 53) RNE (bvsub a b)) (_ +zero 11 53)))"
    "(assert (bvuge a #x00000064))(assert (bvule b #x00000032))(check-sat)",
    /* a = b, b <= 50, so 3a <= 150 < 1000: the intervals again */
    "(declare-const a (_ BitVec 32))(declare-const b (_ BitVec 32))"
    "(assert (fp.eq ((_ to_fp 11 53) RNE (bvsub a b)) (_ +zero 11 53)))"
    "(assert (bvule b #x00000032))(assert (bvuge (bvmul a #x00000003) #x000003e8))(check-sat)",
    /* x - y == 0 under RTZ: x = y > 1, so sqrt(x) is positive */
    "(declare-const x Float32)(declare-const y Float32)"
    "(assert (fp.eq (fp.sub RTZ x y) (_ +zero 8 24)))(assert (fp.isNegative (fp.sqrt RNE x)))"
    "(assert (fp.gt y ((_ to_fp 8 24) RNE 1.0)))(check-sat)",
    /* signed: a = b, b <s -256, a >=s 0 */
    "(declare-const a (_ BitVec 16))(declare-const b (_ BitVec 16))"
    "(assert (fp.eq ((_ to_fp 8 24) RTP (bvsub a b)) (_ -zero 8 24)))"
    "(assert (bvslt b #xff00))(assert (bvsge a #x0000))(check-sat)",
};

TEST(relations_and_intervals_prove_together) {
  bool z3 = fer_test_have("z3");
  for (size_t i = 0; i < sizeof together / sizeof *together; i++) {
    const char *s = together[i];
    CHECK_MSG(answer_with(s, true, true) == FERRET_UNSAT, "not proved: %s", s);
    CHECK_MSG(answer_with(s, true, false) != FERRET_UNSAT, "intervals alone prove: %s", s);
    CHECK_MSG(answer_with(s, false, true) != FERRET_UNSAT, "relations alone prove: %s", s);
    if (z3) CHECK_MSG(fer_test_z3(s, strlen(s)) == 0, "z3 does not confirm: %s", s);
  }
}

/* Random conjunctions of relational atoms and bounds by constants over two
 * Float16 and three 8-bit BV variables, with intervals on: every unsat that
 * needs the relations, z3 confirms. */
/* One random atom over Float16 x, y and 8-bit a, b, c: a relation, or a
 * bound by a constant (some through an operator the intervals invert). */
static void bound_atom(uint64_t r, char *one, size_t size) {
  static const char *const rel[] = {
      "(fp.lt %s %s)", "(fp.leq %s %s)", "(fp.eq (fp.sub RTN %s %s) (_ +zero 5 11))",
      "(= (fp.sub RNE %s %s) (_ -zero 5 11))", "(bvult %s %s)", "(bvsle %s %s)",
      "(= (bvsub %s %s) #x00)", "(= (bvxor %s %s) #x00)", "(not (bvuge %s %s))"};
  static const char *const bound[] = {
      "(fp.leq %s ((_ to_fp 5 11) RNE %s%d.5%s))",
      "(fp.gt (fp.mul RNE %s %s) ((_ to_fp 5 11) RNE %s%d.0%s))",
      "(fp.lt ((_ to_fp 5 11) RTZ %s%d.25%s) %s)",
      "(fp.isInfinite (fp.add RNE %s ((_ to_fp 5 11) RNE %s%d.0%s)))",
      "(bvule %s #x%02x)", "(bvuge (bvmul %s #x03) #x%02x)", "(bvsgt %s #x%02x)",
      "(bvult (bvadd %s #x10) #x%02x)"};
  static const char *const fv[] = {"x", "y"}, *const bv[] = {"a", "b", "c"};
  if (!(r & 1)) {
    uint32_t form = (uint32_t)((r >> 1) % 9);
    bool fp = form < 4;
    const char *u = fp ? fv[(r >> 5) % 2] : bv[(r >> 5) % 3];
    const char *v = fp ? fv[(r >> 7) % 2] : bv[(r >> 7) % 3];
    snprintf(one, size, rel[form], u, v);
    return;
  }
  uint32_t form = (uint32_t)((r >> 1) % 8);
  int c = (int)((r >> 9) % 256);
  if (form >= 4) {
    snprintf(one, size, bound[form], bv[(r >> 5) % 3], c);
    return;
  }
  const char *u = fv[(r >> 5) % 2];
  c = c % 40 - (form == 3 ? 0 : 20);
  const char *neg = c < 0 ? "(- " : "", *close = c < 0 ? ")" : ""; /* SMT-LIB's -c */
  c = c < 0 ? -c : c;
  if (form == 1) snprintf(one, size, bound[form], u, u, neg, c, close);
  else if (form == 2) snprintf(one, size, bound[form], neg, c, close, u);
  else snprintf(one, size, bound[form], u, neg, c, close);
}

TEST(relations_with_intervals_claims_confirmed_by_z3) {
  if (!fer_test_have("z3")) SKIP("z3 not found (tests/deps.sh installs it)");
  random_claims(11, fer_test_quick ? 200 : 800, 3,
                "(declare-const x (_ FloatingPoint 5 11))(declare-const y (_ FloatingPoint 5 11))"
                "(declare-const a (_ BitVec 8))(declare-const b (_ BitVec 8))"
                "(declare-const c (_ BitVec 8))",
                bound_atom, true, "relations and intervals");
}
