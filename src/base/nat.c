/* Natural numbers on 32-bit limbs (contracts in nat.h).  Allocation-free:
 * the streaming readers work in place on any limb array, the rest writes
 * into arrays the caller sized. */
#include "base/nat.h"

#include <string.h>

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

int fer_nat_cmp(const uint32_t *a, uint32_t an, const uint32_t *b,
                uint32_t bn) {
  an = fer_nat_trim(a, an), bn = fer_nat_trim(b, bn);
  if (an != bn) return an < bn ? -1 : 1;
  for (uint32_t i = an; i-- > 0;)
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
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

/* ------------------------------------------------------------ arithmetic */

uint32_t fer_nat_add(uint32_t *r, const uint32_t *a, uint32_t an,
                     const uint32_t *b, uint32_t bn) {
  uint32_t n = an > bn ? an : bn;
  uint64_t carry = 0;
  for (uint32_t i = 0; i < n; i++) { /* r[i] is written after a[i], b[i] */
    carry += (uint64_t)(i < an ? a[i] : 0) + (i < bn ? b[i] : 0);
    r[i] = (uint32_t)carry;
    carry >>= 32;
  }
  r[n] = (uint32_t)carry;
  return fer_nat_trim(r, n + 1);
}

uint32_t fer_nat_sub(uint32_t *r, const uint32_t *a, uint32_t an,
                     const uint32_t *b, uint32_t bn) {
  uint64_t borrow = 0;
  for (uint32_t i = 0; i < an; i++) {
    uint64_t d = (uint64_t)a[i] - (i < bn ? b[i] : 0) - borrow;
    r[i] = (uint32_t)d;
    borrow = d >> 63; /* the subtraction wrapped */
  }
  return fer_nat_trim(r, an);
}

/* Schoolbook: a[i] * b[j] + r[i+j] + carry < 2^64, so one 64-bit word
 * holds every step. */
uint32_t fer_nat_mul(uint32_t *r, const uint32_t *a, uint32_t an,
                     const uint32_t *b, uint32_t bn) {
  memset(r, 0, ((size_t)an + bn) * 4);
  for (uint32_t i = 0; i < an; i++) {
    uint64_t carry = 0;
    for (uint32_t j = 0; j < bn; j++) {
      uint64_t x = (uint64_t)a[i] * b[j] + r[i + j] + carry;
      r[i + j] = (uint32_t)x;
      carry = x >> 32;
    }
    r[i + bn] = (uint32_t)carry;
  }
  return fer_nat_trim(r, an + bn);
}

uint32_t fer_nat_mul_add_small(uint32_t *a, uint32_t n, uint32_t m,
                               uint32_t c) {
  uint64_t carry = c;
  for (uint32_t i = 0; i < n; i++) {
    uint64_t x = (uint64_t)a[i] * m + carry;
    a[i] = (uint32_t)x;
    carry = x >> 32;
  }
  return (uint32_t)carry;
}

uint32_t fer_nat_div_small(uint32_t *a, uint32_t n, uint32_t d) {
  uint64_t rem = 0;
  for (uint32_t i = n; i-- > 0;) {
    uint64_t cur = (rem << 32) | a[i];
    a[i] = (uint32_t)(cur / d);
    rem = cur % d;
  }
  return (uint32_t)rem;
}

/* A one-limb divisor takes the short division; any other the bit-serial
 * long division (r = 2r + next bit of a, minus d when r >= d), whose cost
 * bits(a) * limbs(d) is fine for literal-sized numbers. */
uint32_t fer_nat_divmod(uint32_t *q, uint32_t *r, const uint32_t *a,
                        uint32_t an, const uint32_t *d, uint32_t dn) {
  dn = fer_nat_trim(d, dn);
  memset(r, 0, ((size_t)dn + 1) * 4);
  if (dn == 1) {
    memcpy(q, a, (size_t)an * 4);
    r[0] = fer_nat_div_small(q, an, d[0]);
    return fer_nat_trim(q, an);
  }
  memset(q, 0, (size_t)an * 4);
  for (uint64_t bit = fer_nat_bitlen(a, an); bit-- > 0;) {
    fer_nat_shl(r, dn + 1, 1); /* r < 2d fits in dn + 1 limbs */
    r[0] |= (a[bit / 32] >> (bit % 32)) & 1;
    if (fer_nat_cmp(r, dn + 1, d, dn) >= 0) {
      fer_nat_sub(r, r, dn + 1, d, dn);
      q[bit / 32] |= (uint32_t)1 << (bit % 32);
    }
  }
  return fer_nat_trim(q, an);
}

/* Ascending: limb i reads limbs i+w and i+w+1, not written yet. */
void fer_nat_shr(uint32_t *a, uint32_t n, uint64_t k) {
  uint64_t w = k / 32;
  unsigned s = (unsigned)(k % 32);
  for (uint32_t i = 0; i < n; i++) {
    uint64_t j = i + w;
    uint32_t lo = j < n ? a[j] : 0, hi = j + 1 < n ? a[j + 1] : 0;
    a[i] = s ? (lo >> s) | (hi << (32 - s)) : lo;
  }
}

/* Descending: limb i reads limbs i-w and i-w-1, not written yet. */
void fer_nat_shl(uint32_t *a, uint32_t n, uint64_t k) {
  uint64_t w = k / 32;
  unsigned s = (unsigned)(k % 32);
  for (uint32_t i = n; i-- > 0;) {
    uint32_t hi = 0, lo = 0;
    if (i >= w) {
      hi = a[i - w];
      if (i - w >= 1) lo = a[i - w - 1];
    }
    a[i] = s ? (hi << s) | (lo >> (32 - s)) : hi;
  }
}

/* Trailing zero bits of a nonzero a. */
static uint64_t ctz(const uint32_t *a) {
  uint32_t i = 0;
  while (!a[i]) i++;
  return 32 * (uint64_t)i + (uint64_t)__builtin_ctz(a[i]);
}

/* Stein's binary gcd: the common factors of 2 are set aside, then the
 * smaller odd number is subtracted from the larger, whose difference is
 * even and loses its factors of 2, until the difference is 0. */
uint32_t fer_nat_gcd(uint32_t *a, uint32_t *b, uint32_t n) {
  uint32_t *x = a, *y = b;
  uint32_t xn = fer_nat_trim(a, n), yn = fer_nat_trim(b, n);
  if (!xn) memcpy(a, b, (size_t)n * 4);
  if (!xn || !yn) return fer_nat_trim(a, n);
  uint64_t zx = ctz(x), zy = ctz(y), k = zx < zy ? zx : zy;
  fer_nat_shr(x, xn, zx);
  fer_nat_shr(y, yn, zy);
  xn = fer_nat_trim(x, xn), yn = fer_nat_trim(y, yn);
  for (;;) {
    if (fer_nat_cmp(x, xn, y, yn) > 0) {
      uint32_t *t = x, tn = xn;
      x = y, xn = yn, y = t, yn = tn;
    }
    yn = fer_nat_sub(y, y, yn, x, xn);
    if (!yn) break;
    fer_nat_shr(y, yn, ctz(y));
    yn = fer_nat_trim(y, yn);
  }
  if (x != a) memcpy(a, x, (size_t)xn * 4);
  memset(a + xn, 0, (size_t)(n - xn) * 4);
  fer_nat_shl(a, n, k); /* fits: the gcd is at most the smaller input */
  return fer_nat_trim(a, n);
}

/* ------------------------------------------------------------------ text */

static unsigned digit_value(char c) {
  return c <= '9' ? (unsigned)(c - '0') : (unsigned)((c | 0x20) - 'a' + 10);
}

uint32_t fer_nat_from_text(uint32_t *a, uint32_t n, const char *s, uint32_t len,
                           unsigned base) {
  memset(a, 0, (size_t)n * 4);
  if (base != 10) { /* 2 or 16: each digit's bits go straight to their place */
    unsigned per = base == 2 ? 1 : 4;
    uint64_t pos = 0; /* a multiple of 4 for hex: no digit spans two limbs */
    for (uint32_t i = len; i-- > 0;) {
      if (s[i] == '.') continue;
      if (pos / 32 < n)
        a[pos / 32] |= (uint32_t)digit_value(s[i]) << (pos % 32);
      pos += per;
    }
    return fer_nat_trim(a, n);
  }
  /* Decimal: a = a * 10^k + (the next k <= 9 digits), over the limbs in
   * use only, so the cost is digits * limbs / 9 / 2 on average. */
  uint32_t used = 0, chunk = 0, scale = 1;
  for (uint32_t i = 0; i <= len; i++) {
    if (i < len && s[i] == '.') continue;
    if (i < len) chunk = chunk * 10 + digit_value(s[i]), scale *= 10;
    if (scale == 1000000000u || (i == len && scale > 1)) {
      uint32_t carry = fer_nat_mul_add_small(a, used, scale, chunk);
      if (carry && used < n) a[used++] = carry; /* else: modulo 2^(32n) */
      chunk = 0, scale = 1;
    }
  }
  return fer_nat_trim(a, used);
}

/* Nine digits per short division by 10^9, least significant first (the
 * last, most significant group without its leading zeros), then reversed:
 * quadratic in the limbs, which is fine for literals. */
size_t fer_nat_to_decimal(char *out, uint32_t *a, uint32_t n) {
  size_t nd = 0;
  n = fer_nat_trim(a, n);
  while (n) {
    uint32_t rem = fer_nat_div_small(a, n, 1000000000u);
    n = fer_nat_trim(a, n);
    for (int k = 0; k < 9 && (n || rem); k++) {
      out[nd++] = (char)('0' + rem % 10);
      rem /= 10;
    }
  }
  if (!nd) out[nd++] = '0';
  for (size_t i = 0; i < nd / 2; i++) {
    char c = out[i];
    out[i] = out[nd - 1 - i];
    out[nd - 1 - i] = c;
  }
  return nd;
}

void fer_nat_to_u64(uint64_t *out, const uint32_t *a, uint32_t n) {
  for (uint32_t i = 0; i < n; i += 2)
    out[i / 2] = a[i] | (i + 1 < n ? (uint64_t)a[i + 1] << 32 : 0);
}
