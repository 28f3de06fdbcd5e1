/* The printer: sorts, values, terms with sharing, scripts.  Expected
 * strings are derived by hand from SMT-LIB 2.6 and IEEE 754; the z3 tests
 * use z3 as the oracle that the text means what we think. */
#include <stdlib.h>
#include <unistd.h>

#include "smt/print.h"
#include "test.h"

/* The printed text as a malloc'ed C string (NULL if printing failed). */
static char *text_of(ferret *f, fer_buf *b, int ok) {
  char *s = NULL;
  if (ok) {
    s = malloc(b->size + 1);
    if (b->size) memcpy(s, b->data, b->size);
    s[b->size] = '\0';
  }
  FER_RELEASE(f, *b);
  return s;
}

static char *pterm(ferret *f, fer_term t) {
  fer_buf b = {0};
  return text_of(f, &b, fer_print_term(f, &b, t));
}

static char *pvalue(ferret *f, fer_term t) {
  fer_buf b = {0};
  return text_of(f, &b, fer_print_value(f, &b, t));
}

static char *psort(ferret *f, fer_sort s) {
  fer_buf b = {0};
  return text_of(f, &b, fer_print_sort(f, &b, s));
}

static char *pscript(ferret *f, const char *logic, const fer_term *a,
                     size_t n) {
  fer_buf b = {0};
  return text_of(f, &b, fer_print_script(f, &b, logic, a, n));
}

#define CHECK_PRINT(expr, expected)   \
  do {                                \
    char *got_ = (expr);              \
    CHECK_STR(got_, expected);        \
    free(got_);                       \
  } while (0)

static fer_term mk2(ferret *f, fer_op op, fer_term a, fer_term b) {
  fer_term args[2] = {a, b};
  return fer_mk(f, op, 2, args, 0, 0);
}

TEST(print_buffers_and_sorts) {
  ferret *f = ferret_new();
  fer_buf b = {0};
  CHECK(fer_buf_add(f, &b, "ab", 2));
  CHECK(fer_buf_printf(f, &b, "-%d-%s", 42, "x"));
  char big[1000];
  memset(big, 'z', sizeof big - 1);
  big[sizeof big - 1] = '\0';
  CHECK(fer_buf_printf(f, &b, "%s!", big)); /* longer than the fast path */
  CHECK_EQ_U(b.size, 2 + 5 + 999 + 1);
  CHECK(b.size == 1007 && !memcmp(b.data, "ab-42-xzz", 9) && b.data[1006] == '!');
  FER_RELEASE(f, b);
  CHECK_PRINT(psort(f, fer_sort_bv(f, 8)), "(_ BitVec 8)");
  CHECK_PRINT(psort(f, fer_sort_fp(f, 8, 24)), "(_ FloatingPoint 8 24)");
  CHECK_PRINT(psort(f, fer_sort_bool(f)), "Bool");
  CHECK_PRINT(psort(f, fer_sort_rm(f)), "RoundingMode");
  ferret_delete(f);
}

TEST(print_bv_values) {
  ferret *f = ferret_new();
  CHECK_PRINT(pvalue(f, fer_mk_const_u128(f, fer_sort_bv(f, 8), 0xa5)), "#xa5");
  CHECK_PRINT(pvalue(f, fer_mk_const_u128(f, fer_sort_bv(f, 5), 22)), "#b10110");
  CHECK_PRINT(pvalue(f, fer_mk_const_u128(f, fer_sort_bv(f, 1), 1)), "#b1");
  CHECK_PRINT(pvalue(f, fer_mk_const_u128(f, fer_sort_bv(f, 12), 0x00f)), "#x00f");
  CHECK_PRINT(pvalue(f, fer_mk_const_u128(f, fer_sort_bv(f, 64), 0)),
              "#x0000000000000000");
  fer_u128 v = ((fer_u128)0x0123456789abcdefULL << 64) | 0xfedcba9876543210ULL;
  CHECK_PRINT(pvalue(f, fer_mk_const_u128(f, fer_sort_bv(f, 128), v)),
              "#x0123456789abcdeffedcba9876543210");
  /* 130 bits (not a multiple of 4): bit 129 and bit 0 set. */
  uint64_t l3[3] = {1, 0, 2};
  char expect[140] = "#b1";
  memset(expect + 3, '0', 128);
  strcpy(expect + 131, "1");
  CHECK_PRINT(pvalue(f, fer_mk_const(f, fer_sort_bv(f, 130), l3)), expect);
  /* 200 bits from four limbs: the top limb holds 8 bits. */
  uint64_t l4[4] = {0x1111111111111111ULL, 0x2222222222222222ULL,
                    0x3333333333333333ULL, 0xffffffffffffffabULL};
  CHECK_PRINT(pvalue(f, fer_mk_const(f, fer_sort_bv(f, 200), l4)),
              "#xab333333333333333322222222222222221111111111111111");
  CHECK_PRINT(pvalue(f, fer_true(f)), "true");
  CHECK_PRINT(pvalue(f, fer_false(f)), "false");
  const char *rms[] = {"RNE", "RNA", "RTP", "RTN", "RTZ"};
  for (int i = 0; i < 5; i++) CHECK_PRINT(pvalue(f, fer_mk_rm(f, (fer_rm)i)), rms[i]);
  ferret_delete(f);
}

