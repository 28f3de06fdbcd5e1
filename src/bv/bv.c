/* Bit-vector semantics of SMT-LIB 2.6/2.7 on 1..128-bit values (bv.h).
 *
 * Every value lives in the low w bits of a fer_u128 with the higher bits
 * zero.  C gives no meaning to shifting a 128-bit integer by 128 or more,
 * and UBSan checks it, so every shift below is guarded by a comparison with
 * the width first.  Signed arithmetic is never done on fer_i128 where it
 * could overflow: signed ops are reduced to unsigned ones, as the standard
 * itself defines bvsdiv, bvsrem and bvsmod. */
#include "bv/bv.h"

static inline bool msb(fer_u128 a, uint32_t w) { return (a >> (w - 1)) & 1; }

fer_u128 fer_bv_not(fer_u128 a, uint32_t w) { return ~a & fer_bv_mask(w); }

fer_u128 fer_bv_neg(fer_u128 a, uint32_t w) {
  return (0 - a) & fer_bv_mask(w);
}

fer_u128 fer_bv_add(fer_u128 a, fer_u128 b, uint32_t w) {
  return (a + b) & fer_bv_mask(w);
}

fer_u128 fer_bv_sub(fer_u128 a, fer_u128 b, uint32_t w) {
  return (a - b) & fer_bv_mask(w);
}

/* Unsigned multiplication wraps modulo 2^128, hence modulo 2^w. */
fer_u128 fer_bv_mul(fer_u128 a, fer_u128 b, uint32_t w) {
  return (a * b) & fer_bv_mask(w);
}

/* SMT-LIB 2.6: division by zero gives all ones, remainder by zero the
 * dividend. */
fer_u128 fer_bv_udiv(fer_u128 a, fer_u128 b, uint32_t w) {
  return b ? a / b : fer_bv_mask(w);
}

fer_u128 fer_bv_urem(fer_u128 a, fer_u128 b, uint32_t w) {
  (void)w;
  return b ? a % b : a;
}

/* The standard's definitions by cases on the two sign bits; the most
 * negative value divided by -1 falls out as itself (bvneg wraps). */
fer_u128 fer_bv_sdiv(fer_u128 a, fer_u128 b, uint32_t w) {
  bool na = msb(a, w), nb = msb(b, w);
  fer_u128 ua = na ? fer_bv_neg(a, w) : a, ub = nb ? fer_bv_neg(b, w) : b;
  fer_u128 q = fer_bv_udiv(ua, ub, w);
  return na != nb ? fer_bv_neg(q, w) : q;
}

/* Sign follows the dividend. */
fer_u128 fer_bv_srem(fer_u128 a, fer_u128 b, uint32_t w) {
  bool na = msb(a, w), nb = msb(b, w);
  fer_u128 ua = na ? fer_bv_neg(a, w) : a, ub = nb ? fer_bv_neg(b, w) : b;
  fer_u128 r = fer_bv_urem(ua, ub, w);
  return na ? fer_bv_neg(r, w) : r;
}

/* Sign follows the divisor. */
fer_u128 fer_bv_smod(fer_u128 a, fer_u128 b, uint32_t w) {
  bool na = msb(a, w), nb = msb(b, w);
  fer_u128 ua = na ? fer_bv_neg(a, w) : a, ub = nb ? fer_bv_neg(b, w) : b;
  fer_u128 u = fer_bv_urem(ua, ub, w);
  if (u == 0 || (!na && !nb)) return u;
  if (na && !nb) return fer_bv_add(fer_bv_neg(u, w), b, w);
  if (!na && nb) return fer_bv_add(u, b, w);
  return fer_bv_neg(u, w);
}

/* The shift amount is a whole w-bit value compared as unsigned. */
fer_u128 fer_bv_shl(fer_u128 a, fer_u128 b, uint32_t w) {
  return b >= w ? 0 : (a << (unsigned)b) & fer_bv_mask(w);
}

fer_u128 fer_bv_lshr(fer_u128 a, fer_u128 b, uint32_t w) {
  return b >= w ? 0 : a >> (unsigned)b;
}

fer_u128 fer_bv_ashr(fer_u128 a, fer_u128 b, uint32_t w) {
  fer_u128 m = fer_bv_mask(w);
  if (!msb(a, w)) return b >= w ? 0 : a >> (unsigned)b;
  if (b >= w) return m;
  /* Fill the vacated top b bits with ones: m >> b keeps the rest. */
  return (a >> (unsigned)b) | (m & ~(m >> (unsigned)b));
}

