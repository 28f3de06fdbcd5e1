/* The term-building API (ferret.h, "terms"): every operator kind maps to
 * its SMT-LIB operator, sort errors are error records, values come back
 * as bits, and API terms and SMT-LIB text share one session. */
#include <math.h>
#include <setjmp.h>
#include <stdlib.h>
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
  /* the array and function kinds need their own sorts: tested below */
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
  /* arrays and functions: sort ids that are not sorts, NULL names */
  MISUSE("ferret_sort_array", ferret_sort_array(f, 0, b8));
  MISUSE("ferret_sort_array", ferret_sort_array(f, b8, 777));
  MISUSE("ferret_sort_uninterpreted", ferret_sort_uninterpreted(f, NULL));
  MISUSE("ferret_sort_name", ferret_sort_name(f, 0));
  MISUSE("ferret_mk_fun", ferret_mk_fun(f, NULL, &b8, 1, b8));
  MISUSE("ferret_mk_fun", ferret_mk_fun(f, "g", NULL, 2, b8));
  MISUSE("ferret_mk_fun", ferret_mk_fun(f, "g", &b8, 1, 0));
  ferret_sort bad_dom[2] = {b8, 4242};
  MISUSE("ferret_mk_fun", ferret_mk_fun(f, "g", bad_dom, 2, b8));
  uint32_t no_sort = 4242;
  MISUSE("ferret_mk_term",
         ferret_mk_term(f, FERRET_KIND_CONST_ARRAY, &x, 1, &no_sort, 1));
  MISUSE("ferret_term_arity", ferret_term_arity(f, huge));
  MISUSE("ferret_get_value_string", ferret_get_value_string(f, 0, NULL));
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

/* ------------------------------------------------ arrays and functions */

static ferret_term app(ferret *f, ferret_kind k, ferret_term a, ferret_term b) {
  ferret_term args[2] = {a, b};
  return ferret_mk_term(f, k, args, 2, NULL, 0);
}

static ferret_term app3(ferret *f, ferret_kind k, ferret_term a, ferret_term b,
                        ferret_term c) {
  ferret_term args[3] = {a, b, c};
  return ferret_mk_term(f, k, args, 3, NULL, 0);
}

static float as_float(uint64_t bits) {
  uint32_t b = (uint32_t)bits;
  float x;
  memcpy(&x, &b, sizeof x);
  return x;
}

/* Every assertion is true in the model, by the reference evaluator. */
static bool all_true(ferret *f, const ferret_term *a, size_t n) {
  for (size_t i = 0; i < n; i++) {
    uint64_t v = 0;
    if (ferret_get_value(f, a[i], &v, 1, NULL) != FERRET_OK || v != 1)
      return false;
  }
  return true;
}

/* A query over an array of floats indexed by bytes, an uninterpreted sort
 * and two functions over BV, FP and that sort, built only through the
 * API: sat, and the model holds up under the host's float arithmetic, the
 * evaluator and a round trip of its printed values. */
