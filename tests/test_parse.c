/* The lexer and the term/sort reader (src/lex.c, src/parse*.c).
 *
 * Expected terms are built with the store's own constructors (fer_mk,
 * fer_mk_const, ...), never by reading text, so a reader bug cannot hide
 * in the expectation; constant values and positions are derived by hand
 * (comments show the arithmetic). */
#include <stdlib.h>

#include "smt/parse.h"
#include "api/smt_session.h"
#include "test.h"

static void quiet(void *user, const char *text, size_t len) {
  (void)user, (void)text, (void)len;
}

/* A context that has executed `script` (which must succeed). */
static ferret *ctx(const char *script) {
  ferret *f = ferret_new();
  ferret_set_output(f, quiet, NULL);
  ferret_set_diagnostic(f, quiet, NULL);
  ferret_set_option(f, "parse_only", "1");
  if (script) {
    ferret_status st = ferret_execute(f, "t", script, strlen(script));
    CHECK_MSG(st == FERRET_OK, "script failed: %s", ferret_error(f)->message);
  }
  return f;
}

/* Read one term of `text` with the session's reader (0 on error). */
static fer_term rd_term(ferret *f, const char *text) {
  fer_reader *rd = &f->smt->rd;
  fer_rd_begin(rd, text, strlen(text), 1, 1);
  fer_term t = fer_rd_term(f, rd, NULL, NULL);
  FER_CLEAR(rd->named);
  if (t && rd->tok.kind != FER_TOK_EOF) return 0;
  return t;
}

static fer_term var(ferret *f, const char *name) {
  for (uint32_t i = 0; i < fer_var_count(f); i++)
    if (!strcmp(fer_var_name(f, fer_var_term(f, i)), name))
      return fer_var_term(f, i);
  return 0;
}

static fer_term mk2(ferret *f, fer_op op, fer_term a, fer_term b) {
  fer_term x[2] = {a, b};
  return fer_mk(f, op, 2, x, 0, 0);
}

static fer_term bv(ferret *f, uint32_t w, uint64_t v) {
  return fer_mk_const_u128(f, fer_sort_bv(f, w), v);
}

/* ------------------------------------------------------------- lexer */

typedef struct want {
  fer_tok_kind kind;
  uint32_t line, col;
  const char *content;
} want;

static void lex_expect(const char *text, const want *w, size_t n) {
  fer_lexer l;
  fer_token t;
  fer_lex_init(&l, text, strlen(text), 1, 1);
  for (size_t i = 0; i < n; i++) {
    fer_lex_next(&l, &t);
    CHECK_MSG(t.kind == w[i].kind && t.line == w[i].line && t.col == w[i].col,
              "token %zu of \"%s\": kind %d at %u:%u, expected kind %d at %u:%u",
              i, text, t.kind, t.line, t.col, w[i].kind, w[i].line, w[i].col);
    if (w[i].content)
      CHECK_MSG(t.slen == strlen(w[i].content) &&
                    !memcmp(t.s, w[i].content, t.slen),
                "token %zu: content '%.*s', expected '%s'", i, (int)t.slen,
                t.s, w[i].content);
  }
}

TEST(parse_lexer_tokens_and_positions) {
  /* columns counted by hand: line 2 is
   * "  #b101 #xFF 12 3.50 \"s\"\"t\" :named ; c" */
  const char *text = "(assert |a b|\n  #b101 #xFF 12 3.50 \"s\"\"t\" :named ; c\n x)";
  const want w[] = {
      {FER_TOK_LPAR, 1, 1, NULL},        {FER_TOK_SYMBOL, 1, 2, "assert"},
      {FER_TOK_SYMBOL, 1, 9, "a b"},     {FER_TOK_BINARY, 2, 3, "101"},
      {FER_TOK_HEX, 2, 9, "FF"},         {FER_TOK_NUMERAL, 2, 14, "12"},
      {FER_TOK_DECIMAL, 2, 17, "3.50"},  {FER_TOK_STRING, 2, 22, "s\"\"t"},
      {FER_TOK_KEYWORD, 2, 29, ":named"}, {FER_TOK_SYMBOL, 3, 2, "x"},
      {FER_TOK_RPAR, 3, 3, NULL},        {FER_TOK_EOF, 3, 4, NULL}};
  lex_expect(text, w, sizeof w / sizeof *w);
  /* a tab is one column; CR LF is one line break */
  const want w2[] = {{FER_TOK_SYMBOL, 1, 2, "a"}, {FER_TOK_SYMBOL, 2, 3, "b"}};
  lex_expect("\ta\r\n\t\tb", w2, 2);
  /* a quoted symbol spanning lines moves the position of what follows */
  const want w3[] = {{FER_TOK_SYMBOL, 1, 1, "multi\nline"},
                     {FER_TOK_SYMBOL, 2, 7, "z"}};
  lex_expect("|multi\nline| z", w3, 2);
  /* simple symbols with every allowed punctuation character */
  const want w4[] = {{FER_TOK_SYMBOL, 1, 1, "~!@$%^&*_-+=<>.?/x1"}};
  lex_expect("~!@$%^&*_-+=<>.?/x1", w4, 1);
}

