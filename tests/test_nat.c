/* Natural numbers (src/nat.c): a few values worked out by hand, then every
 * operation against GMP on random numbers whose limbs are biased towards
 * the edge cases (0, 1, all ones, a single high bit). */
#include <gmp.h>
#include <stdlib.h>

#include "base/nat.h"
#include "test.h"

#define MAXL 40 /* limbs of the random operands */

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void) { /* xorshift64*: deterministic, no globals in src/ */
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return rng_state * 0x2545f4914f6cdd1dull;
}

static uint32_t rnd_limb(void) {
  switch (rnd() % 6) {
  case 0: return 0;
  case 1: return 0xffffffffu;
  case 2: return 1;
  case 3: return 0x80000000u;
  default: return (uint32_t)rnd();
  }
}

/* A random number of at most `max` limbs into a[0..max) (zero above);
 * returns its length, leading zero limbs allowed. */
static uint32_t rnd_nat(uint32_t *a, uint32_t max) {
  uint32_t n = (uint32_t)(rnd() % (max + 1));
  memset(a, 0, (size_t)max * 4);
  for (uint32_t i = 0; i < n; i++) a[i] = rnd_limb();
  return n;
}

static void to_mpz(mpz_t z, const uint32_t *a, uint32_t n) {
  mpz_import(z, n, -1, 4, 0, 0, a);
}

/* a[0..n) equals z (n may include leading zero limbs). */
static bool same(const uint32_t *a, uint32_t n, const mpz_t z) {
  mpz_t t;
  mpz_init(t);
  to_mpz(t, a, n);
  bool eq = mpz_cmp(t, z) == 0;
  mpz_clear(t);
  return eq;
}

static unsigned loops(void) { return fer_test_quick ? 200 : 2000; }

TEST(nat_by_hand) {
  uint32_t a[4] = {0xffffffffu, 0xffffffffu, 0, 0}, b[1] = {1}, r[5];
  CHECK_EQ_U(fer_nat_trim(a, 4), 2);
  CHECK_EQ_U(fer_nat_bitlen(a, 4), 64);
  CHECK_EQ_U(fer_nat_add(r, a, 4, b, 1), 3); /* 2^64 */
  CHECK(r[0] == 0 && r[1] == 0 && r[2] == 1);
  CHECK_EQ_U(fer_nat_sub(r, r, 3, b, 1), 2); /* back to 2^64 - 1 */
  CHECK(r[0] == 0xffffffffu && r[1] == 0xffffffffu);
  CHECK(fer_nat_cmp(a, 4, r, 2) == 0 && fer_nat_cmp(b, 1, a, 2) < 0);
  uint32_t d[3];
  CHECK_EQ_U(fer_nat_from_text(d, 3, "18446744073709551616", 20, 10), 3);
  CHECK(d[0] == 0 && d[1] == 0 && d[2] == 1);
  CHECK_EQ_U(fer_nat_from_text(d, 3, "1.25", 4, 10), 1);
  CHECK_EQ_U(d[0], 125);
  CHECK_EQ_U(fer_nat_from_text(d, 1, "1fFffFFfF", 9, 16), 1); /* mod 2^32 */
  CHECK_EQ_U(d[0], 0xffffffffu);
  CHECK_EQ_U(
      fer_nat_from_text(d, 2, "100000000000000000000000000000000", 33, 2), 2);
  CHECK(d[0] == 0 && d[1] == 1);
  CHECK_EQ_U(fer_nat_from_text(d, 1, "4294967297", 10, 10), 1); /* 2^32+1 */
  CHECK_EQ_U(d[0], 1);
  CHECK_EQ_U(fer_nat_from_text(d, 2, "000", 3, 10), 0);
  char text[40];
  uint32_t t[2] = {0, 1}; /* 2^32 */
  size_t nd = fer_nat_to_decimal(text, t, 2);
  text[nd] = '\0';
  CHECK_STR(text, "4294967296");
  CHECK(t[0] == 0 && t[1] == 0);
  nd = fer_nat_to_decimal(text, t, 2);
  text[nd] = '\0';
  CHECK_STR(text, "0");
  uint32_t billion[2] = {1000000000u, 0};
  nd = fer_nat_to_decimal(text, billion, 2); /* an inner group of zeros */
  text[nd] = '\0';
  CHECK_STR(text, "1000000000");
  uint32_t x[3] = {1, 2, 3};
  uint64_t w[2];
  fer_nat_to_u64(w, x, 3);
  CHECK(w[0] == 0x200000001ull && w[1] == 3);
  uint32_t g[2] = {12, 0}, h[2] = {18, 0};
  CHECK_EQ_U(fer_nat_gcd(g, h, 2), 1);
  CHECK_EQ_U(g[0], 6);
  uint32_t z[2] = {0, 0}, h2[2] = {18, 0};
  CHECK_EQ_U(fer_nat_gcd(z, h2, 2), 1); /* gcd(0, b) = b */
  CHECK_EQ_U(z[0], 18);
}