TEST(terms_arrays_and_functions_sat) {
  ferret *f = fresh();
  ferret_sort b8 = ferret_sort_bv(f, 8), f32 = ferret_sort_fp(f, 8, 24);
  ferret_sort U = ferret_sort_uninterpreted(f, "U");
  ferret_sort A = ferret_sort_array(f, b8, f32);
  CHECK(U && A);
  uint32_t sa = 0, sb = 0;
  CHECK(ferret_sort_info(f, A, &sa, &sb) == FERRET_SORT_ARRAY && sa == b8 &&
        sb == f32);
  CHECK(ferret_sort_info(f, U, &sa, &sb) == FERRET_SORT_UNINTERPRETED &&
        sa == 0 && sb == 0);
  CHECK_STR(ferret_sort_name(f, U), "U");
  CHECK(ferret_sort_name(f, A) == NULL && ferret_sort_name(f, b8) == NULL);
  CHECK(ferret_sort_array(f, b8, f32) == A); /* sorts are hash-consed */

  ferret_term a = ferret_mk_var(f, "a", A);
  ferret_term i = ferret_mk_var(f, "i", b8), j = ferret_mk_var(f, "j", b8);
  ferret_term u = ferret_mk_var(f, "u", U), w = ferret_mk_var(f, "w", U);
  ferret_sort gdom[2] = {b8, U};
  ferret_term g = ferret_mk_fun(f, "g", gdom, 2, b8);
  ferret_term h = ferret_mk_fun(f, "h", &f32, 1, U);
  ferret_term k0 = ferret_mk_fun(f, "k0", NULL, 0, b8); /* a constant */
  CHECK(a && i && j && u && w && g && h && k0);
  CHECK(ferret_term_kind(f, g) == FERRET_KIND_VAR &&
        ferret_term_arity(f, g) == 2 && ferret_term_arity(f, h) == 1 &&
        ferret_term_arity(f, k0) == 0 && ferret_term_arity(f, a) == 0);
  CHECK(ferret_term_sort(f, k0) == b8);
  ferret_term c15 = ferret_mk_bits64(f, f32, 0x3fc00000); /* 1.5 */
  ferret_term c20 = ferret_mk_bits64(f, f32, 0x40000000); /* 2.0 */
  ferret_term c25 = ferret_mk_bits64(f, f32, 0x40200000); /* 2.5 */
  ferret_term zero = ferret_mk_bits64(f, f32, 0);
  uint32_t asort = A;
  ferret_term ca = ferret_mk_term(f, FERRET_KIND_CONST_ARRAY, &zero, 1,
                                  &asort, 1);
  ferret_term ai = app(f, FERRET_KIND_SELECT, a, i);
  ferret_term st = app3(f, FERRET_KIND_STORE, a, j, c25);
  ferret_term giu = app3(f, FERRET_KIND_APPLY, g, i, u);
  ferret_term giw = app3(f, FERRET_KIND_APPLY, g, i, w);
  ferret_term hai = app(f, FERRET_KIND_APPLY, h, ai);
  CHECK(ca && ai && st && giu && giw && hai);
  CHECK(ferret_term_kind(f, ca) == FERRET_KIND_CONST_ARRAY &&
        ferret_term_index(f, ca, 0) == A && ferret_term_sort(f, ca) == A);
  CHECK(ferret_term_kind(f, giu) == FERRET_KIND_APPLY &&
        ferret_term_nargs(f, giu) == 3 && ferret_term_arg(f, giu, 0) == g &&
        ferret_term_sort(f, giu) == b8 && ferret_term_sort(f, hai) == U);
  CHECK_STR(ferret_term_string(f, giu), "(g i u)");
  CHECK_STR(ferret_term_string(f, ca),
            "((as const (Array (_ BitVec 8) (_ FloatingPoint 8 24))) "
            "(_ +zero 8 24))");
  CHECK_STR(ferret_term_string(f, st), "(store a j (fp #b0 #b10000000 "
                                       "#b01000000000000000000000))");
  ferret_term asserted[] = {
      app(f, FERRET_KIND_FP_GT, ai, c15),
      /* i != j follows: a[j] is 2.5 after the store */
      app(f, FERRET_KIND_FP_LT, app(f, FERRET_KIND_SELECT, st, i), c20),
      app(f, FERRET_KIND_DISTINCT, u, w),
      app(f, FERRET_KIND_EQ, giu, ferret_mk_bits64(f, b8, 7)),
      app(f, FERRET_KIND_EQ, giw, ferret_mk_bits64(f, b8, 9)),
      app(f, FERRET_KIND_EQ, hai, w),
      app(f, FERRET_KIND_EQ, app(f, FERRET_KIND_SELECT, ca, i),
          app(f, FERRET_KIND_SELECT, a, j)),
      app(f, FERRET_KIND_BVUGT, k0, i)};
  size_t n = sizeof asserted / sizeof *asserted;
  for (size_t k = 0; k < n; k++) {
    CHECK_MSG(asserted[k] != 0, "assertion %zu: %s", k,
              ferret_error(f)->message);
    if (asserted[k]) CHECK(ferret_assert(f, asserted[k]) == FERRET_OK);
  }
  CHECK(ferret_check_sat(f) == FERRET_SAT);
  CHECK(all_true(f, asserted, n));

  /* the model by the host: bytes, floats, abstract elements */
  uint64_t iv = 0, jv = 0, kv = 0, aiv = 0, ajv = 9, uv = 0, wv = 0, hv = 0;
  uint64_t gu = 0, gw = 0;
  CHECK(ferret_get_value(f, i, &iv, 1, NULL) == FERRET_OK);
  CHECK(ferret_get_value(f, j, &jv, 1, NULL) == FERRET_OK);
  CHECK(ferret_get_value(f, k0, &kv, 1, NULL) == FERRET_OK);
  CHECK(ferret_get_value(f, ai, &aiv, 1, NULL) == FERRET_OK);
  CHECK(ferret_get_value(f, app(f, FERRET_KIND_SELECT, a, j), &ajv, 1, NULL) ==
        FERRET_OK);
  CHECK(ferret_get_value(f, u, &uv, 1, NULL) == FERRET_OK);
  CHECK(ferret_get_value(f, w, &wv, 1, NULL) == FERRET_OK);
  CHECK(ferret_get_value(f, hai, &hv, 1, NULL) == FERRET_OK);
  CHECK(ferret_get_value(f, giu, &gu, 1, NULL) == FERRET_OK && gu == 7);
  CHECK(ferret_get_value(f, giw, &gw, 1, NULL) == FERRET_OK && gw == 9);
  volatile float x = as_float(aiv);
  CHECK(x > 1.5f && x < 2.0f);
  CHECK(iv != jv && kv > iv && ajv == 0);
  CHECK(uv != wv && hv == wv);

  /* arrays and functions are text, not bits */
  uint64_t bits[4];
  CHECK(ferret_get_value(f, a, bits, 4, NULL) == FERRET_ERROR_UNSUPPORTED);
  CHECK(strstr(ferret_error(f)->message, "ferret_get_value_string") != NULL);
  CHECK(ferret_get_value(f, g, bits, 4, NULL) == FERRET_ERROR_UNSUPPORTED);
  int unspec = 7;
  const char *text = ferret_get_value_string(f, u, &unspec);
  char want[32];
  snprintf(want, sizeof want, "U!val!%u", (unsigned)uv);
  CHECK(text && unspec == 0);
  if (text) CHECK_STR(text, want);
  text = ferret_get_value_string(f, giw, NULL);
  CHECK(text != NULL);
  if (text) CHECK_STR(text, "#x09");
  text = ferret_get_value_string(f, g, NULL);
  CHECK(text != NULL);
  if (text)
    CHECK(!strncmp(text, "(lambda ((x!0 (_ BitVec 8)) (x!1 U)) (ite (= x!0 ",
                   49));
  text = ferret_get_value_string(f, a, NULL);
  CHECK(text != NULL);
  if (text) {
    CHECK(strstr(text, "(as const (Array (_ BitVec 8) (_ FloatingPoint 8 "
                       "24)))") != NULL);
    /* the printed array read back is the model's array */
    ferret_term back = ferret_parse_term(f, text, strlen(text));
    CHECK(back && ferret_term_sort(f, back) == A);
    uint64_t same = 0;
    if (back)
      CHECK(ferret_get_value(f, app(f, FERRET_KIND_EQ, back, a), &same, 1,
                             NULL) == FERRET_OK &&
            same == 1);
  }
  text = ferret_get_value_string(f, ai, NULL);
  CHECK(text != NULL);
  if (text) CHECK(!strncmp(text, "(fp #b0 #b0111111", 17));
  ferret_delete(f);
}