TEST(parse_lexer_errors) {
  const want w1[] = {{FER_TOK_LPAR, 1, 1, NULL},
                     {FER_TOK_SYMBOL, 1, 2, "a"},
                     {FER_TOK_ERROR, 1, 4, NULL}, /* #z1 */
                     {FER_TOK_SYMBOL, 1, 8, "b"},
                     {FER_TOK_RPAR, 1, 9, NULL}};
  lex_expect("(a #z1 b)", w1, 5);
  const want w2[] = {{FER_TOK_ERROR, 1, 1, NULL}, {FER_TOK_SYMBOL, 1, 6, "c"}};
  lex_expect("12ab c", w2, 2);
  const want w3[] = {{FER_TOK_ERROR, 1, 1, NULL}, {FER_TOK_ERROR, 1, 4, NULL},
                     {FER_TOK_ERROR, 1, 10, NULL}, {FER_TOK_HEX, 1, 13, "aF09"}};
  lex_expect("#b #b012 #x #xaF09", w3, 4);
  /* x, then two bytes of UTF-8 are one bad token, then y */
  const want w4[] = {{FER_TOK_SYMBOL, 1, 1, "x"}, {FER_TOK_ERROR, 1, 2, NULL},
                     {FER_TOK_SYMBOL, 1, 5, "y"}};
  lex_expect("x\xc3\xa9 y", w4, 3);
  fer_lexer l;
  fer_token t;
  fer_lex_init(&l, "  \"abc\n(x)", 10, 1, 1);
  fer_lex_next(&l, &t);
  CHECK(t.kind == FER_TOK_ERROR && l.fatal && t.line == 1 && t.col == 3);
  CHECK(strstr(l.error, "unterminated string") != NULL);
  fer_lex_next(&l, &t);
  CHECK(t.kind == FER_TOK_EOF);
  /* a start position other than 1:1 (what ferret_feed uses) */
  fer_lex_init(&l, "a\n b", 4, 7, 5);
  fer_lex_next(&l, &t);
  CHECK(t.line == 7 && t.col == 5);
  fer_lex_next(&l, &t);
  CHECK(t.line == 8 && t.col == 2);
}

/* ---------------------------------------------------------- literals */

TEST(parse_bitvector_literals) {
  ferret *f = ctx(NULL);
  CHECK(rd_term(f, "#b0101") == bv(f, 4, 5));
  CHECK(rd_term(f, "#xFF") == bv(f, 8, 255));
  CHECK(rd_term(f, "#x0ff") == bv(f, 12, 255));
  CHECK(rd_term(f, "(_ bv10 8)") == bv(f, 8, 10));
  CHECK(rd_term(f, "(_ bv300 8)") == bv(f, 8, 44)); /* 300 mod 256 */
  /* 2^64 + 3 in 65 bits: limbs {3, 1} */
  uint64_t v65[2] = {3, 1};
  CHECK(rd_term(f, "(_ bv18446744073709551619 65)") ==
        fer_mk_const(f, fer_sort_bv(f, 65), v65));
  /* 200 bits: #x1 followed by 49 zero digits = 2^196 */
  uint64_t v200[4] = {0, 0, 0, (uint64_t)1 << (196 - 192)};
  char hex[64] = "#x1";
  for (int i = 0; i < 49; i++) strcat(hex, "0");
  CHECK(rd_term(f, hex) == fer_mk_const(f, fer_sort_bv(f, 200), v200));
  CHECK(rd_term(f, "(_ bv0 0)") == 0);
  CHECK(strstr(ferret_error(f)->message, "at least 1") != NULL);
  ferret_delete(f);
}