TEST(print_fp_values) {
  ferret *f = ferret_new();
  fer_sort s = fer_sort_fp(f, 8, 24);
  CHECK_PRINT(pvalue(f, fer_mk_const_u128(f, s, 0x40000000)), /* 2.0 */
              "(fp #b0 #b10000000 #b00000000000000000000000)");
  CHECK_PRINT(pvalue(f, fer_mk_const_u128(f, s, 0xbfc00000)), /* -1.5 */
              "(fp #b1 #b01111111 #b10000000000000000000000)");
  CHECK_PRINT(pvalue(f, fer_mk_const_u128(f, s, 0x3dcccccd)), /* 0.1f */
              "(fp #b0 #b01111011 #b10011001100110011001101)");
  CHECK_PRINT(pvalue(f, fer_mk_const_u128(f, s, 0x00000001)), /* subnormal */
              "(fp #b0 #b00000000 #b00000000000000000000001)");
  CHECK_PRINT(pvalue(f, fer_mk_const_u128(f, s, 0)), "(_ +zero 8 24)");
  CHECK_PRINT(pvalue(f, fer_mk_const_u128(f, s, 0x80000000)), "(_ -zero 8 24)");
  CHECK_PRINT(pvalue(f, fer_mk_const_u128(f, s, 0x7f800000)), "(_ +oo 8 24)");
  CHECK_PRINT(pvalue(f, fer_mk_const_u128(f, s, 0xff800000)), "(_ -oo 8 24)");
  CHECK_PRINT(pvalue(f, fer_mk_const_u128(f, s, 0xffc00001)), "(_ NaN 8 24)");
  fer_sort h = fer_sort_fp(f, 5, 11);
  CHECK_PRINT(pvalue(f, fer_mk_const_u128(f, h, 0x7bff)), /* max half */
              "(fp #b0 #b11110 #b1111111111)");
  /* Float128 1.0: exponent 0x3fff, the pattern spans two limbs. */
  fer_sort q = fer_sort_fp(f, 15, 113);
  char expect[200];
  strcpy(expect, "(fp #b0 #b011111111111111 #b");
  size_t n = strlen(expect);
  memset(expect + n, '0', 112);
  strcpy(expect + n + 112, ")");
  CHECK_PRINT(pvalue(f, fer_mk_const_u128(f, q, (fer_u128)0x3fff << 112)), expect);
  /* An odd format: eb = 3, sb = 3; 0b0_110_01 = 1.25 * 2^3. */
  CHECK_PRINT(pvalue(f, fer_mk_const_u128(f, fer_sort_fp(f, 3, 3), 0x19)),
              "(fp #b0 #b110 #b01)");
  CHECK_PRINT(pvalue(f, fer_mk_const_u128(f, fer_sort_fp(f, 3, 3), 0x3c)),
              "(_ -oo 3 3)");
  ferret_delete(f);
}

