/* The term-building API (ferret.h, "terms"): every operator kind maps to
 * its SMT-LIB operator, sort errors are error records, values come back
 * as bits, and API terms and SMT-LIB text share one session. */
#include <math.h>
#include <setjmp.h>
#include <string.h>

#include "ferret.h"
#include "test.h"

static void quiet(void *user, const char *text, size_t len) {
  (void)user, (void)text, (void)len;
}

static ferret *fresh(void) {
  ferret *f = ferret_new();
  ferret_set_output(f, quiet, NULL);
  ferret_set_diagnostic(f, quiet, NULL);
  return f;
}

/* The SMT-LIB names, in kind order (what ferret_term_string prints first
 * after the '(' or the indexed '(_ '). */
static const char *const kind_names[FERRET_KIND_COUNT] = {
    "true", "false", "const", "var", "real", "param", "not", "=>", "and",
    "or", "xor", "=", "distinct", "ite", "concat", "extract", "repeat",
    "zero_extend", "sign_extend", "rotate_left", "rotate_right", "bvnot",
    "bvneg", "bvand", "bvor", "bvxor", "bvnand", "bvnor", "bvxnor", "bvcomp",
    "bvadd", "bvsub", "bvmul", "bvudiv", "bvurem", "bvsdiv", "bvsrem",
    "bvsmod", "bvshl", "bvlshr", "bvashr", "bvult", "bvule", "bvugt",
    "bvuge", "bvslt", "bvsle", "bvsgt", "bvsge", "bvnego", "bvuaddo",
    "bvsaddo", "bvumulo", "bvsmulo", "bvusubo", "bvssubo", "bvsdivo",
    "bvredand", "bvredor", "fp", "fp.abs", "fp.neg", "fp.add", "fp.sub",
    "fp.mul", "fp.div", "fp.fma", "fp.sqrt", "fp.rem", "fp.roundToIntegral",
    "fp.min", "fp.max", "fp.leq", "fp.lt", "fp.geq", "fp.gt", "fp.eq",
    "fp.isNormal", "fp.isSubnormal", "fp.isZero", "fp.isInfinite",
    "fp.isNaN", "fp.isNegative", "fp.isPositive", "to_fp", "to_fp", "to_fp",
    "to_fp", "to_fp_unsigned", "fp.to_ubv", "fp.to_sbv", "to_ieee_bv"};

/* Every operator kind can be applied, the store keeps the kind (the TO_FP
 * variants by their arguments) and prints the SMT-LIB operator. */