TEST(parse_fp_literals) {
  ferret *f = ctx(NULL);
  fer_sort f32 = fer_sort_fp(f, 8, 24), f16 = fer_sort_fp(f, 5, 11);
  /* sign 0, biased exponent 128, significand 0: 2.0f = 0x40000000 */
  fer_term two = rd_term(f, "(fp #b0 #b10000000 #b00000000000000000000000)");
  CHECK(two == fer_mk_const_u128(f, f32, 0x40000000));
  CHECK(two && fer_term_op(f, two) == FER_OP_CONST);
  /* the same value written with (_ bvN w) parts */
  CHECK(rd_term(f, "(fp (_ bv0 1) (_ bv128 8) (_ bv0 23))") == two);
  CHECK(rd_term(f, "(_ +zero 8 24)") == fer_mk_const_u128(f, f32, 0));
  CHECK(rd_term(f, "(_ -zero 8 24)") == fer_mk_const_u128(f, f32, 0x80000000u));
  CHECK(rd_term(f, "(_ +oo 8 24)") == fer_mk_const_u128(f, f32, 0x7f800000u));
  CHECK(rd_term(f, "(_ -oo 5 11)") == fer_mk_const_u128(f, f16, 0xfc00));
  CHECK(rd_term(f, "(_ NaN 8 24)") == fer_mk_const_u128(f, f32, 0x7fc00000u));
  /* (fp ...) of a NaN pattern is the canonical NaN too */
  CHECK(rd_term(f, "(fp #b1 #b11111 #b0000000001)") ==
        fer_mk_const_u128(f, f16, 0x7e00));
  /* a non-constant part keeps the fp operator */
  ferret_execute(f, "t", "(declare-const s (_ BitVec 1))", 30);
  fer_term g = rd_term(f, "(fp s #b10000000 #b00000000000000000000000)");
  CHECK(g && fer_term_op(f, g) == FER_OP_FP);
  CHECK(rd_term(f, "(_ +zero 1 24)") == 0);
  ferret_delete(f);
}

static bool real_is(ferret *f, fer_term t, bool neg, const uint32_t *num,
                    uint32_t nl, const uint32_t *den, uint32_t dl) {
  if (!t || fer_term_op(f, t) != FER_OP_REAL) return false;
  bool n;
  const uint32_t *a, *b;
  uint32_t al, bl;
  fer_real_get(f, t, &n, &a, &al, &b, &bl);
  return n == neg && al == nl && bl == dl && !memcmp(a, num, nl * 4) &&
         !memcmp(b, den, dl * 4);
}

/* The Real argument of ((_ to_fp 8 24) RNE x). */
static fer_term to_fp_arg(ferret *f, const char *x) {
  char text[512];
  snprintf(text, sizeof text, "((_ to_fp 8 24) RNE %s)", x);
  fer_term t = rd_term(f, text);
  if (!t || fer_term_op(f, t) != FER_OP_TO_FP_REAL) return 0;
  return fer_term_arg(f, t, 1);
}

TEST(parse_real_literals_are_exact) {
  ferret *f = ctx(NULL);
  uint32_t one = 1, two = 2, three = 3, seven = 7, ten = 10, four = 4;
  CHECK(real_is(f, to_fp_arg(f, "0.1"), false, &one, 1, &ten, 1));
  CHECK(real_is(f, to_fp_arg(f, "3.50"), false, &seven, 1, &two, 1));
  CHECK(real_is(f, to_fp_arg(f, "7"), false, &seven, 1, &one, 1));
  CHECK(real_is(f, to_fp_arg(f, "(/ 1 3)"), false, &one, 1, &three, 1));
  CHECK(real_is(f, to_fp_arg(f, "(- 0.5)"), true, &one, 1, &two, 1));
  CHECK(real_is(f, to_fp_arg(f, "(/ (- 1) 3)"), true, &one, 1, &three, 1));
  CHECK(real_is(f, to_fp_arg(f, "(- (/ 2 4))"), true, &one, 1, &two, 1));
  CHECK(real_is(f, to_fp_arg(f, "(/ 0.5 (- 0.25))"), true, &two, 1, &one, 1));
  /* Z3 writes negative literals as symbols */
  CHECK(real_is(f, to_fp_arg(f, "-1.5"), true, &three, 1, &two, 1));
  /* 2^64 = limbs {0, 0, 1} */
  uint32_t p64[3] = {0, 0, 1};
  CHECK(real_is(f, to_fp_arg(f, "18446744073709551616"), false, p64, 3, &one, 1));
  /* 10^-21: the denominator 10^21 = 0x36_35c9adc5_dea00000 */
  uint32_t e21[3] = {0xdea00000u, 0x35c9adc5u, 0x36};
  CHECK(real_is(f, to_fp_arg(f, "0.000000000000000000001"), false, &one, 1, e21, 3));
  /* Z3's (to_fp rm significand exponent): 0.5 * 2^3 = 4, 3 * 2^-2 = 3/4 */
  fer_term z = rd_term(f, "((_ to_fp 8 24) RNE 0.5 3)");
  CHECK(z && real_is(f, fer_term_arg(f, z, 1), false, &four, 1, &one, 1));
  z = rd_term(f, "((_ to_fp 8 24) RNE 3 (- 2))");
  CHECK(z && real_is(f, fer_term_arg(f, z, 1), false, &three, 1, &four, 1));
  /* Real arithmetic on non-literals and division by zero are errors */
  CHECK(rd_term(f, "((_ to_fp 8 24) RNE (/ 1 0))") == 0);
  CHECK(strstr(ferret_error(f)->message, "division by zero") != NULL);
  ferret_delete(f);
}

