/* Term store and sort checker. */
#include "base/context.h"
#include "smt/term.h"
#include "test.h"

TEST(term_sorts_are_interned) {
  ferret *f = ferret_new();
  CHECK(fer_sort_bv(f, 8) == fer_sort_bv(f, 8));
  CHECK(fer_sort_bv(f, 8) != fer_sort_bv(f, 9));
  CHECK(fer_sort_fp(f, 8, 24) == fer_sort_fp(f, 8, 24));
  CHECK(fer_sort_fp(f, 1, 24) == 0);
  CHECK(fer_sort_bv(f, 0) == 0);
  char buf[64];
  fer_sort_print(f, fer_sort_fp(f, 11, 53), buf, sizeof buf);
  CHECK_STR(buf, "(_ FloatingPoint 11 53)");
  CHECK_EQ_U(fer_sort_bits(f, fer_sort_fp(f, 15, 113)), 128);
  ferret_delete(f);
}

TEST(term_hash_consing) {
  ferret *f = ferret_new();
  fer_sort bv8 = fer_sort_bv(f, 8);
  fer_term x = fer_mk_var(f, "x", bv8), y = fer_mk_var(f, "y", bv8);
  CHECK(x != y);
  fer_term c1 = fer_mk_const_u128(f, bv8, 300); /* masked to 44 */
  fer_term c2 = fer_mk_const_u128(f, bv8, 44);
  CHECK(c1 == c2);
  CHECK_EQ_U(fer_const_u128(f, c1), 44);
  fer_term a[2] = {x, c1};
  fer_term s1 = fer_mk(f, FER_OP_BVADD, 2, a, 0, 0);
  fer_term s2 = fer_mk(f, FER_OP_BVADD, 2, a, 0, 0);
  CHECK(s1 && s1 == s2);
  CHECK(fer_term_sort(f, s1) == bv8);
  fer_term e = fer_mk(f, FER_OP_EXTRACT, 1, &s1, 7, 4);
  CHECK(fer_term_sort(f, e) == fer_sort_bv(f, 4));
  CHECK(fer_mk(f, FER_OP_EXTRACT, 1, &s1, 8, 4) == 0);
  CHECK(ferret_error(f)->status == FERRET_ERROR_SORT);
  CHECK(strstr(ferret_error(f)->message, "extract") != NULL);
  CHECK_STR(fer_var_name(f, y), "y");
  ferret_delete(f);
}

TEST(term_sort_errors) {
  ferret *f = ferret_new();
  fer_sort fp32 = fer_sort_fp(f, 8, 24), fp64 = fer_sort_fp(f, 11, 53);
  fer_term x = fer_mk_var(f, "x", fp32), y = fer_mk_var(f, "y", fp64);
  fer_term rm = fer_mk_rm(f, FER_RNA);
  fer_term a[3] = {rm, x, y};
  CHECK(fer_mk(f, FER_OP_FP_ADD, 3, a, 0, 0) == 0);
  CHECK(strstr(ferret_error(f)->message, "fp.add") != NULL);
  a[2] = x;
  fer_term s = fer_mk(f, FER_OP_FP_ADD, 3, a, 0, 0);
  CHECK(s && fer_term_sort(f, s) == fp32);
  fer_term conv = fer_mk_to_fp(f, 11, 53, 2, a, false);
  CHECK(conv && fer_term_op(f, conv) == FER_OP_TO_FP_FP &&
        fer_term_sort(f, conv) == fp64);
  fer_term n = fer_mk(f, FER_OP_FP_IS_NAN, 1, &x, 0, 0);
  CHECK(fer_term_sort(f, n) == fer_sort_bool(f));
  CHECK(fer_mk(f, FER_OP_NOT, 1, &x, 0, 0) == 0);
  ferret_delete(f);
}

