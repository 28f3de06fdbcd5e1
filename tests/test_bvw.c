/* Wide bit-vector semantics (src/bv/bvw.c): products and quotients worked
 * out with arbitrary-precision integers, the algebraic identities every
 * width must satisfy (a = q*b + r with r < b, rotations undone, extract of
 * a concat), and agreement with the fer_u128 semantics of bv.c (itself
 * checked against z3 in test_bv.c) on every operator at every width 1..128.
 * The formula-level differential test against z3 at widths 129..600 is
 * tests/cli/wide-z3.sh. */
#include <string.h>

#include "bv/bv.h"
#include "bv/bvw.h"
#include "test.h"

#define MAXL 16 /* limbs: widths up to 1024 here */

/* The w-bit value of a hexadecimal string (without prefix). */
static void hex(uint64_t *r, const char *s, uint32_t w) {
  memset(r, 0, MAXL * 8);
  size_t n = strlen(s);
  for (size_t i = 0; i < n; i++) {
    char c = s[n - 1 - i];
    uint64_t d = c <= '9' ? (uint64_t)(c - '0') : (uint64_t)(c - 'a' + 10);
    r[i / 16] |= d << (4 * (i % 16));
  }
  CHECK_MSG(n <= (w + 3) / 4 && !(w % 64 && (r[(w - 1) / 64] >> (w % 64))),
            "constant %s wider than %u bits", s, w);
}

static uint64_t tmp[6 * MAXL + 2];

static bool eq(const uint64_t *a, const uint64_t *b, uint32_t w) {
  return fer_bvw_cmp(a, b, w) == 0;
}

static void op2(fer_op op, uint64_t *r, const uint64_t *a, const uint64_t *b,
                uint32_t w) {
  memset(r, 0, MAXL * 8);
  CHECK(fer_bvw_apply(op, r, a, b, w, w, 0, 0, tmp));
}

/* Results worked out with arbitrary-precision integers (Python). */
static const struct {
  fer_op op;
  uint32_t w;
  const char *a, *b, *want;
} known[] = {
    /* (2^256 - 1)^2 = 2^512 - 2^257 + 1 */
    {FER_OP_BVMUL, 512, "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
     "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
     "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe"
     "0000000000000000000000000000000000000000000000000000000000000001"},
    /* (2^127 - 1)(2^89 - 1) at 216 bits */
    {FER_OP_BVMUL, 216, "7fffffffffffffffffffffffffffffff", "1ffffffffffffffffffffff",
     "ffffffffffffffffffffff7ffffffffe0000000000000000000001"},
    /* 10^50 = 7 q + 2 at 256 bits */
    {FER_OP_BVUDIV, 256, "446c3b15f9926687d2c40534fdb564000000000000", "7",
     "9c651956ccbc5811e1c00be6d630e492492492492"},
    {FER_OP_BVUREM, 256, "446c3b15f9926687d2c40534fdb564000000000000", "7", "2"},
    /* 2^300 + 12345 = 3 q + 1 at 301 bits */
    {FER_OP_BVUDIV, 301, "1000000000000000000000000000000000000000000000000000000000000000000000003039", "3", "555555555555555555555555555555555555555555555555555555555555555555555556568"},
    /* -7 sdiv 3 = -2, srem -1, smod 2 at 200 bits; division by zero */
    {FER_OP_BVSDIV, 200, "fffffffffffffffffffffffffffffffffffffffffffffffff9", "3", "fffffffffffffffffffffffffffffffffffffffffffffffffe"},
    {FER_OP_BVSREM, 200, "fffffffffffffffffffffffffffffffffffffffffffffffff9", "3", "ffffffffffffffffffffffffffffffffffffffffffffffffff"},
    {FER_OP_BVSMOD, 200, "fffffffffffffffffffffffffffffffffffffffffffffffff9", "3", "2"},
    {FER_OP_BVUDIV, 200, "fffffffffffffffffffffffffffffffffffffffffffffffff9", "0", "ffffffffffffffffffffffffffffffffffffffffffffffffff"},
    {FER_OP_BVUREM, 200, "fffffffffffffffffffffffffffffffffffffffffffffffff9", "0", "fffffffffffffffffffffffffffffffffffffffffffffffff9"},
};