/* ---------------------------------------------------------- binding */

TEST(parse_let_parallel_and_shadowing) {
  ferret *f = ctx("(declare-const x (_ BitVec 8))(declare-const y (_ BitVec 8))");
  fer_term x = var(f, "x"), y = var(f, "y"), c1 = bv(f, 8, 1);
  /* parallel: the new x is the old y and the new y the old x */
  CHECK(rd_term(f, "(let ((x y) (y x)) (bvsub x y))") == mk2(f, FER_OP_BVSUB, y, x));
  /* shadowing: the inner x is the outer x doubled */
  CHECK(rd_term(f, "(let ((x #x01)) (let ((x (bvadd x x))) x))") ==
        mk2(f, FER_OP_BVADD, c1, c1));
  /* after the let, x is the declared x again */
  CHECK(rd_term(f, "(bvadd (let ((x #x01)) x) x)") == mk2(f, FER_OP_BVADD, c1, x));
  /* a let binding may shadow a declared name of another sort */
  CHECK(rd_term(f, "(let ((x true)) (and x x))") ==
        mk2(f, FER_OP_AND, fer_true(f), fer_true(f)));
  CHECK(rd_term(f, "(let () x)") == 0);
  CHECK(rd_term(f, "(let ((z x)) z z)") == 0);
  /* the binding is gone after an error inside the let */
  CHECK(rd_term(f, "(let ((q x)) (bvadd q true))") == 0);
  CHECK(rd_term(f, "q") == 0);
  ferret_delete(f);
}

TEST(parse_named_terms) {
  ferret *f = ctx("(declare-const x (_ BitVec 8))(declare-const y (_ BitVec 8))"
                  "(assert (! (bvult x y) :named p :pattern (x)))"
                  "(assert (not p))");
  fer_term lt = mk2(f, FER_OP_BVULT, var(f, "x"), var(f, "y"));
  fer_smt *s = f->smt;
  CHECK(s->assertions.size == 2);
  CHECK(s->assertions.data[0] == lt);
  CHECK(s->assertions.data[1] == fer_mk(f, FER_OP_NOT, 1, &lt, 0, 0));
  /* a name cannot be given twice */
  CHECK(ferret_execute(f, "t", "(assert (! true :named p))", 26) == FERRET_ERROR_SORT);
  ferret_delete(f);
}

TEST(parse_define_fun_with_parameters) {
  ferret *f = ctx("(declare-const x (_ BitVec 8))(declare-const y (_ BitVec 8))"
                  "(define-fun f ((a (_ BitVec 8)) (b (_ BitVec 8))) (_ BitVec 8)"
                  "  (bvadd a (bvmul a b)))"
                  "(define-fun g ((a (_ BitVec 8))) (_ BitVec 8) (f a a))"
                  "(define-fun k () (_ BitVec 8) (f y #x03))");
  fer_term x = var(f, "x"), y = var(f, "y"), c2 = bv(f, 8, 2), c3 = bv(f, 8, 3);
  CHECK(rd_term(f, "(f x #x02)") ==
        mk2(f, FER_OP_BVADD, x, mk2(f, FER_OP_BVMUL, x, c2)));
  CHECK(rd_term(f, "(g y)") == mk2(f, FER_OP_BVADD, y, mk2(f, FER_OP_BVMUL, y, y)));
  CHECK(rd_term(f, "k") == mk2(f, FER_OP_BVADD, y, mk2(f, FER_OP_BVMUL, y, c3)));
  /* parameters do not leak out of the definition */
  CHECK(rd_term(f, "a") == 0);
  CHECK(rd_term(f, "(f x)") == 0);
  CHECK(strstr(ferret_error(f)->message, "ill-sorted application of 'f'") != NULL);
  CHECK(rd_term(f, "f") == 0);
  CHECK(strstr(ferret_error(f)->message, "expects 2 arguments") != NULL);
  ferret_delete(f);
}

