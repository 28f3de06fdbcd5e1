/* Allocation-free natural-number primitives on 32-bit limbs (nat.h). */
#include "nat.h"

uint32_t fer_nat_trim(const uint32_t *a, uint32_t n) {
  while (n && !a[n - 1]) n--;
  return n;
}

uint64_t fer_nat_bitlen(const uint32_t *a, uint32_t n) {
  n = fer_nat_trim(a, n);
  if (!n) return 0;
  return 32 * (uint64_t)(n - 1) + 32 - (uint64_t)__builtin_clz(a[n - 1]);
}

static inline uint32_t limb(const uint32_t *a, uint32_t n, int64_t i) {
  return i >= 0 && i < (int64_t)n ? a[i] : 0;
}

uint32_t fer_nat_bits32(const uint32_t *a, uint32_t n, int64_t pos) {
  /* floor division and a non-negative remainder for negative pos too */
  int64_t i = pos >= 0 ? pos / 32 : -((31 - pos) / 32);
  unsigned r = (unsigned)(pos - 32 * i);
  uint64_t two = ((uint64_t)limb(a, n, i + 1) << 32) | limb(a, n, i);
  return (uint32_t)(two >> r);
}

bool fer_nat_low_zero(const uint32_t *a, uint32_t n, uint64_t count) {
  uint64_t full = count / 32;
  for (uint64_t i = 0; i < full && i < n; i++)
    if (a[i]) return false;
  unsigned r = (unsigned)(count % 32);
  return !r || full >= n || !(a[full] & ((1u << r) - 1));
}

/* Streams the limbs of the product q*b from the bottom, and compares each
 * with the same limb of floor(a*2^k); the last limb that differs (the most
 * significant one) decides.  The carry stays below 2^37, so the sum of four
 * 64-bit partial products and the carry fits in 128 bits. */
int fer_nat_cmp_mul(fer_u128 q, const uint32_t *b, uint32_t bn,
                    const uint32_t *a, uint32_t an, int64_t k) {
  uint32_t qd[4];
  for (int j = 0; j < 4; j++) qd[j] = (uint32_t)(q >> (32 * j));
  bn = fer_nat_trim(b, bn);
  int64_t abits = (int64_t)fer_nat_bitlen(a, an) + k; /* bits of a*2^k */
  int64_t len = (int64_t)bn + 4;                      /* limbs of q*b */
  if (abits > 32 * len) len = (abits + 31) / 32;
  fer_u128 carry = 0;
  int res = 0;
  for (int64_t i = 0; i < len; i++) {
    fer_u128 s = carry;
    for (int j = 0; j < 4; j++) s += (fer_u128)qd[j] * limb(b, bn, i - j);
    uint32_t p = (uint32_t)s, x = fer_nat_bits32(a, an, 32 * i - k);
    carry = s >> 32;
    if (p != x) res = p > x ? 1 : -1;
  }
  return res;
}
