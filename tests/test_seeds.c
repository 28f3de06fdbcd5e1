/* User seeds (seeds.c): text read by the SMT-LIB reader, values in every
 * syntax a model may use, seeds split at a repeated variable, and errors
 * that say where in the seed text they are; the strict reading of smt2
 * sample files; a portfolio partner's answer line and model (partner.c),
 * read by the same reader. */
#include <stdlib.h>
#include <string.h>

#include "api/smt_query.h"
#include "backends/partner.h"
#include "engine/engine.h"
#include "base/context.h"
#include "smt/term.h"
#include "test.h"

static ferret *declared(void) {
  ferret *f = ferret_new();
  const char *decls =
      "(declare-const x (_ BitVec 8))(declare-const y Float32)"
      "(declare-const d Float64)(declare-const p Bool)"
      "(declare-const r RoundingMode)";
  CHECK(ferret_execute(f, "test", decls, strlen(decls)) == FERRET_OK);
  return f;
}

static fer_term var(ferret *f, const char *name) {
  for (uint32_t i = fer_var_count(f); i-- > 0;)
    if (!strcmp(fer_var_name(f, fer_var_term(f, i)), name))
      return fer_var_term(f, i);
  return 0;
}

/* Parse `text`; returns the status, the seeds in *u. */
static ferret_status parse(ferret *f, const char *text, fer_user_seeds *u) {
  fer_user_seeds_init(u);
  return fer_user_seeds_parse(f, text, strlen(text), u);
}

TEST(seeds_values_in_every_syntax) {
  ferret *f = declared();
  fer_user_seeds u;
  /* z3's layout (sat, then a bare list), comments, an unknown name */
  const char *text =
      "sat\n(\n  (define-fun x () (_ BitVec 8) (_ bv200 8)) ; decimal\n"
      "  (define-fun y () Float32 (fp #b1 #x7f #b00000000000000000000001))\n"
      "  (define-fun d () (_ FloatingPoint 11 53) ((_ to_fp 11 53) RNE 0.5))\n"
      "  (define-fun p () Bool true)\n"
      "  (define-fun r () RoundingMode roundTowardNegative)\n"
      "  (define-fun gone () Bool false)\n)";
  CHECK(parse(f, text, &u) == FERRET_OK);
  CHECK_EQ_U(u.var.size, 5);
  if (u.var.size == 5) {
    fer_term want[5] = {var(f, "x"), var(f, "y"), var(f, "d"), var(f, "p"),
                        var(f, "r")};
    for (int i = 0; i < 5; i++) CHECK(u.var.data[i] == want[i]);
    CHECK_EQ_U(u.val.data[0], 200);
    CHECK_EQ_U(u.val.data[1], 0xbf800001u);
    CHECK_EQ_U(u.val.data[2], 0x3fe0000000000000ull); /* folded: 0.5 */
    CHECK_EQ_U(u.val.data[3], 1);
    CHECK_EQ_U(u.val.data[4], FER_RTN);
  }
  fer_user_seeds_release(f, &u);
  /* special values and #b / #x literals, inside (model ...) */
  CHECK(parse(f, "(model (define-fun y () Float32 (_ -oo 8 24))"
                 "(define-fun x () (_ BitVec 8) #b10000001)"
                 "(define-fun r () RoundingMode RNA))",
              &u) == FERRET_OK);
  CHECK_EQ_U(u.var.size, 3);
  if (u.var.size == 3) {
    CHECK_EQ_U(u.val.data[0], 0xff800000u);
    CHECK_EQ_U(u.val.data[1], 0x81);
    CHECK_EQ_U(u.val.data[2], FER_RNA);
  }
  fer_user_seeds_release(f, &u);
  ferret_delete(f);
}