TEST(bvw_known_values) {
  uint64_t a[MAXL], b[MAXL], r[MAXL], x[MAXL];
  for (size_t i = 0; i < sizeof known / sizeof *known; i++) {
    hex(a, known[i].a, known[i].w), hex(b, known[i].b, known[i].w);
    hex(x, known[i].want, known[i].w);
    op2(known[i].op, r, a, b, known[i].w);
    CHECK_MSG(eq(r, x, known[i].w), "%s at width %u", fer_op_table[known[i].op].name,
              known[i].w);
  }
  /* the most negative 512-bit value: bvnego, sdivo by -1, smulo by 1/-1 */
  hex(a, "8", 512);
  op2(FER_OP_BVSHL, r, a, (hex(b, "1fc", 512), b), 512); /* 8 << 508 */
  memcpy(x, r, sizeof x);
  op2(FER_OP_BVNEGO, r, x, x, 512);
  CHECK(r[0] == 1);
  hex(b, "1", 512);
  op2(FER_OP_BVNEG, r, b, b, 512); /* -1 */
  memcpy(b, r, sizeof b);
  op2(FER_OP_BVSDIVO, r, x, b, 512);
  CHECK(r[0] == 1);
  op2(FER_OP_BVSMULO, r, x, b, 512);
  CHECK(r[0] == 1);
  hex(b, "1", 512);
  op2(FER_OP_BVSMULO, r, x, b, 512);
  CHECK(r[0] == 0);
  /* shifts by >= w: 0 or all sign bits */
  hex(b, "10000000000000000000000", 512);
  op2(FER_OP_BVASHR, r, x, b, 512);
  CHECK(r[0] == ~(uint64_t)0 && r[7] == ~(uint64_t)0);
  op2(FER_OP_BVLSHR, r, x, b, 512);
  CHECK(r[0] == 0 && r[7] == 0);
}

static uint64_t rnd(uint64_t *s) {
  *s ^= *s << 13, *s ^= *s >> 7, *s ^= *s << 17;
  return *s;
}

/* A random w-bit value biased to edges: zero, ones, one bit, small. */
static void random_value(uint64_t *s, uint64_t *r, uint32_t w) {
  memset(r, 0, MAXL * 8);
  uint32_t n = fer_bvw_limbs(w);
  switch (rnd(s) % 6) {
  case 0: break;
  case 1: for (uint32_t i = 0; i < n; i++) r[i] = ~(uint64_t)0; break;
  case 2: { uint32_t k = (uint32_t)(rnd(s) % w); r[k / 64] = (uint64_t)1 << (k % 64); break; }
  case 3: r[0] = rnd(s) % 17; break;
  default:
    for (uint32_t i = 0; i < n; i++) r[i] = rnd(s);
    if (rnd(s) % 2) r[n - 1] >>= rnd(s) % 64; /* shorter */
  }
  if (w % 64) r[n - 1] &= ((uint64_t)1 << (w % 64)) - 1;
}

static fer_u128 to128(const uint64_t *a) { return a[0] | (fer_u128)a[1] << 64; }