TEST(parse_define_fun_is_memoised) {
  /* The body is a DAG of 40 doublings, a tree of 2^40 nodes: applying it
   * must cost the DAG, not the tree. */
  char script[8192] = "(declare-const x (_ BitVec 8))"
                      "(define-fun d ((a (_ BitVec 8))) (_ BitVec 8) ";
  for (int i = 0; i < 40; i++) strcat(script, "(let ((a (bvadd a a))) ");
  strcat(script, "a");
  for (int i = 0; i < 40; i++) strcat(script, ")");
  strcat(script, ")");
  ferret *f = ctx(script);
  uint32_t before = fer_term_count(f);
  fer_term t = rd_term(f, "(d x)");
  CHECK(t != 0);
  CHECK_MSG(fer_term_count(f) - before <= 41, "%u new terms",
            fer_term_count(f) - before);
  fer_term e = var(f, "x");
  for (int i = 0; i < 40; i++) e = mk2(f, FER_OP_BVADD, e, e);
  CHECK(t == e);
  ferret_delete(f);
}

TEST(parse_define_sort_with_parameters) {
  ferret *f = ctx("(define-sort B8 () (_ BitVec 8))"
                  "(define-sort Id (X) X)"
                  "(define-sort Second (X Y) Y)"
                  "(declare-const a (Id B8))"
                  "(declare-const b (Second Bool (Id Float32)))"
                  "(declare-const c (Float64))");
  CHECK(fer_term_sort(f, var(f, "a")) == fer_sort_bv(f, 8));
  CHECK(fer_term_sort(f, var(f, "b")) == fer_sort_fp(f, 8, 24));
  CHECK(fer_term_sort(f, var(f, "c")) == fer_sort_fp(f, 11, 53));
  fer_test_run r = fer_test_smt("(define-sort Id (X) X)\n(declare-const a (Id Bool Bool))");
  CHECK(strstr(r.out, "test:2:19: sort 'Id' expects 1 parameter, got 2") != NULL);
  r = fer_test_smt("(declare-const a B8)");
  CHECK(strstr(r.out, "unknown sort 'B8'") != NULL);
  ferret_delete(f);
}

/* -------------------------------------------------------- operators */

TEST(parse_chainable_and_associative) {
  ferret *f = ctx("(declare-const a (_ BitVec 4))(declare-const b (_ BitVec 4))"
                  "(declare-const c (_ BitVec 4))(declare-const p Bool)"
                  "(declare-const q Bool)(declare-const r Bool)"
                  "(declare-const u Float16)(declare-const v Float16)"
                  "(declare-const w Float16)");
  fer_term a = var(f, "a"), b = var(f, "b"), c = var(f, "c");
  fer_term p = var(f, "p"), q = var(f, "q"), r = var(f, "r");
  fer_term u = var(f, "u"), v = var(f, "v"), w = var(f, "w");
  CHECK(rd_term(f, "(= a b c)") ==
        mk2(f, FER_OP_AND, mk2(f, FER_OP_EQ, a, b), mk2(f, FER_OP_EQ, b, c)));
  CHECK(rd_term(f, "(fp.lt u v w)") ==
        mk2(f, FER_OP_AND, mk2(f, FER_OP_FP_LT, u, v), mk2(f, FER_OP_FP_LT, v, w)));
  CHECK(rd_term(f, "(bvadd a b c)") ==
        mk2(f, FER_OP_BVADD, mk2(f, FER_OP_BVADD, a, b), c));
  CHECK(rd_term(f, "(concat a b c)") ==
        mk2(f, FER_OP_CONCAT, mk2(f, FER_OP_CONCAT, a, b), c));
  CHECK(rd_term(f, "(=> p q r)") ==
        mk2(f, FER_OP_IMPLIES, p, mk2(f, FER_OP_IMPLIES, q, r)));
  CHECK(rd_term(f, "(xor p q r)") == mk2(f, FER_OP_XOR, mk2(f, FER_OP_XOR, p, q), r));
  fer_term abc[3] = {a, b, c}, pqr[3] = {p, q, r};
  CHECK(rd_term(f, "(distinct a b c)") == fer_mk(f, FER_OP_DISTINCT, 3, abc, 0, 0));
  CHECK(rd_term(f, "(and p q r)") == fer_mk(f, FER_OP_AND, 3, pqr, 0, 0));
  CHECK(rd_term(f, "(or p)") == p);
  fer_term it[3] = {p, a, b};
  CHECK(rd_term(f, "(ite p a b)") == fer_mk(f, FER_OP_ITE, 3, it, 0, 0));
  ferret_delete(f);
}