TEST(terms_every_kind_applies_and_prints) {
  ferret *f = fresh();
  ferret_sort B = ferret_sort_bool(f), b8 = ferret_sort_bv(f, 8),
              b1 = ferret_sort_bv(f, 1), b23 = ferret_sort_bv(f, 23),
              b32 = ferret_sort_bv(f, 32), f32 = ferret_sort_fp(f, 8, 24),
              RM = ferret_sort_rm(f);
  ferret_term p = ferret_mk_var(f, "p", B), q = ferret_mk_var(f, "q", B);
  ferret_term x = ferret_mk_var(f, "x", b8), y = ferret_mk_var(f, "y", b8);
  ferret_term s = ferret_mk_bits64(f, b1, 1), e = ferret_mk_var(f, "e", b8),
              m = ferret_mk_var(f, "m", b23), w = ferret_mk_var(f, "w", b32);
  ferret_term u = ferret_mk_var(f, "u", f32), v = ferret_mk_var(f, "v", f32);
  ferret_term rm = ferret_mk_var(f, "rm", RM), r = ferret_mk_real(f, 1, 7, 3);
  ferret_term c = ferret_mk_rm(f, FERRET_RTZ);
  CHECK(p && q && x && y && s && e && m && w && u && v && rm && r && c);
  CHECK(ferret_term_kind(f, r) == FERRET_KIND_REAL);
  CHECK(ferret_term_kind(f, c) == FERRET_KIND_CONST);
  CHECK(ferret_term_kind(f, p) == FERRET_KIND_VAR);
  /* argument lists tried in turn; the first one the kind accepts wins */
  const ferret_term lists[][4] = {
      {p},       {p, q},    {p, q, p}, {x},       {x, y},   {u},
      {u, v},    {rm, u},   {rm, u, v}, {rm, u, v, u}, {s, e, m},
      {rm, w},   {w},       {rm, r},   {p, x, y}};
  const size_t lens[] = {1, 2, 3, 1, 2, 1, 2, 2, 3, 4, 3, 2, 1, 2, 3};
  const size_t nlists = sizeof lens / sizeof *lens;
  for (int k = FERRET_KIND_SELECT; k < FERRET_KIND_COUNT; k++) {
    CHECK(!ferret_mk_term(f, (ferret_kind)k, lists[1], 2, NULL, 0));
    CHECK(ferret_error(f)->status == FERRET_ERROR_UNSUPPORTED);
  }
  for (int k = FERRET_KIND_NOT; k < FERRET_KIND_SELECT; k++) {
    uint32_t idx[2] = {3, 1};
    size_t ni = (k == FERRET_KIND_EXTRACT || k >= FERRET_KIND_TO_FP_BV) &&
                        k != FERRET_KIND_FP_TO_UBV &&
                        k != FERRET_KIND_FP_TO_SBV &&
                        k != FERRET_KIND_FP_TO_IEEE_BV
                    ? 2
                : k == FERRET_KIND_REPEAT || k == FERRET_KIND_ZERO_EXTEND ||
                        k == FERRET_KIND_SIGN_EXTEND ||
                        k == FERRET_KIND_ROTATE_LEFT ||
                        k == FERRET_KIND_ROTATE_RIGHT ||
                        k == FERRET_KIND_FP_TO_UBV ||
                        k == FERRET_KIND_FP_TO_SBV
                    ? 1
                    : 0;
    if (k >= FERRET_KIND_TO_FP_BV && k <= FERRET_KIND_TO_FP_UBV)
      idx[0] = 8, idx[1] = 24;
    /* the first list whose application keeps the kind (or of one
     * argument is that argument; to_fp picks its variant) */
    ferret_term t = 0;
    for (size_t i = 0; i < nlists && !t; i++) {
      t = ferret_mk_term(f, (ferret_kind)k, lists[i], lens[i], idx, ni);
      if (t && ferret_term_kind(f, t) != (ferret_kind)k) t = 0;
    }
    CHECK_MSG(t != 0, "kind %d (%s): no argument list accepted: %s", k,
              kind_names[k], ferret_error(f)->message);
    if (!t) continue;
    const char *text = ferret_term_string(f, t);
    CHECK(text != NULL);
    if (!text) continue;
    const char *name = text + 1 + (text[1] == '(' ? 3 : 0);
    if (!strncmp(text, "((_ ", 4)) name = text + 4;
    else if (!strncmp(text, "(_ ", 3)) name = text + 3;
    size_t n = strlen(kind_names[k]);
    CHECK_MSG(!strncmp(name, kind_names[k], n) &&
                  (name[n] == ' ' || name[n] == ')'),
              "kind %d prints as %s", k, text);
  }
  ferret_delete(f);
}