TEST(nat_arith_vs_gmp) {
  uint32_t a[MAXL + 1] = {0}, b[MAXL + 1], r[2 * MAXL + 2];
  mpz_t za, zb, zr;
  mpz_inits(za, zb, zr, NULL);
  for (unsigned it = 0; it < loops(); it++) {
    uint32_t an = rnd_nat(a, MAXL), bn = rnd_nat(b, MAXL);
    to_mpz(za, a, an);
    to_mpz(zb, b, bn);
    int c = fer_nat_cmp(a, an, b, bn), zc = mpz_cmp(za, zb);
    CHECK_MSG((c > 0) == (zc > 0) && (c < 0) == (zc < 0), "cmp %d", it);
    CHECK_EQ_U(fer_nat_bitlen(a, an), mpz_sgn(za) ? mpz_sizeinbase(za, 2) : 0);
    uint32_t rn = fer_nat_add(r, a, an, b, bn);
    mpz_add(zr, za, zb);
    CHECK_MSG(same(r, rn, zr) && (!rn || r[rn - 1]), "add %u", it);
    memcpy(r, a, sizeof a); /* in place: r = r + b */
    rn = fer_nat_add(r, r, an, b, bn);
    CHECK_MSG(same(r, rn, zr), "add in place %u", it);
    if (zc >= 0) {
      rn = fer_nat_sub(r, a, an, b, bn);
      mpz_sub(zr, za, zb);
    } else {
      rn = fer_nat_sub(r, b, bn, a, an);
      mpz_sub(zr, zb, za);
    }
    CHECK_MSG(same(r, rn, zr) && (!rn || r[rn - 1]), "sub %u", it);
    rn = fer_nat_mul(r, a, an, b, bn);
    mpz_mul(zr, za, zb);
    CHECK_MSG(same(r, rn, zr) && (!rn || r[rn - 1]), "mul %u", it);
    uint32_t m = rnd_limb(), k = rnd_limb();
    memcpy(r, a, sizeof a);
    r[an] = fer_nat_mul_add_small(r, an, m, k);
    mpz_mul_ui(zr, za, m);
    mpz_add_ui(zr, zr, k);
    CHECK_MSG(same(r, an + 1, zr), "mul_add_small %u", it);
  }
  mpz_clears(za, zb, zr, NULL);
}

TEST(nat_division_vs_gmp) {
  uint32_t a[MAXL], d[MAXL], q[MAXL], r[MAXL + 1];
  mpz_t za, zd, zq, zr;
  mpz_inits(za, zd, zq, zr, NULL);
  for (unsigned it = 0; it < loops(); it++) {
    uint32_t an = rnd_nat(a, MAXL), dn = rnd_nat(d, it % 2 ? 2 : MAXL);
    if (!fer_nat_trim(d, dn)) d[0] = 7, dn = dn ? dn : 1;
    to_mpz(za, a, an);
    to_mpz(zd, d, dn);
    mpz_fdiv_qr(zq, zr, za, zd);
    uint32_t qn = fer_nat_divmod(q, r, a, an, d, dn);
    CHECK_MSG(same(q, qn, zq) && same(r, fer_nat_trim(d, dn) + 1, zr),
              "divmod %u", it);
    uint32_t small = rnd_limb() | 1;
    memcpy(q, a, sizeof a);
    uint32_t rem = fer_nat_div_small(q, an, small);
    mpz_fdiv_q_ui(zq, za, small);
    CHECK_MSG(same(q, an, zq) && rem == mpz_fdiv_ui(za, small), "div_small %u",
              it);
  }
  mpz_clears(za, zd, zq, zr, NULL);
}