TEST(term_smt_attributes) {
  ferret *f = ferret_new();
  fer_sort b = fer_sort_bool(f);
  fer_term p = fer_mk_var(f, "p", b), q = fer_mk_var(f, "q", b),
           r = fer_mk_var(f, "r", b);
  fer_term a[3] = {p, q, r};
  /* chainable: (= p q r) is (and (= p q) (= q r)) */
  fer_term ch = fer_mk_smt(f, FER_OP_EQ, 3, a, 0, 0);
  CHECK(fer_term_op(f, ch) == FER_OP_AND && fer_term_nargs(f, ch) == 2);
  /* right-assoc: (=> p q r) is (=> p (=> q r)) */
  fer_term im = fer_mk_smt(f, FER_OP_IMPLIES, 3, a, 0, 0);
  CHECK(fer_term_op(f, fer_term_arg(f, im, 1)) == FER_OP_IMPLIES);
  CHECK(fer_term_arg(f, im, 0) == p);
  /* left-assoc: (xor p q r) is (xor (xor p q) r) */
  fer_term x = fer_mk_smt(f, FER_OP_XOR, 3, a, 0, 0);
  CHECK(fer_term_op(f, fer_term_arg(f, x, 0)) == FER_OP_XOR);
  CHECK(fer_mk_smt(f, FER_OP_AND, 0, a, 0, 0) == fer_true(f));
  CHECK(fer_mk_smt(f, FER_OP_OR, 1, a, 0, 0) == p);
  ferret_delete(f);
}

TEST(term_fp_const_nan_is_canonical) {
  ferret *f = ferret_new();
  fer_sort fp16 = fer_sort_fp(f, 5, 11);
  fer_term n1 = fer_mk_const_u128(f, fp16, 0x7c01); /* sNaN payload 1 */
  fer_term n2 = fer_mk_const_u128(f, fp16, 0xfe00); /* negative qNaN */
  CHECK(n1 == n2);
  CHECK_EQ_U(fer_const_u128(f, n1), 0x7e00);
  CHECK(fer_mk_const_u128(f, fp16, 0x7c00) != n1); /* +inf */
  ferret_delete(f);
}

TEST(term_reals_are_reduced) {
  ferret *f = ferret_new();
  uint32_t six = 6, four = 4, three = 3, two = 2, zero = 0, one = 1;
  fer_term a = fer_mk_real(f, false, &six, 1, &four, 1);
  fer_term b = fer_mk_real(f, false, &three, 1, &two, 1);
  CHECK(a && a == b);
  CHECK(fer_mk_real(f, true, &three, 1, &two, 1) != a);
  CHECK(fer_mk_real(f, true, &zero, 1, &two, 1) ==
        fer_mk_real(f, false, &zero, 1, &one, 1));
  CHECK(fer_mk_real(f, false, &one, 1, &zero, 1) == 0);
  /* 2^64 / 2^32 = 2^32 */
  uint32_t big[3] = {0, 0, 1}, d[2] = {0, 1};
  fer_term c = fer_mk_real(f, false, big, 3, d, 2);
  bool neg;
  const uint32_t *num, *den;
  uint32_t nl, dl;
  fer_real_get(f, c, &neg, &num, &nl, &den, &dl);
  CHECK(!neg && nl == 2 && num[0] == 0 && num[1] == 1 && dl == 1 && den[0] == 1);
  ferret_delete(f);
}