TEST(seeds_repeated_variable_starts_a_seed) {
  ferret *f = declared();
  fer_user_seeds u;
  CHECK(parse(f, "(define-fun x () (_ BitVec 8) #x01)(define-fun p () Bool "
                 "true)(define-fun x () (_ BitVec 8) #x02)",
              &u) == FERRET_OK);
  /* x p | x: var 0 separates the two seeds */
  CHECK_EQ_U(u.var.size, 4);
  if (u.var.size == 4) {
    CHECK(u.var.data[0] == var(f, "x") && u.var.data[1] == var(f, "p"));
    CHECK(u.var.data[2] == 0 && u.var.data[3] == var(f, "x"));
    CHECK_EQ_U(u.val.data[3], 2);
  }
  fer_user_seeds_release(f, &u);
  ferret_delete(f);
}

/* An error: its status, and its message and record carry line:column. */
static void check_error(const char *text, ferret_status st, unsigned line,
                        unsigned col, const char *words) {
  ferret *f = declared();
  fer_user_seeds u;
  CHECK_MSG(parse(f, text, &u) == st, "%s", text);
  const ferret_error_info *e = ferret_error(f);
  char where[32];
  snprintf(where, sizeof where, "%u:%u: ", line, col);
  CHECK_MSG(e->line == line && e->column == col, "%s: at %u:%u", text,
            e->line, e->column);
  CHECK_MSG(e->message && !strncmp(e->message, where, strlen(where)) &&
                strstr(e->message, words),
            "%s: '%s'", text, e->message ? e->message : "");
  fer_user_seeds_release(f, &u);
  ferret_delete(f);
}

TEST(seeds_errors_have_positions) {
  check_error("(define-fun x () (_ BitVec 8) nonsense)", FERRET_ERROR_SORT, 1,
              31, "unknown symbol 'nonsense'");
  check_error("\n  (define-fun x () (_ BitVec 8) #x0001)", FERRET_ERROR_SORT,
              2, 33, "has sort (_ BitVec 16), declared (_ BitVec 8)");
  check_error("(define-fun x (a) (_ BitVec 8) #x01)", FERRET_ERROR_PARSE, 1,
              15, "only constants");
  check_error("(define-fun x () (_ BitVec 8) #x01", FERRET_ERROR_PARSE, 1, 35,
              "expected ')'");
  check_error("(define-fun p () Bool #z1)", FERRET_ERROR_PARSE, 1, 23, "");
  check_error("(define-fun p () Bool (fp.isNaN p))", FERRET_ERROR_SORT, 1, 33,
              "unknown symbol 'p'");
}

/* Strict reading (smt2 sample files): an unknown name, or a command other
 * than define-fun (a (model ...) around them aside), is an error at its
 * position, and every pair records where its name is. */
TEST(seeds_strict_names_and_positions) {
  ferret *f = declared();
  fer_user_seeds u;
  fer_user_seeds_init(&u);
  u.strict = true;
  const char *ok = "(model\n  (define-fun x () (_ BitVec 8) #x01)\n  (define-fun p () Bool true))";
  CHECK(fer_user_seeds_parse(f, ok, strlen(ok), &u) == FERRET_OK);
  CHECK_EQ_U(u.var.size, 2);
  CHECK(u.line.size == 2 && u.line.data[0] == 2 && u.col.data[0] == 15);
  CHECK(u.line.size == 2 && u.line.data[1] == 3 && u.col.data[1] == 15);
  fer_user_seeds_release(f, &u);
  static const struct {
    const char *text;
    unsigned line, col;
    const char *says;
  } bad[] = {
      {"(define-fun x () (_ BitVec 8) #x01)\n(define-fun zz () Bool true)", 2, 13,
       "'zz' is not a variable"},
      {"sat\n(define-fun x () (_ BitVec 8) #x01)", 1, 1, "expected (define-fun"},
      {"(model (define-fun x () (_ BitVec 8) #x01)", 1, 43, "')' missing"},
      {"(define-fun x () (_ BitVec 8) #x01))", 1, 36, "expected (define-fun"},
  };
  for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
    fer_user_seeds_init(&u);
    u.strict = true;
    CHECK_MSG(fer_user_seeds_parse(f, bad[k].text, strlen(bad[k].text), &u) == FERRET_ERROR_PARSE,
              "case %zu", k);
    const ferret_error_info *e = ferret_error(f);
    CHECK_MSG(e->line == bad[k].line && e->column == bad[k].col && strstr(e->message, bad[k].says),
              "case %zu: %u:%u %s", k, e->line, e->column, e->message);
    fer_user_seeds_release(f, &u);
    /* lenient (seeds, partners' models): the same texts pass over what
     * they do not know */
    if (k != 2) {
      CHECK_MSG(parse(f, bad[k].text, &u) == FERRET_OK, "lenient case %zu", k);
      fer_user_seeds_release(f, &u);
    }
  }
  ferret_delete(f);
}

