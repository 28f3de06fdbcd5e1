/* User seeds (seeds.c): text read by the SMT-LIB reader, values in every
 * syntax a model may use, seeds split at a repeated variable, and errors
 * that say where in the seed text they are. */
#include <string.h>

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