TEST(parse_indexed_operators_and_conversions) {
  ferret *f = ctx("(declare-const a (_ BitVec 8))(declare-const x Float32)"
                  "(declare-const m RoundingMode)");
  fer_term a = var(f, "a"), x = var(f, "x"), m = var(f, "m");
  fer_term rne = fer_mk_rm(f, FER_RNE), rtz = fer_mk_rm(f, FER_RTZ);
  CHECK(rd_term(f, "((_ extract 6 2) a)") == fer_mk(f, FER_OP_EXTRACT, 1, &a, 6, 2));
  CHECK(rd_term(f, "((_ zero_extend 8) a)") == fer_mk(f, FER_OP_ZERO_EXTEND, 1, &a, 8, 0));
  CHECK(rd_term(f, "((_ sign_extend 1) a)") == fer_mk(f, FER_OP_SIGN_EXTEND, 1, &a, 1, 0));
  CHECK(rd_term(f, "((_ repeat 3) a)") == fer_mk(f, FER_OP_REPEAT, 1, &a, 3, 0));
  CHECK(rd_term(f, "((_ rotate_left 3) a)") == fer_mk(f, FER_OP_ROTATE_LEFT, 1, &a, 3, 0));
  CHECK(rd_term(f, "((_ rotate_right 3) a)") == fer_mk(f, FER_OP_ROTATE_RIGHT, 1, &a, 3, 0));
  CHECK(rd_term(f, "(bvredor a)") == fer_mk(f, FER_OP_BVREDOR, 1, &a, 0, 0));
  CHECK(rd_term(f, "(bvredand a)") == fer_mk(f, FER_OP_BVREDAND, 1, &a, 0, 0));
  fer_term ieee = fer_mk(f, FER_OP_FP_TO_IEEE_BV, 1, &x, 0, 0);
  CHECK(ieee && rd_term(f, "(to_ieee_bv x)") == ieee);
  CHECK(rd_term(f, "(fp.to_ieee_bv x)") == ieee);
  fer_term rx[2] = {rtz, x}, mx[2] = {m, x}, ra[2] = {rne, a};
  CHECK(rd_term(f, "((_ fp.to_ubv 16) RTZ x)") == fer_mk(f, FER_OP_FP_TO_UBV, 2, rx, 16, 0));
  CHECK(rd_term(f, "((_ fp.to_sbv 7) roundTowardZero x)") ==
        fer_mk(f, FER_OP_FP_TO_SBV, 2, rx, 7, 0));
  CHECK(rd_term(f, "((_ to_fp 11 53) m x)") == fer_mk(f, FER_OP_TO_FP_FP, 2, mx, 11, 53));
  CHECK(rd_term(f, "((_ to_fp 3 5) RNE a)") == fer_mk(f, FER_OP_TO_FP_SBV, 2, ra, 3, 5));
  CHECK(rd_term(f, "((_ to_fp_unsigned 3 5) RNE a)") == fer_mk(f, FER_OP_TO_FP_UBV, 2, ra, 3, 5));
  CHECK(rd_term(f, "((_ to_fp 4 4) a)") == fer_mk(f, FER_OP_TO_FP_BV, 1, &a, 4, 4));
  fer_term rxx[3] = {m, x, x};
  CHECK(rd_term(f, "(fp.add m x x)") == fer_mk(f, FER_OP_FP_ADD, 3, rxx, 0, 0));
  CHECK(rd_term(f, "((_ extract 8 0) a)") == 0); /* sort error */
  CHECK(rd_term(f, "(extract a)") == 0);
  CHECK(strstr(ferret_error(f)->message, "needs indices") != NULL);
  ferret_delete(f);
}