/* A portfolio partner's output (backends/partner.c): the answer line
 * after :print-success lines, blank lines and CRs; then its model, taken
 * only when it satisfies the query (a variable it leaves out is zero). */
static int answer_of(const char *out) {
  char line[16];
  size_t n = 0;
  for (const char *p = out; *p; p++) {
    int a = fer_partner_line(line, sizeof line, &n, *p);
    if (a != FER_PARTNER_NONE) return a;
  }
  return FER_PARTNER_NONE;
}

TEST(seeds_partner_answer_and_model) {
  CHECK(answer_of("success\n\r\nsat\r\n(model)") == FER_PARTNER_SAT);
  CHECK(answer_of("unsat\n") == FER_PARTNER_UNSAT);
  CHECK(answer_of("unknown\n") == FER_PARTNER_UNKNOWN);
  CHECK(answer_of("sat extra\n") == FER_PARTNER_ERROR);
  CHECK(answer_of("sat") == FER_PARTNER_NONE); /* no end of line yet */
  CHECK(answer_of("(error \"a line longer than the buffer\")\n") == FER_PARTNER_ERROR);
  ferret *f = ferret_new();
  const char *q = "(declare-const x (_ BitVec 8))(declare-const p Bool)"
                  "(assert (bvult x #x10))(assert (or p (= x #x00)))";
  CHECK(ferret_set_option(f, "parse_only", "1") == FERRET_OK);
  CHECK(ferret_execute(f, "q", q, strlen(q)) == FERRET_OK);
  const fer_term *a;
  size_t n;
  fer_smt_query(f, &a, &n);
  CHECK_EQ_U(n, 2);
  static const struct {
    const char *model;
    int taken;
  } m[] = {
      {"(\n  (define-fun x () (_ BitVec 8) #x03)\n  (define-fun p () Bool true)\n)", 1},
      {"(model (define-fun x () (_ BitVec 8) #x20) (define-fun p () Bool true))", 0},
      {"(define-fun x () (_ BitVec 8) #x03)", 0},  /* p left out: false */
      {"(define-fun p () Bool true)", 1},          /* x left out: #x00 */
      {"(define-fun x () (_ BitVec 8) #x03) (define-fun p () Bool", 0}, /* cut */
      {"(define-fun x () Bool true)", 0},          /* ill-sorted */
  };
  for (size_t k = 0; k < sizeof m / sizeof *m; k++) {
    fer_model out;
    fer_model_init(&out);
    size_t len = strlen(m[k].model);
    char *copy = malloc(len); /* no NUL after the text */
    memcpy(copy, m[k].model, len);
    int taken = fer_partner_model(f, copy, len, a, n, &out);
    CHECK_MSG(taken == m[k].taken, "model %zu: %d", k, taken);
    if (taken) CHECK_MSG(fer_model_validate(f, a, n, &out) == 1, "model %zu", k);
    free(copy);
    fer_model_release(f, &out);
  }
  ferret_delete(f);
}