TEST(print_real_values) {
  ferret *f = ferret_new();
  uint32_t three = 3, one = 1, seven = 7, two = 2, zero = 0;
  CHECK_PRINT(pvalue(f, fer_mk_real(f, false, &three, 1, &one, 1)), "3.0");
  CHECK_PRINT(pvalue(f, fer_mk_real(f, true, &three, 1, &one, 1)), "(- 3.0)");
  CHECK_PRINT(pvalue(f, fer_mk_real(f, false, &one, 1, &three, 1)), "(/ 1.0 3.0)");
  CHECK_PRINT(pvalue(f, fer_mk_real(f, true, &seven, 1, &two, 1)),
              "(- (/ 7.0 2.0))");
  CHECK_PRINT(pvalue(f, fer_mk_real(f, true, &zero, 1, &one, 1)), "0.0");
  /* 14/4 is stored reduced. */
  uint32_t fourteen = 14, four = 4;
  CHECK_PRINT(pvalue(f, fer_mk_real(f, false, &fourteen, 1, &four, 1)),
              "(/ 7.0 2.0)");
  uint32_t p64[3] = {0, 0, 1}; /* 2^64 */
  CHECK_PRINT(pvalue(f, fer_mk_real(f, false, p64, 3, &one, 1)),
              "18446744073709551616.0");
  uint32_t e20[3] = {0x63100000u, 0x6bc75e2du, 5}; /* 10^20 */
  CHECK_PRINT(pvalue(f, fer_mk_real(f, false, &one, 1, e20, 3)),
              "(/ 1.0 100000000000000000000.0)");
  uint32_t billion = 1000000000u; /* a digit group of exactly 10^9 */
  CHECK_PRINT(pvalue(f, fer_mk_real(f, false, &billion, 1, &one, 1)),
              "1000000000.0");
  ferret_delete(f);
}

TEST(print_symbols) {
  ferret *f = ferret_new();
  fer_sort b = fer_sort_bool(f);
  CHECK_PRINT(pterm(f, fer_mk_var(f, "x!1", b)), "x!1");
  CHECK_PRINT(pterm(f, fer_mk_var(f, "a b", b)), "|a b|");
  CHECK_PRINT(pterm(f, fer_mk_var(f, "1x", b)), "|1x|");
  CHECK_PRINT(pterm(f, fer_mk_var(f, "let", b)), "|let|");
  CHECK_PRINT(pterm(f, fer_mk_var(f, "assert", b)), "|assert|");
  CHECK_PRINT(pterm(f, fer_mk_var(f, "_", b)), "|_|");
  CHECK_PRINT(pterm(f, fer_mk_var(f, "", b)), "||");
  CHECK_PRINT(pterm(f, fer_mk_var(f, "#b01", b)), "|#b01|");
  CHECK_PRINT(pterm(f, fer_mk_var(f, "a:b", b)), "|a:b|");
  CHECK_PRINT(pterm(f, fer_mk_var(f, "~!@$%^&*_-+=<>.?/", b)), "~!@$%^&*_-+=<>.?/");
  /* '|' cannot be quoted; '\\' stays, as the input (and z3) wrote it */
  CHECK_PRINT(pterm(f, fer_mk_var(f, "a|b\\c", b)), "|a_b\\c|");
  ferret_delete(f);
}