/* Unsatisfiable queries the solver proves: read-over-write and function
 * congruence. */
TEST(terms_arrays_and_functions_unsat) {
  ferret *f = fresh();
  ferret_sort b8 = ferret_sort_bv(f, 8), f32 = ferret_sort_fp(f, 8, 24);
  ferret_sort U = ferret_sort_uninterpreted(f, "U");
  ferret_sort A = ferret_sort_array(f, b8, f32);
  ferret_term a = ferret_mk_var(f, "a", A), i = ferret_mk_var(f, "i", b8);
  ferret_term v = ferret_mk_var(f, "v", f32);
  ferret_term x = ferret_mk_var(f, "x", U), y = ferret_mk_var(f, "y", U);
  ferret_term h = ferret_mk_fun(f, "h", &U, 1, f32);
  /* (select (store a i v) i) != v */
  ferret_term row = app(f, FERRET_KIND_EQ,
                        app(f, FERRET_KIND_SELECT,
                            app3(f, FERRET_KIND_STORE, a, i, v), i),
                        v);
  ferret_term not_row = ferret_mk_term(f, FERRET_KIND_NOT, &row, 1, NULL, 0);
  CHECK(ferret_push(f, 1) == FERRET_OK);
  CHECK(ferret_assert(f, not_row) == FERRET_OK);
  CHECK(ferret_check_sat(f) == FERRET_UNSAT);
  CHECK(ferret_get_value_string(f, a, NULL) == NULL &&
        ferret_error(f)->status == FERRET_ERROR_COMMAND);
  CHECK(ferret_pop(f, 1) == FERRET_OK);
  /* x = y and h(x) != h(y): the function is a function */
  ferret_term hx = app(f, FERRET_KIND_APPLY, h, x);
  ferret_term hy = app(f, FERRET_KIND_APPLY, h, y);
  CHECK(ferret_assert(f, app(f, FERRET_KIND_EQ, x, y)) == FERRET_OK);
  CHECK(ferret_assert(f, app(f, FERRET_KIND_DISTINCT, hx, hy)) == FERRET_OK);
  CHECK(ferret_check_sat(f) == FERRET_UNSAT);
  ferret_delete(f);
}