TEST(term_wide_constants) {
  ferret *f = ferret_new();
  fer_sort w = fer_sort_bv(f, 512);
  uint64_t v[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  fer_term c = fer_mk_const(f, w, v);
  CHECK(c == fer_mk_const(f, w, v));
  CHECK(fer_const_limbs(f, c)[7] == 8);
  v[7] = 9;
  CHECK(c != fer_mk_const(f, w, v));
  ferret_delete(f);
}

/* fer_store_rollback: the terms made since a mark are gone, the older ones
 * are found as before (their probe runs intact), also across a growth of
 * the hash table, and the same terms can be made again. */
TEST(term_store_rollback) {
  ferret *f = ferret_new();
  fer_sort bv16 = fer_sort_bv(f, 16);
  fer_term x = fer_mk_var(f, "x", bv16);
  fer_term old[300];
  for (int i = 0; i < 300; i++) old[i] = fer_mk_const_u128(f, bv16, (fer_u128)i * 7);
  for (int round = 0; round < 2; round++) {
    fer_store_mark m = fer_store_mark_now(f);
    uint32_t n = fer_term_count(f);
    /* round 1 makes enough terms to grow the table */
    int many = round ? 5000 : 100;
    for (int i = 0; i < many; i++) {
      fer_term a[2] = {x, fer_mk_const_u128(f, bv16, (fer_u128)(5000 + i))};
      CHECK(fer_mk(f, FER_OP_BVADD, 2, a, 0, 0) != 0);
    }
    CHECK(fer_term_count(f) > n);
    fer_store_rollback(f, &m);
    CHECK_EQ_U(fer_term_count(f), n);
    for (int i = 0; i < 300; i++)
      CHECK(fer_mk_const_u128(f, bv16, (fer_u128)i * 7) == old[i]);
    CHECK_EQ_U(fer_term_count(f), n);
    fer_term c = fer_mk_const_u128(f, bv16, (fer_u128)(5000 + round));
    CHECK_EQ_U(c, n + 1); /* made anew, in the first free place */
    CHECK_EQ_U(fer_const_u128(f, c), 5000 + round);
  }
  /* a variable made since the mark: nothing is dropped */
  fer_store_mark m = fer_store_mark_now(f);
  fer_term y = fer_mk_var(f, "y", bv16);
  fer_store_rollback(f, &m);
  CHECK(fer_term_count(f) >= y);
  ferret_delete(f);
}

/* fer_mk(op, args, i0, i1) refused with a message holding `expected`. */
static bool refused(ferret *f, fer_op op, uint32_t n, const fer_term *a,
                    uint32_t i0, uint32_t i1, const char *expected) {
  if (fer_mk(f, op, n, a, i0, i1)) return false;
  return ferret_error(f)->status == FERRET_ERROR_SORT &&
         strstr(ferret_error(f)->message, expected) != NULL;
}

/* The width of BV term t, or 0 when t is 0 or not a bit-vector. */
static uint32_t bv_width(ferret *f, fer_term t) {
  if (!t || !fer_sort_is_bv(f, fer_term_sort(f, t))) return 0;
  return fer_sort_get(f, fer_term_sort(f, t))->a;
}

/* The edges of the sort rules that compute or bound a result: each case
 * just inside is accepted with the width worked out by hand, the case just
 * outside refused with its rule's message. */
TEST(term_sort_rule_edges) {
  ferret *f = ferret_new();
  fer_term b1 = fer_mk_var(f, "b1", fer_sort_bv(f, 1));
  fer_term b2 = fer_mk_var(f, "b2", fer_sort_bv(f, 2));
  fer_term b4 = fer_mk_var(f, "b4", fer_sort_bv(f, 4));
  fer_term b5 = fer_mk_var(f, "b5", fer_sort_bv(f, 5));
  fer_term big = fer_mk_var(f, "big", fer_sort_bv(f, UINT32_MAX - 1));
  /* (fp s e m): eb = width of e >= 2, sb = width of m + 1 >= 2 */
  fer_term fp3[3] = {b1, b2, b1};
  fer_term t = fer_mk(f, FER_OP_FP, 3, fp3, 0, 0);
  CHECK(t && fer_term_sort(f, t) == fer_sort_fp(f, 2, 2));
  fp3[1] = b1;
  CHECK(refused(f, FER_OP_FP, 3, fp3, 0, 0, "with eb >= 2, sb >= 2"));
  fp3[0] = b2, fp3[1] = b2;
  CHECK(refused(f, FER_OP_FP, 3, fp3, 0, 0, "(_ BitVec 1)"));
  /* widths up to 2^32 - 1 */
  CHECK_EQ_U(bv_width(f, fer_mk(f, FER_OP_ZERO_EXTEND, 1, &b1, UINT32_MAX - 1, 0)),
             UINT32_MAX);
  CHECK(refused(f, FER_OP_SIGN_EXTEND, 1, &b1, UINT32_MAX, 0, "a width below 2^32"));
  fer_term cat[2] = {big, b1};
  CHECK_EQ_U(bv_width(f, fer_mk(f, FER_OP_CONCAT, 2, cat, 0, 0)), UINT32_MAX);
  cat[1] = b2;
  CHECK(refused(f, FER_OP_CONCAT, 2, cat, 0, 0, "a width below 2^32"));
  CHECK_EQ_U(bv_width(f, fer_mk(f, FER_OP_REPEAT, 1, &b1, UINT32_MAX, 0)), UINT32_MAX);
  CHECK(refused(f, FER_OP_REPEAT, 1, &b2, 1u << 31, 0, "an index i >= 1"));
  CHECK(refused(f, FER_OP_REPEAT, 1, &b4, 0, 0, "an index i >= 1"));
  CHECK_EQ_U(bv_width(f, fer_mk(f, FER_OP_EXTRACT, 1, &b4, 3, 3)), 1);
  CHECK(refused(f, FER_OP_EXTRACT, 1, &b4, 2, 3, "width > i >= j"));
  /* (_ to_fp eb sb) of a bit-vector of width eb + sb; indices first */
  t = fer_mk(f, FER_OP_TO_FP_BV, 1, &b4, 2, 2);
  CHECK(t && fer_term_sort(f, t) == fer_sort_fp(f, 2, 2));
  CHECK(refused(f, FER_OP_TO_FP_BV, 1, &b5, 2, 2, "one bit-vector of width eb+sb"));
  CHECK(refused(f, FER_OP_TO_FP_BV, 1, &b5, 1, 4, "indices eb >= 2 and sb >= 2"));
  /* (_ fp.to_ubv m) with m >= 1, checked before the arguments */
  fer_term rm = fer_mk_rm(f, FER_RTZ);
  fer_term x = fer_mk_var(f, "x", fer_sort_fp(f, 8, 24));
  fer_term cv[2] = {rm, x};
  CHECK_EQ_U(bv_width(f, fer_mk(f, FER_OP_FP_TO_UBV, 2, cv, 1, 0)), 1);
  CHECK(refused(f, FER_OP_FP_TO_SBV, 2, cv, 0, 0, "an index m >= 1"));
  CHECK(refused(f, FER_OP_FP_TO_SBV, 1, cv + 1, 0, 0, "an index m >= 1"));
  CHECK(refused(f, FER_OP_FP_TO_SBV, 1, cv + 1, 3, 0, "(RoundingMode FloatingPoint)"));
  /* fma: a rounding mode and three floating-points of one sort */
  fer_term y = fer_mk_var(f, "y", fer_sort_fp(f, 11, 53));
  fer_term fma[4] = {rm, x, x, x};
  t = fer_mk(f, FER_OP_FP_FMA, 4, fma, 0, 0);
  CHECK(t && fer_term_sort(f, t) == fer_term_sort(f, x));
  fma[3] = y;
  CHECK(refused(f, FER_OP_FP_FMA, 4, fma, 0, 0, "(RoundingMode F F F)"));
  /* comparisons are Bool, bvcomp a 1-bit vector */
  fer_term cmp[2] = {b4, b4};
  t = fer_mk(f, FER_OP_BVUGT, 2, cmp, 0, 0);
  CHECK(t && fer_term_sort(f, t) == fer_sort_bool(f));
  CHECK_EQ_U(bv_width(f, fer_mk(f, FER_OP_BVCOMP, 2, cmp, 0, 0)), 1);
  ferret_delete(f);
}