TEST(print_operators) {
  ferret *f = ferret_new();
  fer_sort bv8 = fer_sort_bv(f, 8), f32 = fer_sort_fp(f, 8, 24),
           f64 = fer_sort_fp(f, 11, 53);
  fer_term x = fer_mk_var(f, "x", bv8), y = fer_mk_var(f, "y", f64);
  fer_term z = fer_mk_var(f, "z", f32);
  fer_term one = fer_mk_const_u128(f, bv8, 1), rne = fer_mk_rm(f, FER_RNE);
  CHECK_PRINT(pterm(f, mk2(f, FER_OP_BVADD, x, one)), "(bvadd x #x01)");
  CHECK_PRINT(pterm(f, fer_mk(f, FER_OP_EXTRACT, 1, &x, 7, 4)), "((_ extract 7 4) x)");
  CHECK_PRINT(pterm(f, fer_mk(f, FER_OP_ZERO_EXTEND, 1, &x, 4, 0)),
              "((_ zero_extend 4) x)");
  CHECK_PRINT(pterm(f, fer_mk(f, FER_OP_REPEAT, 1, &x, 3, 0)), "((_ repeat 3) x)");
  fer_term ry[2] = {rne, y}, rx[2] = {rne, x}, rz[3] = {rne, z, z};
  CHECK_PRINT(pterm(f, fer_mk_to_fp(f, 8, 24, 2, ry, false)),
              "((_ to_fp 8 24) RNE y)");
  CHECK_PRINT(pterm(f, fer_mk_to_fp(f, 8, 24, 2, rx, false)),
              "((_ to_fp 8 24) RNE x)");
  CHECK_PRINT(pterm(f, fer_mk_to_fp(f, 8, 24, 2, rx, true)),
              "((_ to_fp_unsigned 8 24) RNE x)");
  fer_term w32 = fer_mk(f, FER_OP_CONCAT, 2, (fer_term[]){x, x}, 0, 0);
  w32 = fer_mk(f, FER_OP_CONCAT, 2, (fer_term[]){w32, w32}, 0, 0);
  CHECK_PRINT(pterm(f, fer_mk_to_fp(f, 8, 24, 1, &w32, false)),
              "(let ((_let_1 (concat x x))) ((_ to_fp 8 24) (concat _let_1 _let_1)))");
  uint32_t n1 = 1, d10 = 10;
  fer_term tenth = fer_mk_real(f, true, &n1, 1, &d10, 1);
  fer_term rr[2] = {fer_mk_rm(f, FER_RTP), tenth};
  CHECK_PRINT(pterm(f, fer_mk_to_fp(f, 11, 53, 2, rr, false)),
              "((_ to_fp 11 53) RTP (- (/ 1.0 10.0)))");
  CHECK_PRINT(pterm(f, fer_mk(f, FER_OP_FP_TO_UBV, 2, ry, 8, 0)),
              "((_ fp.to_ubv 8) RNE y)");
  CHECK_PRINT(pterm(f, fer_mk(f, FER_OP_FP_TO_SBV, 2, ry, 16, 0)),
              "((_ fp.to_sbv 16) RNE y)");
  CHECK_PRINT(pterm(f, fer_mk(f, FER_OP_FP_ADD, 3, rz, 0, 0)), "(fp.add RNE z z)");
  CHECK_PRINT(pterm(f, fer_mk(f, FER_OP_FP_IS_NAN, 1, &z, 0, 0)), "(fp.isNaN z)");
  CHECK_PRINT(pterm(f, fer_mk(f, FER_OP_FP_RTI, 2, rz, 0, 0)),
              "(fp.roundToIntegral RNE z)");
  fer_term p = fer_mk_var(f, "p", fer_sort_bool(f)), q = fer_mk_var(f, "q", fer_sort_bool(f));
  fer_term pq[3] = {p, q, fer_true(f)};
  CHECK_PRINT(pterm(f, fer_mk(f, FER_OP_AND, 3, pq, 0, 0)), "(and p q true)");
  CHECK_PRINT(pterm(f, mk2(f, FER_OP_IMPLIES, p, q)), "(=> p q)");
  fer_term ite[3] = {p, x, one};
  CHECK_PRINT(pterm(f, fer_mk(f, FER_OP_ITE, 3, ite, 0, 0)), "(ite p x #x01)");
  ferret_delete(f);
}