/* Wrong sorts, wrong arities and names in use are error records; the
 * context goes on working. */
TEST(terms_arrays_and_functions_errors) {
  ferret *f = fresh();
  ferret_sort b8 = ferret_sort_bv(f, 8), b4 = ferret_sort_bv(f, 4),
              f32 = ferret_sort_fp(f, 8, 24), B = ferret_sort_bool(f);
  ferret_sort A = ferret_sort_array(f, b8, f32);
  ferret_sort U = ferret_sort_uninterpreted(f, "U");
  ferret_term a = ferret_mk_var(f, "a", A), i = ferret_mk_var(f, "i", b8);
  ferret_term n4 = ferret_mk_var(f, "n4", b4), x = ferret_mk_var(f, "x", f32);
  ferret_term u = ferret_mk_var(f, "u", U);
  ferret_sort gdom[2] = {b8, U};
  ferret_term g = ferret_mk_fun(f, "g", gdom, 2, b8);
#define SORT_ERROR(CALL, WORDS)                                             \
  do {                                                                      \
    CHECK((CALL) == 0);                                                     \
    CHECK(ferret_error(f)->status == FERRET_ERROR_SORT);                    \
    CHECK_MSG(strstr(ferret_error(f)->message, WORDS) != NULL,              \
              "message '%s' lacks '%s'", ferret_error(f)->message, WORDS);  \
  } while (0)
  /* select and store */
  SORT_ERROR(app(f, FERRET_KIND_SELECT, i, i), "select");
  SORT_ERROR(app(f, FERRET_KIND_SELECT, a, n4), "(Array I E) I");
  SORT_ERROR(app3(f, FERRET_KIND_SELECT, a, i, i), "select");
  SORT_ERROR(app3(f, FERRET_KIND_STORE, a, i, i), "store");
  SORT_ERROR(app(f, FERRET_KIND_STORE, a, i), "store");
  /* constant arrays */
  uint32_t idx = b8;
  SORT_ERROR(ferret_mk_term(f, FERRET_KIND_CONST_ARRAY, &x, 1, &idx, 1),
             "needs an array sort");
  idx = A;
  SORT_ERROR(ferret_mk_term(f, FERRET_KIND_CONST_ARRAY, &i, 1, &idx, 1),
             "not the element sort");
  ferret_term two[2] = {x, x};
  SORT_ERROR(ferret_mk_term(f, FERRET_KIND_CONST_ARRAY, two, 2, &idx, 1),
             "takes one argument");
  SORT_ERROR(ferret_mk_term(f, FERRET_KIND_CONST_ARRAY, &x, 1, NULL, 0),
             "index");
  /* applications */
  SORT_ERROR(app(f, FERRET_KIND_APPLY, i, i), "ferret_mk_fun");
  SORT_ERROR(app(f, FERRET_KIND_APPLY, a, i), "ferret_mk_fun");
  SORT_ERROR(ferret_mk_term(f, FERRET_KIND_APPLY, NULL, 0, NULL, 0),
             "ferret_mk_fun");
  SORT_ERROR(app(f, FERRET_KIND_APPLY, g, i), "takes 2 arguments, got 1");
  SORT_ERROR(app3(f, FERRET_KIND_APPLY, g, u, i),
             "argument 1 of 'g' has sort U, declared (_ BitVec 8)");
  SORT_ERROR(app3(f, FERRET_KIND_APPLY, g, i, i), "argument 2 of 'g'");
  /* a function is not a term of its curried sort */
  SORT_ERROR(app(f, FERRET_KIND_EQ, g, g), "the function 'g'");
  ferret_term gi = app(f, FERRET_KIND_SELECT, g, i);
  SORT_ERROR(gi, "only applied");
  ferret_term ga = app3(f, FERRET_KIND_APPLY, g, i, u);
  SORT_ERROR(app3(f, FERRET_KIND_APPLY, g, ga, g), "the function 'g'");
  /* declarations */
  SORT_ERROR(ferret_mk_fun(f, "g", &b8, 1, b8), "already declared");
  SORT_ERROR(ferret_mk_fun(f, "i", NULL, 0, b8), "already declared");
  SORT_ERROR(ferret_mk_fun(f, "", &b8, 1, b8), "needs a name");
  ferret_sort many[65];
  for (int k = 0; k < 65; k++) many[k] = b8;
  CHECK(ferret_mk_fun(f, "wide", many, 65, b8) == 0 &&
        ferret_error(f)->status == FERRET_ERROR_LIMIT);
  CHECK(ferret_mk_fun(f, "wide", many, 64, b8) != 0);
  ferret_sort R = ferret_term_sort(f, ferret_mk_real(f, 0, 1, 2));
  CHECK(ferret_sort_info(f, R, NULL, NULL) == FERRET_SORT_REAL);
  CHECK(ferret_mk_fun(f, "r", &R, 1, b8) == 0 &&
        ferret_error(f)->status == FERRET_ERROR_UNSUPPORTED);
  CHECK(ferret_mk_fun(f, "r", NULL, 0, R) == 0 &&
        ferret_error(f)->status == FERRET_ERROR_UNSUPPORTED);
  CHECK(ferret_sort_array(f, R, b8) == 0 &&
        ferret_error(f)->status == FERRET_ERROR_UNSUPPORTED);
  SORT_ERROR(ferret_sort_uninterpreted(f, "U"), "already declared");
  SORT_ERROR(ferret_sort_uninterpreted(f, "Bool"), "already declared");
  SORT_ERROR(ferret_sort_uninterpreted(f, "Array"), "already declared");
  SORT_ERROR(ferret_sort_uninterpreted(f, ""), "needs a name");
  /* a sort declared in a scope goes with it, as its name */
  CHECK(ferret_push(f, 1) == FERRET_OK);
  ferret_sort V = ferret_sort_uninterpreted(f, "V");
  CHECK(V != 0 && V != U);
  CHECK(ferret_pop(f, 1) == FERRET_OK);
  ferret_sort V2 = ferret_sort_uninterpreted(f, "V");
  CHECK(V2 != 0 && V2 != V);
  /* values: not bits for arrays, none without a model */
  uint64_t bits[2];
  CHECK(ferret_get_value(f, u, bits, 1, NULL) == FERRET_ERROR_COMMAND);
  CHECK(ferret_get_value_string(f, u, NULL) == NULL &&
        ferret_error(f)->status == FERRET_ERROR_COMMAND);
  /* asserting a non-Bool array term */
  CHECK(ferret_assert(f, a) == FERRET_ERROR_SORT);
  /* still working: a[i] = 1.0 with g(i, u) = i */
  ferret_term one = ferret_mk_bits64(f, f32, 0x3f800000);
  CHECK(ferret_assert(f, app(f, FERRET_KIND_EQ,
                             app(f, FERRET_KIND_SELECT, a, i), one)) ==
        FERRET_OK);
  CHECK(ferret_assert(f, app(f, FERRET_KIND_EQ, ga, i)) == FERRET_OK);
  ferret_term p = ferret_mk_var(f, "p", B);
  CHECK(ferret_assert(f, p) == FERRET_OK);
  CHECK(ferret_check_sat(f) == FERRET_SAT);
  CHECK(ferret_get_value(f, a, bits, 2, NULL) == FERRET_ERROR_UNSUPPORTED);
  const char *text = ferret_get_value_string(f, ga, NULL);
  CHECK(text != NULL);
  CHECK(ferret_get_value(f, u, bits, 1, NULL) == FERRET_OK);
#undef SORT_ERROR
  ferret_delete(f);
}