TEST(parse_rounding_modes_and_sorts) {
  ferret *f = ctx(NULL);
  static const char *const names[5][2] = {{"RNE", "roundNearestTiesToEven"},
                                          {"RNA", "roundNearestTiesToAway"},
                                          {"RTP", "roundTowardPositive"},
                                          {"RTN", "roundTowardNegative"},
                                          {"RTZ", "roundTowardZero"}};
  for (int i = 0; i < 5; i++) {
    fer_term rm = fer_mk_rm(f, (fer_rm)i);
    CHECK(rd_term(f, names[i][0]) == rm);
    CHECK(rd_term(f, names[i][1]) == rm);
  }
  const char *decls = "(declare-const h Float16)(declare-const s Float32)"
                      "(declare-const d Float64)(declare-const q Float128)"
                      "(declare-const o (_ FloatingPoint 3 7))"
                      "(declare-const r RoundingMode)"
                      "(declare-const w (_ BitVec 300))";
  CHECK(ferret_execute(f, "t", decls, strlen(decls)) == FERRET_OK);
  CHECK(fer_term_sort(f, var(f, "h")) == fer_sort_fp(f, 5, 11));
  CHECK(fer_term_sort(f, var(f, "s")) == fer_sort_fp(f, 8, 24));
  CHECK(fer_term_sort(f, var(f, "d")) == fer_sort_fp(f, 11, 53));
  CHECK(fer_term_sort(f, var(f, "q")) == fer_sort_fp(f, 15, 113));
  CHECK(fer_term_sort(f, var(f, "o")) == fer_sort_fp(f, 3, 7));
  CHECK(fer_term_sort(f, var(f, "r")) == fer_sort_rm(f));
  CHECK(fer_term_sort(f, var(f, "w")) == fer_sort_bv(f, 300));
  /* the reader accepts any width (and so does the evaluator) */
  CHECK(rd_term(f, "(bvadd w (_ bv5 300))") != 0);
  ferret_delete(f);
}

TEST(parse_quoted_symbols) {
  ferret *f = ctx("(declare-const |x| (_ BitVec 8))(declare-const |a b| Bool)"
                  "(declare-const |(weird)| Bool)");
  fer_term x = var(f, "x");
  CHECK(x && rd_term(f, "x") == x && rd_term(f, "|x|") == x);
  CHECK(rd_term(f, "|a b|") == var(f, "a b"));
  CHECK(rd_term(f, "(and |(weird)| |a b|)") ==
        mk2(f, FER_OP_AND, var(f, "(weird)"), var(f, "a b")));
  CHECK(ferret_execute(f, "t", "(declare-const x Bool)", 22) == FERRET_ERROR_SORT);
  CHECK(strstr(ferret_error(f)->message, "already declared") != NULL);
  ferret_delete(f);
}

/* ------------------------------------------------------ robustness */

/* "(assert (not (not ... true)))" with n nots, then `tail`; malloc'ed. */
static char *nested_nots(size_t n, const char *tail) {
  char *text = malloc(n * 6 + strlen(tail) + 32), *p = text;
  p += sprintf(p, "(assert ");
  for (size_t i = 0; i < n; i++) memcpy(p, "(not ", 5), p += 5;
  p += sprintf(p, "true");
  memset(p, ')', n + 1), p += n + 1;
  strcpy(p, tail);
  return text;
}

TEST(parse_deep_nesting_is_an_error_not_a_crash) {
  char *text = nested_nots(100000, "(echo \"next\")");
  fer_test_run r = fer_test_smt(text);
  CHECK(strstr(r.out, "nesting too deep") != NULL);
  CHECK(strstr(r.out, "\"next\"") != NULL); /* continued after the error */
  free(text);
  /* 100000 bare parentheses */
  size_t n = 100000;
  text = malloc(n + 1);
  memset(text, '(', n);
  text[n] = '\0';
  r = fer_test_smt(text);
  CHECK(r.status == FERRET_ERROR_PARSE);
  CHECK(strstr(r.out, "(error \"test:1:2: expected a command name") != NULL);
  free(text);
  /* 5000 levels are fine */
  text = nested_nots(5000, "");
  r = fer_test_smt(text);
  CHECK(r.status == FERRET_OK && !strstr(r.out, "error"));
  free(text);
}