TEST(print_let_sharing) {
  ferret *f = ferret_new();
  fer_sort bv8 = fer_sort_bv(f, 8);
  fer_term x = fer_mk_var(f, "x", bv8), y = fer_mk_var(f, "y", bv8);
  fer_term s = mk2(f, FER_OP_BVADD, x, y);
  /* Leaves are never bound, even when they occur twice. */
  CHECK_PRINT(pterm(f, mk2(f, FER_OP_BVMUL, x, x)), "(bvmul x x)");
  fer_term u = mk2(f, FER_OP_BVMUL, s, s);
  CHECK_PRINT(pterm(f, u), "(let ((_let_1 (bvadd x y))) (bvmul _let_1 _let_1))");
  CHECK_PRINT(pterm(f, mk2(f, FER_OP_BVSUB, u, u)),
              "(let ((_let_1 (bvadd x y))) (let ((_let_2 (bvmul _let_1 _let_1)))"
              " (bvsub _let_2 _let_2)))");
  /* Two lets of the same level share one let, in left-to-right order. */
  fer_term m = mk2(f, FER_OP_BVMUL, x, y);
  fer_term t = mk2(f, FER_OP_BVOR, mk2(f, FER_OP_BVAND, s, m), mk2(f, FER_OP_BVXOR, s, m));
  CHECK_PRINT(pterm(f, t),
              "(let ((_let_1 (bvadd x y)) (_let_2 (bvmul x y))) "
              "(bvor (bvand _let_1 _let_2) (bvxor _let_1 _let_2)))");
  /* The order follows the structure, not term ids: m is older than s2. */
  fer_term s2 = mk2(f, FER_OP_BVSUB, x, y);
  fer_term t2 = mk2(f, FER_OP_BVOR, mk2(f, FER_OP_BVAND, s2, m), mk2(f, FER_OP_BVXOR, m, s2));
  CHECK_PRINT(pterm(f, t2),
              "(let ((_let_1 (bvsub x y)) (_let_2 (bvmul x y))) "
              "(bvor (bvand _let_1 _let_2) (bvxor _let_2 _let_1)))");
  /* A shared node below a shared node: levels 1 and 2. */
  fer_term a = mk2(f, FER_OP_BVAND, u, s);
  CHECK_PRINT(pterm(f, mk2(f, FER_OP_BVOR, a, u)),
              "(let ((_let_1 (bvadd x y))) (let ((_let_2 (bvmul _let_1 _let_1))) "
              "(bvor (bvand _let_2 _let_1) _let_2)))");
  /* A variable whose name starts like a let name moves the prefix. */
  fer_term lx = fer_mk_var(f, "_let_7", bv8);
  fer_term s3 = mk2(f, FER_OP_BVADD, x, lx);
  CHECK_PRINT(pterm(f, mk2(f, FER_OP_BVMUL, s3, s3)),
              "(let ((_let1_1 (bvadd x _let_7))) (bvmul _let1_1 _let1_1))");
  ferret_delete(f);
}

typedef fer_test_buf sbuf;

static void sadd(sbuf *b, const char *t) { fer_test_buf_add(b, t, strlen(t)); }

static void srep(sbuf *b, const char *t, size_t times) {
  for (size_t i = 0; i < times; i++) sadd(b, t);
}

/* t_i = (bvadd t_{i-1} #x01), t_0 = x: nesting is cut every 1000 levels
 * by a let (print.c), so the text nests at most ~2000 deep. */
static char *expected_chain(uint32_t depth) {
  const uint32_t cut = 1000;
  uint32_t lets = (depth - 1) / cut;
  sbuf e = {0};
  char name[32];
  for (uint32_t k = 1; k <= lets; k++) {
    snprintf(name, sizeof name, "(let ((_let_%u ", k);
    sadd(&e, name);
    srep(&e, "(bvadd ", cut);
    snprintf(name, sizeof name, "_let_%u", k - 1);
    sadd(&e, k == 1 ? "x" : name);
    srep(&e, " #x01)", cut);
    sadd(&e, ")) ");
  }
  srep(&e, "(bvadd ", depth - lets * cut);
  snprintf(name, sizeof name, "_let_%u", lets);
  sadd(&e, lets ? name : "x");
  srep(&e, " #x01)", depth - lets * cut);
  srep(&e, ")", lets);
  return e.data;
}

TEST(print_deep_chain) {
  ferret *f = ferret_new();
  uint32_t depth = fer_test_quick ? 100000 : 1000000;
  fer_sort bv8 = fer_sort_bv(f, 8);
  fer_term t = fer_mk_var(f, "x", bv8), one = fer_mk_const_u128(f, bv8, 1);
  for (uint32_t i = 0; i < depth; i++) t = mk2(f, FER_OP_BVADD, t, one);
  char *got = pterm(f, t), *expect = expected_chain(depth);
  CHECK(got && strlen(got) == strlen(expect));
  CHECK(got && !strcmp(got, expect));
  free(got);
  free(expect);
  /* Below the cut nothing is bound. */
  fer_term u = fer_mk_var(f, "x", bv8);
  for (uint32_t i = 0; i < 999; i++) u = mk2(f, FER_OP_BVADD, u, one);
  got = pterm(f, u), expect = expected_chain(999);
  CHECK(got && !strncmp(got, "(bvadd (bvadd ", 14));
  CHECK_STR(got, expect);
  free(got);
  free(expect);
  ferret_delete(f);
}

/* The printed deep chain reads back (the reader has a nesting limit) and
 * prints the same. */