/* Sorts and functions declared through the API are names of the SMT-LIB
 * session, and the other way round; get-model prints them. */
TEST(terms_arrays_and_functions_share_the_session) {
  fer_test_buf out = {0};
  fer_test_buf_clear(&out);
  ferret *f = fresh();
  ferret_set_output(f, fer_test_buf_add, &out);
  ferret_sort b8 = ferret_sort_bv(f, 8);
  ferret_sort U = ferret_sort_uninterpreted(f, "U");
  ferret_term h = ferret_mk_fun(f, "h", &b8, 1, U);
  const char *text = "(declare-fun k (U) (_ BitVec 8))"
                     "(declare-const z U)"
                     "(assert (= (k (h #x01)) #x05))"
                     "(assert (= z (h #x02)))";
  CHECK(ferret_execute(f, "t", text, strlen(text)) == FERRET_OK);
  ferret_term k = ferret_parse_term(f, "k", 1);
  CHECK(k == 0); /* a function alone is not a term */
  ferret_term kz = ferret_parse_term(f, "(k z)", 5);
  CHECK(kz && ferret_term_kind(f, kz) == FERRET_KIND_APPLY);
  if (kz) {
    ferret_term kfun = ferret_term_arg(f, kz, 0);
    CHECK(ferret_term_arity(f, kfun) == 1);
    ferret_term c9 = ferret_mk_bits64(f, b8, 9);
    ferret_term kh9 = app(f, FERRET_KIND_APPLY, kfun,
                          app(f, FERRET_KIND_APPLY, h, c9));
    CHECK(ferret_assert(f, app(f, FERRET_KIND_EQ, kh9, c9)) == FERRET_OK);
  }
  CHECK(ferret_check_sat(f) == FERRET_SAT);
  fer_test_buf_clear(&out);
  CHECK(ferret_execute(f, "t", "(get-model)", 11) == FERRET_OK);
  CHECK(strstr(out.data, "(define-fun h ((x!0 (_ BitVec 8))) U") != NULL);
  CHECK(strstr(out.data, "(define-fun k ((x!0 U)) (_ BitVec 8)") != NULL);
  ferret_delete(f);
  free(out.data);
}