/* bv.c's answer for op at width w. */
static fer_u128 narrow(fer_op op, fer_u128 x, fer_u128 y, uint32_t w, uint32_t k) {
  switch (op) {
  case FER_OP_BVNOT: return fer_bv_not(x, w);
  case FER_OP_BVNEG: return fer_bv_neg(x, w);
  case FER_OP_BVAND: return x & y;
  case FER_OP_BVOR: return x | y;
  case FER_OP_BVXOR: return x ^ y;
  case FER_OP_BVNAND: return fer_bv_not(x & y, w);
  case FER_OP_BVNOR: return fer_bv_not(x | y, w);
  case FER_OP_BVXNOR: return fer_bv_not(x ^ y, w);
  case FER_OP_BVCOMP: return x == y;
  case FER_OP_BVADD: return fer_bv_add(x, y, w);
  case FER_OP_BVSUB: return fer_bv_sub(x, y, w);
  case FER_OP_BVMUL: return fer_bv_mul(x, y, w);
  case FER_OP_BVUDIV: return fer_bv_udiv(x, y, w);
  case FER_OP_BVUREM: return fer_bv_urem(x, y, w);
  case FER_OP_BVSDIV: return fer_bv_sdiv(x, y, w);
  case FER_OP_BVSREM: return fer_bv_srem(x, y, w);
  case FER_OP_BVSMOD: return fer_bv_smod(x, y, w);
  case FER_OP_BVSHL: return fer_bv_shl(x, y, w);
  case FER_OP_BVLSHR: return fer_bv_lshr(x, y, w);
  case FER_OP_BVASHR: return fer_bv_ashr(x, y, w);
  case FER_OP_ROTATE_LEFT: return fer_bv_rotl(x, k, w);
  case FER_OP_ROTATE_RIGHT: return fer_bv_rotr(x, k, w);
  case FER_OP_BVULT: return fer_bv_ult(x, y, w);
  case FER_OP_BVULE: return !fer_bv_ult(y, x, w);
  case FER_OP_BVUGT: return fer_bv_ult(y, x, w);
  case FER_OP_BVUGE: return !fer_bv_ult(x, y, w);
  case FER_OP_BVSLT: return fer_bv_slt(x, y, w);
  case FER_OP_BVSLE: return !fer_bv_slt(y, x, w);
  case FER_OP_BVSGT: return fer_bv_slt(y, x, w);
  case FER_OP_BVSGE: return !fer_bv_slt(x, y, w);
  case FER_OP_BVNEGO: return fer_bv_nego(x, w);
  case FER_OP_BVUADDO: return fer_bv_uaddo(x, y, w);
  case FER_OP_BVSADDO: return fer_bv_saddo(x, y, w);
  case FER_OP_BVUMULO: return fer_bv_umulo(x, y, w);
  case FER_OP_BVSMULO: return fer_bv_smulo(x, y, w);
  case FER_OP_BVUSUBO: return fer_bv_usubo(x, y, w);
  case FER_OP_BVSSUBO: return fer_bv_ssubo(x, y, w);
  case FER_OP_BVSDIVO: return fer_bv_sdivo(x, y, w);
  case FER_OP_BVREDAND: return x == fer_bv_mask(w);
  case FER_OP_BVREDOR: return x != 0;
  default: return 0;
  }
}

TEST(bvw_agrees_with_u128) {
  uint64_t s = 0x9e3779b97f4a7c15u;
  uint64_t a[MAXL], b[MAXL], r[MAXL];
  long checked = 0;
  for (int op = FER_OP_ROTATE_LEFT; op <= FER_OP_BVREDOR; op++)
    for (uint32_t w = 1; w <= 128; w++)
      for (int k = 0; k < 24; k++) {
        random_value(&s, a, w), random_value(&s, b, w);
        uint32_t i0 = (uint32_t)(rnd(&s) % 300);
        memset(r, 0xa5, sizeof r);
        CHECK(fer_bvw_apply((fer_op)op, r, a, b, w, w, i0, 0, tmp));
        uint32_t rw = fer_bvw_result_width((fer_op)op, w, w, i0, 0);
        fer_u128 want = narrow((fer_op)op, to128(a), to128(b), w, i0);
        fer_u128 got = r[0] | (rw > 64 ? (fer_u128)r[1] << 64 : 0);
        CHECK_MSG(got == want, "%s at width %u", fer_op_table[op].name, w);
        checked++;
      }
  /* extract, concat, extensions, repeat where the result fits */
  for (uint32_t w = 1; w <= 64; w++)
    for (int k = 0; k < 50; k++) {
      random_value(&s, a, w), random_value(&s, b, w);
      uint32_t lo = (uint32_t)(rnd(&s) % w), hi = lo + (uint32_t)(rnd(&s) % (w - lo));
      memset(r, 0, sizeof r);
      CHECK(fer_bvw_apply(FER_OP_EXTRACT, r, a, b, w, w, hi, lo, tmp));
      CHECK(to128(r) == fer_bv_extract(to128(a), hi, lo));
      memset(r, 0, sizeof r);
      CHECK(fer_bvw_apply(FER_OP_CONCAT, r, a, b, w, w, 0, 0, tmp));
      CHECK(to128(r) == fer_bv_concat(to128(a), to128(b), w));
      uint32_t e = (uint32_t)(rnd(&s) % (128 - w + 1));
      memset(r, 0, sizeof r);
      CHECK(fer_bvw_apply(FER_OP_SIGN_EXTEND, r, a, b, w, w, e, 0, tmp));
      CHECK(to128(r) == fer_bv_sign_extend(to128(a), e, w));
      uint32_t n = 1 + (uint32_t)(rnd(&s) % (128 / w));
      memset(r, 0, sizeof r);
      CHECK(fer_bvw_apply(FER_OP_REPEAT, r, a, b, w, w, n, 0, tmp));
      CHECK(to128(r) == fer_bv_repeat(to128(a), n, w));
      checked += 4;
    }
  CHECK(checked > 100000);
}