TEST(print_deep_chain_reads_back) {
  ferret *f = ferret_new();
  uint32_t depth = fer_test_quick ? 20000 : 200000;
  fer_sort bv8 = fer_sort_bv(f, 8);
  fer_term t = fer_mk_var(f, "x", bv8), one = fer_mk_const_u128(f, bv8, 1);
  for (uint32_t i = 0; i < depth; i++) t = mk2(f, FER_OP_BVADD, t, one);
  fer_term eq = mk2(f, FER_OP_EQ, t, fer_mk_var(f, "y", bv8));
  char *t1 = pscript(f, "QF_BV", &eq, 1);
  ferret_delete(f);
  sbuf t2 = {0}, out = {0};
  sadd(&t2, ""), sadd(&out, "");
  ferret *g = ferret_new();
  ferret_set_output(g, fer_test_buf_add, &out);
  ferret_set_diagnostic(g, fer_test_buf_add, &out);
  int st = t1 ? (int)ferret_execute(g, "T1", t1, strlen(t1)) : -1;
  CHECK_MSG(st == FERRET_OK, "reading the printed chain: %.300s", out.data);
  ferret_set_output(g, fer_test_buf_add, &t2);
  CHECK(ferret_print_assertions(g) == FERRET_OK);
  CHECK(t1 && !strcmp(t1, t2.data));
  ferret_delete(g);
  free(t1);
  free(t2.data);
  free(out.data);
}

/* x_{i+1} = x_i + x_i: the tree has 2^60 leaves, the text 59 lets. */
TEST(print_exponential_dag) {
  ferret *f = ferret_new();
  fer_sort bv8 = fer_sort_bv(f, 8);
  fer_term t = fer_mk_var(f, "x", bv8);
  for (int i = 0; i < 60; i++) t = mk2(f, FER_OP_BVADD, t, t);
  char *expect = malloc(10000), *p = expect;
  p += sprintf(p, "(let ((_let_1 (bvadd x x))) ");
  for (int i = 2; i < 60; i++)
    p += sprintf(p, "(let ((_let_%d (bvadd _let_%d _let_%d))) ", i, i - 1, i - 1);
  p += sprintf(p, "(bvadd _let_59 _let_59)");
  for (int i = 1; i < 60; i++) *p++ = ')';
  *p = '\0';
  CHECK_PRINT(pterm(f, t), expect);
  /* The script form: one assertion, so the same lets. */
  fer_term eq = mk2(f, FER_OP_EQ, t, fer_mk_var(f, "y", bv8));
  char *script = pscript(f, NULL, &eq, 1);
  CHECK(script && strlen(script) < 3000);
  free(script);
  free(expect);
  ferret_delete(f);
}