/* Errors are records, not crashes; the context goes on working. */
TEST(terms_errors_are_records) {
  ferret *f = fresh();
  ferret_sort b8 = ferret_sort_bv(f, 8), f32 = ferret_sort_fp(f, 8, 24);
  ferret_term x = ferret_mk_var(f, "x", b8), u = ferret_mk_var(f, "u", f32);
  ferret_term xu[2] = {x, u};
  CHECK(ferret_mk_term(f, FERRET_KIND_BVADD, xu, 2, NULL, 0) == 0);
  CHECK(ferret_error(f)->status == FERRET_ERROR_SORT);
  CHECK(strstr(ferret_error(f)->message, "bvadd") != NULL);
  /* a wrong number of indices */
  uint32_t idx[2] = {9, 0};
  CHECK(ferret_mk_term(f, FERRET_KIND_EXTRACT, &x, 1, idx, 1) == 0);
  CHECK(ferret_error(f)->status == FERRET_ERROR_SORT);
  /* extract out of range */
  CHECK(ferret_mk_term(f, FERRET_KIND_EXTRACT, &x, 1, idx, 2) == 0);
  /* a failed term as an argument */
  ferret_term bad[2] = {x, 0};
  CHECK(ferret_mk_term(f, FERRET_KIND_BVADD, bad, 2, NULL, 0) == 0);
  CHECK(strstr(ferret_error(f)->message, "extract") != NULL); /* kept */
  ferret *g = fresh(); /* with no earlier failure, the 0 is the error */
  ferret_term gx = ferret_mk_var(g, "x", ferret_sort_bv(g, 8)),
              gbad[2] = {gx, 0};
  CHECK(ferret_mk_term(g, FERRET_KIND_BVADD, gbad, 2, NULL, 0) == 0);
  CHECK(ferret_error(g)->status == FERRET_ERROR_SORT);
  CHECK(strstr(ferret_error(g)->message, "argument 2 is 0") != NULL);
  ferret_delete(g);
  /* leaves are not applied; names are fresh; sorts have sizes */
  CHECK(ferret_mk_term(f, FERRET_KIND_VAR, NULL, 0, NULL, 0) == 0);
  CHECK(ferret_mk_var(f, "x", b8) == 0);
  CHECK(ferret_error(f)->status == FERRET_ERROR_SORT);
  CHECK(ferret_mk_var(f, "true", b8) == 0);
  CHECK(ferret_sort_bv(f, 0) == 0 && ferret_sort_fp(f, 1, 5) == 0);
  CHECK(ferret_mk_real(f, 0, 1, 0) == 0);
  /* assert wants Bool; pop wants pushed levels */
  CHECK(ferret_assert(f, x) == FERRET_ERROR_SORT);
  CHECK(ferret_pop(f, 1) == FERRET_ERROR_COMMAND);
  /* a value needs a model */
  uint64_t bits[2];
  CHECK(ferret_get_value(f, x, bits, 2, NULL) == FERRET_ERROR_COMMAND);
  /* still working */
  ferret_term c = ferret_mk_bits64(f, b8, 0x41);
  ferret_term eq[2] = {x, c};
  CHECK(ferret_assert(f, ferret_mk_term(f, FERRET_KIND_EQ, eq, 2, NULL, 0)) ==
        FERRET_OK);
  CHECK(ferret_check_sat(f) == FERRET_SAT);
  CHECK(ferret_get_value(f, x, bits, 1, NULL) == FERRET_OK && bits[0] == 0x41);
  ferret_delete(f);
}

static jmp_buf jump;
static const char *misused;
static void hook(void *user, const char *function, const char *message) {
  (void)user, (void)message;
  misused = function;
  longjmp(jump, 1);
}

#define MISUSE(NAME, CALL)                                                  \
  do {                                                                      \
    misused = NULL;                                                         \
    if (!setjmp(jump)) {                                                    \
      CALL;                                                                 \
      CHECK_MSG(0, "%s: misuse not caught", NAME);                          \
    } else {                                                                \
      CHECK_STR(misused, NAME);                                             \
    }                                                                       \
  } while (0)