/* Identities at widths 129..800, where bv.c cannot answer. */
TEST(bvw_identities_wide) {
  uint64_t s = 12345;
  uint64_t a[MAXL], b[MAXL], q[MAXL], m[MAXL], t[MAXL], u[MAXL];
  for (int k = 0; k < 3000; k++) {
    uint32_t w = 129 + (uint32_t)(rnd(&s) % (800 - 128)); /* w + 200 fits */
    random_value(&s, a, w), random_value(&s, b, w);
    bool bz = fer_bvw_cmp(b, (memset(t, 0, sizeof t), t), w) == 0;
    op2(FER_OP_BVUDIV, q, a, b, w);
    op2(FER_OP_BVUREM, m, a, b, w);
    if (!bz) {
      op2(FER_OP_BVMUL, t, q, b, w);
      op2(FER_OP_BVADD, u, t, m, w);
      CHECK_MSG(fer_bvw_cmp(u, a, w) == 0, "q*b+r = a at width %u", w);
      CHECK_MSG(fer_bvw_cmp(m, b, w) < 0, "r < b at width %u", w);
      /* no overflow in q*b: q*b <= a */
      op2(FER_OP_BVUMULO, t, q, b, w);
      CHECK(t[0] == 0);
    }
    /* a - b + b = a; a xor b xor b = a; -a = ~a + 1 */
    op2(FER_OP_BVSUB, t, a, b, w);
    op2(FER_OP_BVADD, u, t, b, w);
    CHECK(fer_bvw_cmp(u, a, w) == 0);
    op2(FER_OP_BVNEG, t, a, a, w);
    op2(FER_OP_BVNOT, u, a, a, w);
    memset(m, 0, sizeof m), m[0] = 1;
    op2(FER_OP_BVADD, q, u, m, w);
    CHECK(fer_bvw_cmp(q, t, w) == 0);
    /* rotations */
    uint32_t r = (uint32_t)(rnd(&s) % (3 * w));
    memset(t, 0, sizeof t), memset(u, 0, sizeof u);
    CHECK(fer_bvw_apply(FER_OP_ROTATE_LEFT, t, a, a, w, w, r, 0, tmp));
    CHECK(fer_bvw_apply(FER_OP_ROTATE_RIGHT, u, t, t, w, w, r, 0, tmp));
    CHECK(fer_bvw_cmp(u, a, w) == 0);
    /* extract of a concat gives the parts back */
    uint32_t wb = 1 + (uint32_t)(rnd(&s) % 200);
    random_value(&s, b, wb);
    memset(t, 0, sizeof t);
    CHECK(fer_bvw_apply(FER_OP_CONCAT, t, a, b, w, wb, 0, 0, tmp));
    memset(u, 0, sizeof u);
    CHECK(fer_bvw_apply(FER_OP_EXTRACT, u, t, t, w + wb, 0, w + wb - 1, wb, tmp));
    CHECK(fer_bvw_cmp(u, a, w) == 0);
    /* shl by k then lshr by k keeps the low w - k bits */
    uint32_t sh = (uint32_t)(rnd(&s) % w);
    memset(m, 0, sizeof m), m[0] = sh;
    op2(FER_OP_BVSHL, t, a, m, w);
    op2(FER_OP_BVLSHR, u, t, m, w);
    memset(q, 0, sizeof q);
    CHECK(fer_bvw_apply(FER_OP_EXTRACT, q, u, u, w, 0, w - sh - 1, 0, tmp));
    memset(t, 0, sizeof t);
    CHECK(fer_bvw_apply(FER_OP_EXTRACT, t, a, a, w, 0, w - sh - 1, 0, tmp));
    CHECK(fer_bvw_cmp(q, t, w - sh) == 0);
    /* signed: a = sdiv(a, b) * b + srem(a, b) */
    if (!bz) {
      op2(FER_OP_BVSDIV, q, a, b, w);
      op2(FER_OP_BVSREM, m, a, b, w);
      op2(FER_OP_BVMUL, t, q, b, w);
      op2(FER_OP_BVADD, u, t, m, w);
      CHECK(fer_bvw_cmp(u, a, w) == 0);
    }
  }
}