TEST(print_script_sharing) {
  ferret *f = ferret_new();
  fer_sort bv8 = fer_sort_bv(f, 8);
  fer_term x = fer_mk_var(f, "x", bv8), y = fer_mk_var(f, "y", bv8);
  fer_term unused = fer_mk_var(f, "unused", bv8);
  (void)unused;
  fer_term p = fer_mk_var(f, "p", fer_sort_bool(f));
  fer_term s = mk2(f, FER_OP_BVADD, y, x); /* y occurs first */
  fer_term m = mk2(f, FER_OP_BVMUL, x, x);
  fer_term a1 = mk2(f, FER_OP_BVULT, s, fer_mk_const_u128(f, bv8, 16));
  fer_term a2 = mk2(f, FER_OP_BVUGT, s, mk2(f, FER_OP_BVAND, m, m));
  fer_term a3 = mk2(f, FER_OP_OR, p, a1); /* a1 is also an assertion */
  fer_term as[5] = {a1, a2, a3, p, a2};
  CHECK_PRINT(pscript(f, "QF_BV", as, 5),
              "(set-logic QF_BV)\n"
              "(declare-fun y () (_ BitVec 8))\n"
              "(declare-fun x () (_ BitVec 8))\n"
              "(declare-fun p () Bool)\n"
              "(define-fun _def_1 () (_ BitVec 8) (bvadd y x))\n"
              "(define-fun _def_2 () Bool (bvult _def_1 #x10))\n"
              "(define-fun _def_3 () Bool (let ((_let_1 (bvmul x x))) "
              "(bvugt _def_1 (bvand _let_1 _let_1))))\n"
              "(assert _def_2)\n"
              "(assert _def_3)\n"
              "(assert (or p _def_2))\n"
              "(assert p)\n"
              "(assert _def_3)\n");
  /* No sharing across assertions: only lets, no logic line. */
  fer_term b1 = mk2(f, FER_OP_BVULT, m, m);
  CHECK_PRINT(pscript(f, NULL, &b1, 1),
              "(declare-fun x () (_ BitVec 8))\n"
              "(assert (let ((_let_1 (bvmul x x))) (bvult _let_1 _let_1)))\n");
  CHECK_PRINT(pscript(f, NULL, NULL, 0), "");
  /* A define-fun whose body has its own let, and a def used by a def. */
  fer_term d = mk2(f, FER_OP_BVMUL, s, s);
  fer_term c1 = mk2(f, FER_OP_EQ, d, x), c2 = mk2(f, FER_OP_EQ, d, y);
  fer_term cs[2] = {c1, c2};
  CHECK_PRINT(pscript(f, NULL, cs, 2),
              "(declare-fun y () (_ BitVec 8))\n"
              "(declare-fun x () (_ BitVec 8))\n"
              "(define-fun _def_1 () (_ BitVec 8) (let ((_let_1 (bvadd y x))) "
              "(bvmul _let_1 _let_1)))\n"
              "(assert (= _def_1 x))\n"
              "(assert (= _def_1 y))\n");
  /* A variable named like a define-fun moves that prefix. */
  fer_term dv = fer_mk_var(f, "_def_1", bv8);
  fer_term e1 = mk2(f, FER_OP_EQ, s, dv), e2 = mk2(f, FER_OP_BVULT, s, dv);
  fer_term es[2] = {e1, e2};
  CHECK_PRINT(pscript(f, NULL, es, 2),
              "(declare-fun y () (_ BitVec 8))\n"
              "(declare-fun x () (_ BitVec 8))\n"
              "(declare-fun _def_1 () (_ BitVec 8))\n"
              "(define-fun _def1_1 () (_ BitVec 8) (bvadd y x))\n"
              "(assert (= _def1_1 _def_1))\n"
              "(assert (bvult _def1_1 _def_1))\n");
  ferret_delete(f);
}

/* ------------------------------------------------------ z3 as the oracle */

/* Run z3 on `script` + (check-sat); returns its output (malloc'ed). */
static char *run_z3(const char *script) {
  char path[] = "/tmp/ferret-print-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0) return NULL;
  FILE *fp = fdopen(fd, "w");
  fprintf(fp, "%s(check-sat)\n", script);
  fclose(fp);
  char cmd[256];
  snprintf(cmd, sizeof cmd, "z3 -T:5 %s 2>&1", path);
  FILE *z = popen(cmd, "r");
  char *out = calloc(1, 1 << 16);
  if (z) {
    size_t n = fread(out, 1, (1 << 16) - 1, z);
    out[n] = '\0';
    pclose(z);
  }
  unlink(path);
  return out;
}

/* Every printed FP/BV/Real form is checked by z3: each assertion says the
 * printed constant equals the value written in another, independent way,
 * so "sat" means the text denotes what we meant, and "unsat" or "error"
 * shows a printer bug. */