TEST(terms_misuse_reaches_the_abort_hook) {
  ferret *f = fresh();
  ferret_set_abort_hook(f, hook, NULL);
  ferret_sort b8 = ferret_sort_bv(f, 8);
  ferret_term x = ferret_mk_var(f, "x", b8);
  MISUSE("ferret_mk_term", ferret_mk_term(f, (ferret_kind)999, &x, 1, NULL, 0));
  MISUSE("ferret_mk_term", ferret_mk_term(f, FERRET_KIND_BVNOT, NULL, 1, NULL, 0));
  ferret_term huge = 1000000;
  MISUSE("ferret_mk_term", ferret_mk_term(f, FERRET_KIND_BVNOT, &huge, 1, NULL, 0));
  MISUSE("ferret_term_sort", ferret_term_sort(f, 0));
  MISUSE("ferret_term_arg", ferret_term_arg(f, x, 0));
  MISUSE("ferret_sort_info", ferret_sort_info(f, 12345, NULL, NULL));
  MISUSE("ferret_mk_var", ferret_mk_var(f, NULL, b8));
  MISUSE("ferret_mk_var", ferret_mk_var(f, "z", 0));
  MISUSE("ferret_mk_rm", ferret_mk_rm(f, (ferret_rm)7));
  MISUSE("ferret_assert", ferret_assert(f, huge));
  MISUSE("ferret_check_sat_assuming", ferret_check_sat_assuming(f, NULL, 2));
  MISUSE("ferret_get_value", ferret_get_value(f, x, NULL, 1, NULL));
  ferret_delete(f);
}

static double as_double(uint64_t bits) {
  double d;
  memcpy(&d, &bits, sizeof d);
  return d;
}

/* A float query built only through the API, its model read back as bits
 * and checked with the host's IEEE arithmetic (RNE). */
TEST(terms_float_query_and_values) {
  ferret *f = fresh();
  ferret_sort f64 = ferret_sort_fp(f, 11, 53);
  ferret_term x = ferret_mk_var(f, "x", f64), y = ferret_mk_var(f, "y", f64);
  ferret_term rne = ferret_mk_rm(f, FERRET_RNE);
  double one = 1.0, ten = 10.0;
  uint64_t ob, tb;
  memcpy(&ob, &one, 8), memcpy(&tb, &ten, 8);
  ferret_term c1 = ferret_mk_bits64(f, f64, ob), c10 = ferret_mk_bits64(f, f64, tb);
  ferret_term sum_args[3] = {rne, x, y};
  ferret_term sum = ferret_mk_term(f, FERRET_KIND_FP_ADD, sum_args, 3, NULL, 0);
  ferret_term a1[2] = {sum, c10}, a2[2] = {x, c1}, a3[2] = {y, c1};
  ferret_term eq = ferret_mk_term(f, FERRET_KIND_FP_EQ, a1, 2, NULL, 0);
  ferret_term gx = ferret_mk_term(f, FERRET_KIND_FP_GT, a2, 2, NULL, 0);
  ferret_term gy = ferret_mk_term(f, FERRET_KIND_FP_GT, a3, 2, NULL, 0);
  CHECK(ferret_assert(f, eq) == FERRET_OK);
  CHECK(ferret_assert(f, gx) == FERRET_OK && ferret_assert(f, gy) == FERRET_OK);
  CHECK(ferret_check_sat(f) == FERRET_SAT);
  uint64_t xb = 0, yb = 0, sb = 0, tv = 9;
  int unspec = 5;
  CHECK(ferret_get_value(f, x, &xb, 1, &unspec) == FERRET_OK && unspec == 0);
  CHECK(ferret_get_value(f, y, &yb, 1, NULL) == FERRET_OK);
  CHECK(ferret_get_value(f, sum, &sb, 1, NULL) == FERRET_OK);
  CHECK(ferret_get_value(f, eq, &tv, 1, NULL) == FERRET_OK && tv == 1);
  volatile double dx = as_double(xb), dy = as_double(yb);
  CHECK(dx + dy == 10.0 && dx > 1.0 && dy > 1.0);
  CHECK(as_double(sb) == dx + dy);
  ferret_delete(f);
}

/* API terms and SMT-LIB text in one session: names declared by either are
 * seen by the other; push/pop remove both; assumptions hold once. */