TEST(parse_error_positions) {
  /* each position derived by counting columns by hand */
  fer_test_run r = fer_test_smt("(declare-const x (_ BitVec 8))\n"
                                "(assert (= x   zz))\n");
  CHECK(strstr(r.out, "(error \"test:2:16: unknown symbol 'zz'\")") != NULL);
  CHECK(strstr(r.diag, "test:2:16: unknown symbol 'zz'\n") != NULL);
  /* a sort error is stamped with the '(' of the application */
  r = fer_test_smt("(declare-const x (_ BitVec 8))\n"
                   "(assert\n  (= #x01\n     (bvadd x #b1)))\n");
  CHECK(strstr(r.out, "(error \"test:4:6: ill-sorted application of 'bvadd'") != NULL);
  r = fer_test_smt("(assert (= #b1 #b1))\n(check-sat)\n  (assert 0123abc)\n");
  CHECK(strstr(r.out, "(error \"test:3:11: invalid numeral") != NULL);
  r = fer_test_smt("(assert true) (assert (and true #xZ))");
  CHECK(strstr(r.out, "(error \"test:1:33: invalid literal") != NULL ||
        strstr(r.out, "(error \"test:1:33: invalid hex") != NULL);
  r = fer_test_smt("(declare-const x Bool)\n(assert (not x)\n");
  CHECK(strstr(r.out, "(error \"test:3:1: expected ')' at the end of the command, got end of input") != NULL);
  r = fer_test_smt("(assert (= 1 2 3)"); /* unclosed and Real: first error only */
  CHECK(strstr(r.out, "test:1:9: unsupported: real arithmetic") != NULL);
}

TEST(parse_unsupported_constructs) {
  static const struct {
    const char *script, *message;
  } cases[] = {
      {"(declare-const a Int)", "test:1:18: unsupported: sort 'Int' (integer arithmetic)"},
      {"(declare-const a Real)", "unsupported: sort 'Real' (real arithmetic)"},
      {"(declare-const a (Array Int Float32))", "test:1:25: unsupported: sort 'Int'"},
      {"(declare-const s (Set Bool))", "unsupported: sort 'Set' (sets)"},
      {"(declare-const s (Seq Bool))", "unsupported: sort 'Seq' (sequences)"},
      {"(declare-const s String)", "unsupported: sort 'String' (strings)"},
      {"(declare-fun f (Real) Float32)", "unsupported: sort 'Real'"},
      {"(declare-const x Float32)(assert (= 0.0 (fp.to_real x)))", "unsupported: 'fp.to_real' (real arithmetic)"},
      {"(declare-const p Bool)(assert (set.member p p))", "unsupported: 'set.member' (sets)"},
      {"(assert (bag.count true true))", "unsupported: 'bag.count' (bags)"},
      {"(assert (forall ((x Bool)) x))", "unsupported: 'forall' (quantifiers)"},
      {"(assert (< 1 2))", "unsupported: '<' (arithmetic)"},
      {"(assert (= ((_ int2bv 8) 3) #x03))", "unsupported: 'int2bv' (integer arithmetic)"},
      {"(declare-sort U 2)", "test:1:17: unsupported: declare-sort of arity 2"},
      {"(declare-datatypes ((T 0)) (((c))))", "unsupported: 'declare-datatypes' (datatypes)"},
      {"(assert (= \"a\" \"b\"))", "unsupported: string literal (strings)"},
      {"(set-logic QF_AUFLIA)", "unsupported logic 'QF_AUFLIA': integer arithmetic"},
      {"(set-logic QF_LIA)", "unsupported logic 'QF_LIA': integer arithmetic"},
      {"(set-logic QF_FPLRA)", "unsupported logic 'QF_FPLRA': real arithmetic"},
      {"(set-logic BV)", "unsupported logic 'BV': quantifiers"},
      {"(set-logic QF_S)", "unsupported logic 'QF_S': strings"},
      {"(set-logic FOO)", "unsupported logic 'FOO'"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    fer_test_run r = fer_test_smt(cases[i].script);
    CHECK_MSG(strstr(r.out, cases[i].message) != NULL, "%s: got %s",
              cases[i].script, r.out);
    CHECK_MSG(r.status == FERRET_ERROR_UNSUPPORTED, "%s: status %d",
              cases[i].script, r.status);
  }
  static const char *const ok[] = {"(set-logic QF_BV)", "(set-logic QF_FP)",
                                   "(set-logic QF_BVFP)", "(set-logic QF_FPBV)",
                                   "(set-logic ALL)", "(set-logic QF_BOOL)"};
  for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) {
    fer_test_run r = fer_test_smt(ok[i]);
    CHECK_MSG(r.status == FERRET_OK, "%s: %s", ok[i], r.out);
  }
}