fer_u128 fer_bv_rotl(fer_u128 a, uint32_t n, uint32_t w) {
  n %= w;
  if (n == 0) return a;
  return ((a << n) | (a >> (w - n))) & fer_bv_mask(w);
}

fer_u128 fer_bv_rotr(fer_u128 a, uint32_t n, uint32_t w) {
  n %= w;
  return n == 0 ? a : fer_bv_rotl(a, w - n, w);
}

/* The conversion of an out-of-range unsigned value to a signed type is
 * implementation-defined in C; gcc and clang define it as modular, which is
 * what two's complement reading wants. */
fer_i128 fer_bv_signed(fer_u128 a, uint32_t w) {
  if (msb(a, w)) a |= ~fer_bv_mask(w);
  return (fer_i128)a;
}

bool fer_bv_ult(fer_u128 a, fer_u128 b, uint32_t w) {
  (void)w;
  return a < b;
}

/* Flipping the sign bit maps signed order onto unsigned order. */
bool fer_bv_slt(fer_u128 a, fer_u128 b, uint32_t w) {
  fer_u128 s = (fer_u128)1 << (w - 1);
  return (a ^ s) < (b ^ s);
}

fer_u128 fer_bv_extract(fer_u128 a, uint32_t hi, uint32_t lo) {
  return (a >> lo) & fer_bv_mask(hi - lo + 1);
}

/* a is at most 128 - wb bits wide, so wb <= 127 whenever a has a bit. */
fer_u128 fer_bv_concat(fer_u128 a, fer_u128 b, uint32_t wb) {
  return wb >= 128 ? b : (a << wb) | b;
}

fer_u128 fer_bv_repeat(fer_u128 a, uint32_t n, uint32_t w) {
  fer_u128 r = a;
  for (uint32_t i = 1; i < n; i++) r = (r << w) | a;
  return n ? r : 0;
}

fer_u128 fer_bv_sign_extend(fer_u128 a, uint32_t n, uint32_t w) {
  return (fer_u128)fer_bv_signed(a, w) & fer_bv_mask(w + n);
}

/* ---- overflow predicates (SMT-LIB 2.7): true iff the exact result of the
 * operation on the integers the operands denote is not representable. ---- */

/* -x overflows only for the most negative value (for w = 1: -(-1) = 1). */
bool fer_bv_nego(fer_u128 a, uint32_t w) {
  return a == (fer_u128)1 << (w - 1);
}

bool fer_bv_uaddo(fer_u128 a, fer_u128 b, uint32_t w) {
  return b > fer_bv_mask(w) - a;
}

/* Same-signed operands whose wrapped sum has the other sign. */
bool fer_bv_saddo(fer_u128 a, fer_u128 b, uint32_t w) {
  fer_u128 s = fer_bv_add(a, b, w);
  return msb(a, w) == msb(b, w) && msb(s, w) != msb(a, w);
}

bool fer_bv_umulo(fer_u128 a, fer_u128 b, uint32_t w) {
  return a != 0 && b > fer_bv_mask(w) / a;
}

/* |a|*|b| against the largest magnitude of the result's sign: 2^(w-1) if
 * negative, 2^(w-1)-1 if not.  For integers x*y > L iff x > floor(L/y), so
 * no 256-bit product is needed. */
bool fer_bv_smulo(fer_u128 a, fer_u128 b, uint32_t w) {
  if (a == 0 || b == 0) return false;
  bool na = msb(a, w), nb = msb(b, w);
  fer_u128 ua = na ? fer_bv_neg(a, w) : a, ub = nb ? fer_bv_neg(b, w) : b;
  /* for the most negative value bvneg gives itself, which read as unsigned
   * is exactly its magnitude 2^(w-1). */
  fer_u128 limit = ((fer_u128)1 << (w - 1)) - (na == nb ? 1 : 0);
  return ua > limit / ub;
}

/* Unsigned a - b is negative. */
bool fer_bv_usubo(fer_u128 a, fer_u128 b, uint32_t w) {
  (void)w;
  return a < b;
}

/* Operands of different signs whose wrapped difference has b's sign. */
bool fer_bv_ssubo(fer_u128 a, fer_u128 b, uint32_t w) {
  fer_u128 d = fer_bv_sub(a, b, w);
  return msb(a, w) != msb(b, w) && msb(d, w) != msb(a, w);
}

/* Only most-negative / -1 leaves the range (division by zero does not
 * overflow: its result is defined). */
bool fer_bv_sdivo(fer_u128 a, fer_u128 b, uint32_t w) {
  return a == (fer_u128)1 << (w - 1) && b == fer_bv_mask(w);
}