TEST(terms_share_the_session_with_smtlib) {
  ferret *f = fresh();
  ferret_sort b8 = ferret_sort_bv(f, 8);
  ferret_term x = ferret_mk_var(f, "x", b8);
  const char *text = "(declare-const y (_ BitVec 8))"
                     "(assert (= (bvadd x y) #x10))";
  CHECK(ferret_execute(f, "t", text, strlen(text)) == FERRET_OK);
  CHECK(ferret_push(f, 1) == FERRET_OK);
  ferret_term z = ferret_mk_var(f, "z", b8);
  ferret_term c = ferret_mk_bits64(f, b8, 3);
  ferret_term a[2] = {x, c};
  CHECK(ferret_assert(f, ferret_mk_term(f, FERRET_KIND_EQ, a, 2, NULL, 0)) ==
        FERRET_OK);
  CHECK(ferret_check_sat(f) == FERRET_SAT);
  CHECK(ferret_last_result(f) == FERRET_SAT);
  uint64_t v = 0;
  CHECK(ferret_get_value(f, x, &v, 1, NULL) == FERRET_OK && v == 3);
  /* y is found through SMT-LIB: (get-value) sees the same model */
  CHECK(ferret_get_value(f, z, &v, 1, NULL) == FERRET_OK && v == 0);
  CHECK(ferret_pop(f, 1) == FERRET_OK);
  /* z's name is gone with its scope, x's stays */
  CHECK(ferret_mk_var(f, "z", b8) != 0);
  /* an assumption that contradicts, then the same query without it */
  ferret_term nx = ferret_mk_term(f, FERRET_KIND_EQ, a, 2, NULL, 0);
  ferret_term notnx = ferret_mk_term(f, FERRET_KIND_NOT, &nx, 1, NULL, 0);
  ferret_term both[2] = {nx, notnx};
  CHECK(ferret_check_sat_assuming(f, both, 2) == FERRET_UNSAT);
  CHECK(ferret_get_value(f, x, &v, 1, NULL) == FERRET_ERROR_COMMAND);
  CHECK(ferret_check_sat(f) == FERRET_SAT);
  ferret_delete(f);
}

/* Wide values: a 200-bit vector and a Float128 round-trip through bits. */
TEST(terms_wide_values) {
  ferret *f = fresh();
  ferret_sort w = ferret_sort_bv(f, 100), q = ferret_sort_fp(f, 15, 113);
  uint64_t limbs[2] = {0x0123456789abcdefull, 0xfedcba987ull};
  ferret_term c = ferret_mk_bits(f, w, limbs, 2);
  ferret_term x = ferret_mk_var(f, "x", w);
  ferret_term a[2] = {x, c};
  CHECK(ferret_assert(f, ferret_mk_term(f, FERRET_KIND_EQ, a, 2, NULL, 0)) ==
        FERRET_OK);
  ferret_term h = ferret_mk_var(f, "h", q);
  ferret_term isn = ferret_mk_term(f, FERRET_KIND_FP_IS_NEG, &h, 1, NULL, 0);
  ferret_term inf = ferret_mk_term(f, FERRET_KIND_FP_IS_INF, &h, 1, NULL, 0);
  CHECK(ferret_assert(f, isn) == FERRET_OK && ferret_assert(f, inf) == FERRET_OK);
  CHECK(ferret_check_sat(f) == FERRET_SAT);
  uint64_t out[2] = {0};
  CHECK(ferret_get_value(f, x, out, 2, NULL) == FERRET_OK);
  CHECK(out[0] == limbs[0] && out[1] == (limbs[1] & 0xfffffffffull));
  CHECK(ferret_get_value(f, h, out, 1, NULL) == FERRET_ERROR_LIMIT);
  CHECK(ferret_get_value(f, h, out, 2, NULL) == FERRET_OK);
  CHECK(out[0] == 0 && out[1] == 0xffff000000000000ull); /* -oo */
  uint32_t eb = 0, sb = 0;
  CHECK(ferret_sort_info(f, q, &eb, &sb) == FERRET_SORT_FP && eb == 15 &&
        sb == 113);
  CHECK(ferret_term_sort(f, h) == q && ferret_term_nargs(f, inf) == 1 &&
        ferret_term_arg(f, inf, 0) == h);
  ferret_delete(f);
}
