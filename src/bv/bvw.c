/* Bit-vector semantics on multi-limb values of any width (bvw.h).
 *
 * Every operation works on n = fer_bvw_limbs(w) little-endian limbs with
 * the bits above w zero.  Bits are moved by one primitive, read64 (the 64
 * bits of a value starting at any bit position, zeros outside it), so the
 * shifts, extraction, concatenation and extensions share one bounds
 * check.  Signed operations are reduced to unsigned ones by the standard's
 * own case definitions, as bv.c does.  Division is restoring long
 * division, one quotient bit per step: O(w * n) limb operations, the slow
 * path's price; operands that fit in 128 bits take the fer_u128 route. */
#include <string.h>

#include "bv/bvw.h"

typedef unsigned __int128 u128w;

/* Bits [pos, pos + 64) of the n-limb value a (zero outside [0, 64n)). */
static uint64_t read64(const uint64_t *a, uint32_t n, int64_t pos) {
  int64_t q = pos >= 0 ? pos / 64 : -((-pos + 63) / 64);
  uint32_t s = (uint32_t)(pos - q * 64);
  uint64_t lo = q >= 0 && q < (int64_t)n ? a[q] : 0;
  uint64_t hi = q + 1 >= 0 && q + 1 < (int64_t)n ? a[q + 1] : 0;
  return s ? (lo >> s) | (hi << (64 - s)) : lo;
}

static bool bit(const uint64_t *a, uint32_t i) { return (a[i / 64] >> (i % 64)) & 1; }

/* Clear the bits of the top limb above width w. */
static void trim(uint64_t *r, uint32_t w) {
  if (w % 64) r[fer_bvw_limbs(w) - 1] &= ((uint64_t)1 << (w % 64)) - 1;
}

static bool is_zero(const uint64_t *a, uint32_t n) {
  for (uint32_t i = 0; i < n; i++)
    if (a[i]) return false;
  return true;
}

/* Is any bit at position >= w of the n-limb value a set? */
static bool bits_from(const uint64_t *a, uint32_t n, uint32_t w) {
  for (uint32_t i = w / 64; i < n; i++) {
    uint64_t m = i == w / 64 ? ~(uint64_t)0 << (w % 64) : ~(uint64_t)0;
    if (a[i] & m) return true;
  }
  return false;
}