TEST(print_z3_accepts_values) {
  if (!fer_test_have("z3")) SKIP("z3 not found (tests/deps.sh installs it)");
  ferret *f = ferret_new();
  fer_sort s32 = fer_sort_fp(f, 8, 24), h = fer_sort_fp(f, 5, 11);
  fer_term x = fer_mk_var(f, "x", s32);
  FER_STACK(fer_term) as = {0};
  /* (= printed (fp.to_fp of the IEEE bits via to_fp of a BV literal)) */
  uint32_t pats[] = {0x40000000, 0xbfc00000, 0x3dcccccd, 0x00000001, 0x80000000,
                     0x7f800000, 0xff800000, 0x7f7fffff};
  for (size_t i = 0; i < sizeof pats / sizeof *pats; i++) {
    fer_term c = fer_mk_const_u128(f, s32, pats[i]);
    fer_term bits = fer_mk_const_u128(f, fer_sort_bv(f, 32), pats[i]);
    fer_term viabv = fer_mk_to_fp(f, 8, 24, 1, &bits, false);
    FER_PUSH(f, as, mk2(f, FER_OP_EQ, c, viabv));
  }
  fer_term nan = fer_mk_const_u128(f, h, 0x7e00);
  FER_PUSH(f, as, fer_mk(f, FER_OP_FP_IS_NAN, 1, &nan, 0, 0));
  /* 0.1 rounded to nearest is 0x3dcccccd, toward zero 0x3dcccccc. */
  uint32_t one = 1, ten = 10;
  fer_term tenth = fer_mk_real(f, false, &one, 1, &ten, 1);
  fer_term rr[2] = {fer_mk_rm(f, FER_RTZ), tenth};
  FER_PUSH(f, as, mk2(f, FER_OP_EQ, fer_mk_to_fp(f, 8, 24, 2, rr, false),
                      fer_mk_const_u128(f, s32, 0x3dcccccc)));
  uint32_t big[3] = {0, 0, 1}; /* -2^64 */
  fer_term rb[2] = {fer_mk_rm(f, FER_RNE), fer_mk_real(f, true, big, 3, &one, 1)};
  FER_PUSH(f, as, mk2(f, FER_OP_EQ, fer_mk_to_fp(f, 8, 24, 2, rb, false),
                      fer_mk_const_u128(f, s32, 0xdf800000)));
  /* A variable, a shared subterm, to_fp_unsigned and fp.to_ubv. */
  fer_term rx[3] = {fer_mk_rm(f, FER_RNA), x, x};
  fer_term sum = fer_mk(f, FER_OP_FP_ADD, 3, rx, 0, 0);
  FER_PUSH(f, as, mk2(f, FER_OP_FP_LT, sum, mk2(f, FER_OP_FP_MAX, sum, fer_mk_const_u128(f, s32, 0x7f7fffff))));
  fer_term b5 = fer_mk_const_u128(f, fer_sort_bv(f, 5), 0x1f);
  fer_term rbv[2] = {fer_mk_rm(f, FER_RTN), b5};
  fer_term u = fer_mk_to_fp(f, 8, 24, 2, rbv, true); /* 31.0 */
  fer_term ru[2] = {fer_mk_rm(f, FER_RTP), u};
  FER_PUSH(f, as, mk2(f, FER_OP_EQ, fer_mk(f, FER_OP_FP_TO_UBV, 2, ru, 6, 0),
                      fer_mk_const_u128(f, fer_sort_bv(f, 6), 31)));
  uint64_t l4[4] = {1, 2, 3, 0xab};
  fer_term w = fer_mk_const(f, fer_sort_bv(f, 200), l4);
  fer_term w2 = fer_mk_const(f, fer_sort_bv(f, 130), l4);
  FER_PUSH(f, as, mk2(f, FER_OP_EQ, fer_mk(f, FER_OP_EXTRACT, 1, &w, 129, 0), w2));
  CHECK(as.size == 14);
  bool all = true;
  for (size_t i = 0; i < as.size; i++) all = all && as.data[i];
  CHECK(all);
  char *script = all ? pscript(f, "QF_BVFP", as.data, as.size) : NULL;
  char *out = script ? run_z3(script) : NULL;
  CHECK_MSG(out && !strcmp(out, "sat\n"), "z3 said: %s\nscript:\n%s",
            out ? out : "(nothing)", script ? script : "(nothing)");
  free(out);
  free(script);
  FER_RELEASE(f, as);
  ferret_delete(f);
}

/* The exponential DAG as a script is accepted by z3 (and solved: x + x
 * sixty times is x * 2^60 = 0 in 8 bits). */
TEST(print_z3_accepts_sharing) {
  if (!fer_test_have("z3")) SKIP("z3 not found (tests/deps.sh installs it)");
  ferret *f = ferret_new();
  fer_sort bv8 = fer_sort_bv(f, 8);
  fer_term x = fer_mk_var(f, "x", bv8), t = x;
  for (int i = 0; i < 60; i++) t = mk2(f, FER_OP_BVADD, t, t);
  fer_term a[3] = {mk2(f, FER_OP_DISTINCT, t, fer_mk_const_u128(f, bv8, 0)),
                   mk2(f, FER_OP_BVULT, t, x), mk2(f, FER_OP_BVULT, t, x)};
  char *script = pscript(f, "QF_BV", a, 3);
  char *out = run_z3(script);
  CHECK_MSG(out && !strcmp(out, "unsat\n"), "z3 said: %s", out ? out : "");
  free(out);
  free(script);
  ferret_delete(f);
}