TEST(nat_shift_gcd_vs_gmp) {
  uint32_t a[MAXL], b[MAXL];
  mpz_t za, zb, zr;
  mpz_inits(za, zb, zr, NULL);
  for (unsigned it = 0; it < loops(); it++) {
    uint32_t an = rnd_nat(a, MAXL);
    uint64_t k = rnd() % (32 * MAXL + 40);
    to_mpz(za, a, an);
    memcpy(b, a, sizeof a);
    fer_nat_shr(b, MAXL, k);
    mpz_fdiv_q_2exp(zr, za, k);
    CHECK_MSG(same(b, MAXL, zr), "shr %u by %llu", it, (unsigned long long)k);
    memcpy(b, a, sizeof a);
    fer_nat_shl(b, MAXL, k);
    mpz_mul_2exp(zr, za, k);
    mpz_fdiv_r_2exp(zr, zr, 32 * MAXL);
    CHECK_MSG(same(b, MAXL, zr), "shl %u by %llu", it, (unsigned long long)k);
    /* gcd, with common factors (of 2 and others) made likely */
    memset(b, 0, sizeof b);
    uint32_t bn = rnd_nat(b, MAXL / 2);
    if (it % 3 == 0) {
      uint32_t f = (uint32_t)rnd() | 1, an2 = MAXL / 2;
      for (uint32_t i = 0; i < MAXL / 2; i++) a[i] = b[i];
      memset(a + MAXL / 2, 0, (MAXL / 2) * 4);
      a[an2] = fer_nat_mul_add_small(a, an2, f, 0);
      fer_nat_shl(a, MAXL, rnd() % 64);
      an = MAXL;
    }
    to_mpz(za, a, an);
    to_mpz(zb, b, bn);
    mpz_gcd(zr, za, zb);
    uint32_t gn = fer_nat_gcd(a, b, MAXL);
    CHECK_MSG(same(a, gn, zr) && (!gn || a[gn - 1]), "gcd %u", it);
  }
  mpz_clears(za, zb, zr, NULL);
}

TEST(nat_text_vs_gmp) {
  uint32_t a[MAXL], b[MAXL];
  char text[10 * MAXL + 2], *want;
  mpz_t za, zr;
  mpz_inits(za, zr, NULL);
  for (unsigned it = 0; it < loops(); it++) {
    uint32_t an = rnd_nat(a, MAXL);
    to_mpz(za, a, an);
    size_t nd = fer_nat_to_decimal(text, a, an);
    text[nd] = '\0';
    want = mpz_get_str(NULL, 10, za);
    CHECK_MSG(!strcmp(text, want), "to_decimal %u: %s vs %s", it, text, want);
    CHECK(fer_nat_trim(a, an) == 0); /* destroyed */
    free(want);
    /* back from text in each base, into fewer limbs too (modulo) */
    static const unsigned bases[3] = {2, 10, 16};
    unsigned base = bases[it % 3];
    want = mpz_get_str(NULL, (int)base, za);
    uint32_t n = 1 + (uint32_t)(rnd() % MAXL);
    uint32_t bn = fer_nat_from_text(b, n, want, (uint32_t)strlen(want), base);
    mpz_fdiv_r_2exp(zr, za, 32 * n);
    CHECK_MSG(same(b, bn, zr) && (!bn || b[bn - 1]), "from_text base %u: %s",
              base, want);
    free(want);
  }
  mpz_clears(za, zr, NULL);
}