int fer_bvw_cmp(const uint64_t *a, const uint64_t *b, uint32_t w) {
  for (uint32_t i = fer_bvw_limbs(w); i-- > 0;)
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

static int scmp(const uint64_t *a, const uint64_t *b, uint32_t w) {
  bool na = bit(a, w - 1), nb = bit(b, w - 1);
  if (na != nb) return na ? -1 : 1;
  return fer_bvw_cmp(a, b, w);
}

/* r := a + b + carry over n limbs; the carry out. */
static uint64_t add_n(uint64_t *r, const uint64_t *a, const uint64_t *b,
                      uint32_t n, uint64_t carry) {
  for (uint32_t i = 0; i < n; i++) {
    u128w s = (u128w)a[i] + b[i] + carry;
    r[i] = (uint64_t)s, carry = (uint64_t)(s >> 64);
  }
  return carry;
}

/* r := a - b over n limbs; the borrow out. */
static uint64_t sub_n(uint64_t *r, const uint64_t *a, const uint64_t *b,
                      uint32_t n) {
  uint64_t borrow = 0;
  for (uint32_t i = 0; i < n; i++) {
    uint64_t d = a[i] - b[i] - borrow;
    borrow = a[i] < b[i] || (a[i] == b[i] && borrow);
    r[i] = d;
  }
  return borrow;
}

static void neg(uint64_t *r, const uint64_t *a, uint32_t w) {
  uint64_t carry = 1;
  for (uint32_t i = 0; i < fer_bvw_limbs(w); i++) {
    u128w s = (u128w)(~a[i]) + carry;
    r[i] = (uint64_t)s, carry = (uint64_t)(s >> 64);
  }
  trim(r, w);
}

/* r (rn limbs, not overlapping a or b) := a * b mod 2^(64 rn), a and b of
 * n limbs. */
static void mul_n(uint64_t *r, uint32_t rn, const uint64_t *a,
                  const uint64_t *b, uint32_t n) {
  memset(r, 0, rn * 8);
  for (uint32_t j = 0; j < n && j < rn; j++) {
    uint64_t carry = 0;
    if (!a[j]) continue;
    for (uint32_t k = 0; k < n && j + k < rn; k++) {
      u128w t = (u128w)a[j] * b[k] + r[j + k] + carry;
      r[j + k] = (uint64_t)t, carry = (uint64_t)(t >> 64);
    }
    for (uint32_t k = j + n; carry && k < rn; k++) {
      u128w t = (u128w)r[k] + carry;
      r[k] = (uint64_t)t, carry = (uint64_t)(t >> 64);
    }
  }
}

static u128w get128(const uint64_t *a, uint32_t n) {
  return (u128w)a[0] | (n > 1 ? (u128w)a[1] << 64 : 0);
}

static void put128(uint64_t *r, uint32_t n, u128w v) {
  memset(r, 0, n * 8);
  r[0] = (uint64_t)v;
  if (n > 1) r[1] = (uint64_t)(v >> 64);
}

/* q := a udiv b, m := a urem b (SMT-LIB: b = 0 gives all ones and a).
 * q has n limbs, m has n + 1 (a remainder doubled before a subtraction
 * may need bit w). */
static void divmod(uint64_t *q, uint64_t *m, const uint64_t *a,
                   const uint64_t *b, uint32_t w) {
  uint32_t n = fer_bvw_limbs(w);
  if (is_zero(b, n)) {
    memset(q, 0xff, n * 8), trim(q, w);
    memcpy(m, a, n * 8), m[n] = 0;
    return;
  }
  if (!bits_from(a, n, 128) && !bits_from(b, n, 128)) {
    u128w x = get128(a, n), y = get128(b, n);
    put128(q, n, x / y), put128(m, n + 1, x % y);
    return;
  }
  memset(q, 0, n * 8), memset(m, 0, (n + 1) * 8);
  uint32_t top = w;
  while (top > 0 && !bit(a, top - 1)) top--;
  for (uint32_t i = top; i-- > 0;) {
    for (uint32_t k = n + 1; k-- > 1;) m[k] = (m[k] << 1) | (m[k - 1] >> 63);
    m[0] = (m[0] << 1) | bit(a, i);
    /* m >= b (b has n limbs, m's limb n is its only extra) */
    bool ge = m[n] != 0 || fer_bvw_cmp(m, b, w) >= 0;
    if (ge) {
      m[n] -= sub_n(m, m, b, n);
      q[i / 64] |= (uint64_t)1 << (i % 64);
    }
  }
}

/* r := a shifted left by s bits (s may be negative: right), w-bit. */
static void shift(uint64_t *r, const uint64_t *a, uint32_t na, int64_t s,
                  uint32_t w) {
  uint32_t n = fer_bvw_limbs(w);
  for (uint32_t i = 0; i < n; i++) r[i] = read64(a, na, (int64_t)i * 64 - s);
  trim(r, w);
}

/* The shift amount of a w-bit b, or w if b >= w. */
static uint32_t amount(const uint64_t *b, uint32_t w) {
  if (bits_from(b, fer_bvw_limbs(w), 32)) return w;
  return b[0] >= w ? w : (uint32_t)b[0];
}

/* Is any bit below position k of a set? */
static bool bits_below(const uint64_t *a, uint32_t k) {
  for (uint32_t i = 0; i < k / 64; i++)
    if (a[i]) return true;
  return k % 64 && (a[k / 64] & (((uint64_t)1 << (k % 64)) - 1));
}

/* Set bits [lo, hi) of r. */
static void set_ones(uint64_t *r, uint32_t lo, uint32_t hi) {
  for (uint32_t i = lo; i < hi; i++) r[i / 64] |= (uint64_t)1 << (i % 64);
}

uint32_t fer_bvw_result_width(fer_op op, uint32_t wa, uint32_t wb,
                              uint32_t i0, uint32_t i1) {
  switch (op) {
  case FER_OP_CONCAT: return wa + wb;
  case FER_OP_EXTRACT: return i0 - i1 + 1;
  case FER_OP_REPEAT: return wa * i0;
  case FER_OP_ZERO_EXTEND:
  case FER_OP_SIGN_EXTEND: return wa + i0;
  case FER_OP_BVNOT: case FER_OP_BVNEG: case FER_OP_BVAND: case FER_OP_BVOR:
  case FER_OP_BVXOR: case FER_OP_BVNAND: case FER_OP_BVNOR: case FER_OP_BVXNOR:
  case FER_OP_BVADD: case FER_OP_BVSUB: case FER_OP_BVMUL: case FER_OP_BVUDIV:
  case FER_OP_BVUREM: case FER_OP_BVSDIV: case FER_OP_BVSREM: case FER_OP_BVSMOD:
  case FER_OP_BVSHL: case FER_OP_BVLSHR: case FER_OP_BVASHR:
  case FER_OP_ROTATE_LEFT: case FER_OP_ROTATE_RIGHT: return wa;
  case FER_OP_BVCOMP: case FER_OP_BVULT: case FER_OP_BVULE: case FER_OP_BVUGT:
  case FER_OP_BVUGE: case FER_OP_BVSLT: case FER_OP_BVSLE: case FER_OP_BVSGT:
  case FER_OP_BVSGE: case FER_OP_BVNEGO: case FER_OP_BVUADDO:
  case FER_OP_BVSADDO: case FER_OP_BVUMULO: case FER_OP_BVSMULO:
  case FER_OP_BVUSUBO: case FER_OP_BVSSUBO: case FER_OP_BVSDIVO:
  case FER_OP_BVREDAND: case FER_OP_BVREDOR: return 1;
  default: return 0;
  }
}

/* Signed division family by the standard's cases on the sign bits:
 * ua, ub the magnitudes (bvneg of a negative operand), then udiv/urem. */
static void signed_div(fer_op op, uint64_t *r, const uint64_t *a,
                       const uint64_t *b, uint32_t w, uint64_t *tmp) {
  uint32_t n = fer_bvw_limbs(w);
  uint64_t *ua = tmp, *ub = tmp + n, *q = tmp + 2 * n, *m = tmp + 3 * n;
  bool na = bit(a, w - 1), nb = bit(b, w - 1);
  if (na) neg(ua, a, w); else memcpy(ua, a, n * 8);
  if (nb) neg(ub, b, w); else memcpy(ub, b, n * 8);
  divmod(q, m, ua, ub, w);
  if (op == FER_OP_BVSDIV) {
    if (na != nb) neg(r, q, w); else memcpy(r, q, n * 8);
  } else if (op == FER_OP_BVSREM) {
    if (na) neg(r, m, w); else memcpy(r, m, n * 8);
  } else if (is_zero(m, n) || (!na && !nb)) { /* bvsmod */
    memcpy(r, m, n * 8);
  } else if (na && !nb) {
    neg(ua, m, w), add_n(r, ua, b, n, 0), trim(r, w);
  } else if (!na) {
    add_n(r, m, b, n, 0), trim(r, w);
  } else {
    neg(r, m, w);
  }
}

/* The overflow predicates (SMT-LIB 2.7): does the exact result of the
 * operation on the integers the operands denote leave the range of w bits?
 * tmp: at least 4n + 1 limbs. */
static bool overflows(fer_op op, const uint64_t *a, const uint64_t *b,
                      uint32_t w, uint64_t *tmp) {
  uint32_t n = fer_bvw_limbs(w);
  bool na = bit(a, w - 1), nb = bit(b, w - 1);
  switch (op) {
  case FER_OP_BVNEGO: /* only the most negative value: bit w-1 alone */
    return na && !(w > 1 && bits_below(a, w - 1));
  case FER_OP_BVSDIVO: { /* most negative / -1 */
    memset(tmp, 0, n * 8), set_ones(tmp, 0, w);
    return na && !(w > 1 && bits_below(a, w - 1)) && fer_bvw_cmp(b, tmp, w) == 0;
  }
  case FER_OP_BVUADDO: {
    tmp[n] = add_n(tmp, a, b, n, 0);
    return bits_from(tmp, n + 1, w);
  }
  case FER_OP_BVUSUBO: return fer_bvw_cmp(a, b, w) < 0;
  case FER_OP_BVSADDO:
  case FER_OP_BVSSUBO: {
    if (op == FER_OP_BVSADDO) add_n(tmp, a, b, n, 0);
    else sub_n(tmp, a, b, n);
    bool ns = bit(tmp, w - 1);
    return op == FER_OP_BVSADDO ? na == nb && ns != na : na != nb && ns != na;
  }
  case FER_OP_BVUMULO:
    mul_n(tmp, 2 * n, a, b, n);
    return bits_from(tmp, 2 * n, w);
  case FER_OP_BVSMULO: {
    /* |a| * |b| against 2^(w-1) (negative result) or 2^(w-1) - 1 */
    uint64_t *ua = tmp, *ub = tmp + n, *p = tmp + 2 * n;
    if (na) neg(ua, a, w); else memcpy(ua, a, n * 8);
    if (nb) neg(ub, b, w); else memcpy(ub, b, n * 8);
    mul_n(p, 2 * n, ua, ub, n);
    if (bits_from(p, 2 * n, w)) return true;
    if (!bit(p, w - 1)) return false;
    return na == nb || (w > 1 && bits_below(p, w - 1));
  }
  default: return false;
  }
}

bool fer_bvw_apply(fer_op op, uint64_t *r, const uint64_t *a,
                   const uint64_t *b, uint32_t wa, uint32_t wb, uint32_t i0,
                   uint32_t i1, uint64_t *tmp) {
  uint32_t w = wa, n = fer_bvw_limbs(wa);
  uint32_t rw = fer_bvw_result_width(op, wa, wb, i0, i1);
  if (!rw) return false;
  uint32_t rn = fer_bvw_limbs(rw);
  switch (op) {
  case FER_OP_BVNOT:
  case FER_OP_BVAND: case FER_OP_BVOR: case FER_OP_BVXOR:
  case FER_OP_BVNAND: case FER_OP_BVNOR: case FER_OP_BVXNOR:
    for (uint32_t i = 0; i < n; i++) {
      uint64_t x = a[i], y = op == FER_OP_BVNOT ? 0 : b[i];
      switch (op) {
      case FER_OP_BVNOT: r[i] = ~x; break;
      case FER_OP_BVAND: r[i] = x & y; break;
      case FER_OP_BVOR: r[i] = x | y; break;
      case FER_OP_BVXOR: r[i] = x ^ y; break;
      case FER_OP_BVNAND: r[i] = ~(x & y); break;
      case FER_OP_BVNOR: r[i] = ~(x | y); break;
      default: r[i] = ~(x ^ y); break;
      }
    }
    trim(r, w);
    return true;
  case FER_OP_BVNEG: neg(r, a, w); return true;
  case FER_OP_BVADD: add_n(r, a, b, n, 0), trim(r, w); return true;
  case FER_OP_BVSUB: sub_n(r, a, b, n), trim(r, w); return true;
  case FER_OP_BVMUL: mul_n(r, n, a, b, n), trim(r, w); return true;
  case FER_OP_BVUDIV:
  case FER_OP_BVUREM: {
    uint64_t *q = tmp, *m = tmp + n;
    divmod(q, m, a, b, w);
    memcpy(r, op == FER_OP_BVUDIV ? q : m, n * 8);
    return true;
  }
  case FER_OP_BVSDIV: case FER_OP_BVSREM: case FER_OP_BVSMOD:
    signed_div(op, r, a, b, w, tmp);
    return true;
  case FER_OP_BVSHL:
  case FER_OP_BVLSHR:
  case FER_OP_BVASHR: {
    uint32_t s = amount(b, w);
    bool fill = op == FER_OP_BVASHR && bit(a, w - 1);
    if (s == w) {
      memset(r, 0, n * 8);
      if (fill) set_ones(r, 0, w);
      return true;
    }
    shift(r, a, n, op == FER_OP_BVSHL ? (int64_t)s : -(int64_t)s, w);
    if (fill) set_ones(r, w - s, w);
    return true;
  }
  case FER_OP_ROTATE_LEFT:
  case FER_OP_ROTATE_RIGHT: {
    uint32_t k = i0 % w;
    if (op == FER_OP_ROTATE_RIGHT && k) k = w - k;
    shift(r, a, n, k, w);
    shift(tmp, a, n, -(int64_t)(w - k), w);
    for (uint32_t i = 0; i < n; i++) r[i] |= k ? tmp[i] : 0;
    return true;
  }
  case FER_OP_CONCAT: { /* a is the high part */
    uint32_t nb = fer_bvw_limbs(wb);
    for (uint32_t i = 0; i < rn; i++)
      r[i] = (i < nb ? b[i] : 0) | read64(a, n, (int64_t)i * 64 - wb);
    trim(r, rw);
    return true;
  }
  case FER_OP_EXTRACT:
    for (uint32_t i = 0; i < rn; i++) r[i] = read64(a, n, (int64_t)i * 64 + i1);
    trim(r, rw);
    return true;
  case FER_OP_ZERO_EXTEND:
  case FER_OP_SIGN_EXTEND:
    memset(r, 0, rn * 8), memcpy(r, a, n * 8);
    if (op == FER_OP_SIGN_EXTEND && bit(a, w - 1)) set_ones(r, w, rw);
    return true;
  case FER_OP_REPEAT:
    memset(r, 0, rn * 8);
    for (uint32_t k = 0; k < i0; k++)
      for (uint32_t i = (uint32_t)((uint64_t)k * w / 64); i < rn; i++)
        r[i] |= read64(a, n, (int64_t)i * 64 - (int64_t)k * w);
    trim(r, rw);
    return true;
  default: break;
  }
  /* Predicates and bvcomp: one bit. */
  bool v;
  switch (op) {
  case FER_OP_BVCOMP: v = fer_bvw_cmp(a, b, w) == 0; break;
  case FER_OP_BVULT: v = fer_bvw_cmp(a, b, w) < 0; break;
  case FER_OP_BVULE: v = fer_bvw_cmp(a, b, w) <= 0; break;
  case FER_OP_BVUGT: v = fer_bvw_cmp(a, b, w) > 0; break;
  case FER_OP_BVUGE: v = fer_bvw_cmp(a, b, w) >= 0; break;
  case FER_OP_BVSLT: v = scmp(a, b, w) < 0; break;
  case FER_OP_BVSLE: v = scmp(a, b, w) <= 0; break;
  case FER_OP_BVSGT: v = scmp(a, b, w) > 0; break;
  case FER_OP_BVSGE: v = scmp(a, b, w) >= 0; break;
  case FER_OP_BVREDOR: v = !is_zero(a, n); break;
  case FER_OP_BVREDAND:
    memset(tmp, 0, n * 8), set_ones(tmp, 0, w);
    v = fer_bvw_cmp(a, tmp, w) == 0;
    break;
  default: v = overflows(op, a, b, w, tmp); break;
  }
  r[0] = v;
  return true;
}
