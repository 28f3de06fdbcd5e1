/* Literals: bit-vector constants of any width, exact Real literals and the
 * little exact rational arithmetic SMT-LIB allows inside to_fp, FP
 * constants from (fp ...) and (_ +zero eb sb) etc.  The arithmetic on
 * natural numbers is nat.h's; here they get their memory. */
#include "smt/parse.h"

#include <string.h>

#include "base/nat.h"

/* ------------------------------------------------- bit-vector constants */

/* A `width`-bit constant from the digits s[0..len) in base 2, 10 or 16,
 * modulo 2^width: read as a natural number of 32-bit limbs (nat.h), then
 * packed into the store's 64-bit limbs; small constants use the stack,
 * wide ones the context allocator. */
static fer_term bv_from_text(ferret *f, fer_sort sort, uint32_t width,
                             const char *s, uint32_t len, unsigned base) {
  uint32_t n64 = (width + 63) / 64, n32 = 2 * n64;
  uint64_t small64[4], *v = small64;
  uint32_t small32[8], *a = small32;
  size_t bytes = (size_t)n64 * 8 * 2;
  void *heap = NULL;
  if (n64 > 4) { /* untyped memory: one part uint64_t, the other uint32_t */
    if (!(heap = fer_malloc(f, bytes))) return 0;
    v = heap;
    a = (uint32_t *)(v + n64);
  }
  fer_nat_from_text(a, n32, s, len, base);
  fer_nat_to_u64(v, a, n32);
  fer_term t = fer_mk_const(f, sort, v);
  fer_free(f, heap, bytes);
  return t;
}

fer_term fer_rd_bits_const(ferret *f, fer_reader *rd, const fer_token *t) {
  (void)rd;
  uint64_t bits = t->kind == FER_TOK_BINARY ? t->slen : (uint64_t)t->slen * 4;
  if (bits > FER_MAX_CONST_BITS) {
    fer_error(f, FERRET_ERROR_LIMIT, t->line, t->col,
              "bit-vector literal too wide (%llu bits, at most %u)",
              (unsigned long long)bits, FER_MAX_CONST_BITS);
    return 0;
  }
  fer_sort s = fer_sort_bv(f, (uint32_t)bits);
  if (!s) return 0;
  return bv_from_text(f, s, (uint32_t)bits, t->s, t->slen,
                      t->kind == FER_TOK_BINARY ? 2 : 16);
}

fer_term fer_rd_bvn_const(ferret *f, const char *s, uint32_t len,
                          uint32_t width) {
  /* decimal to binary costs digits * limbs */
  if (len > FER_MAX_LITERAL_DIGITS ||
      (uint64_t)len * ((width + 63) / 64) > ((uint64_t)1 << 27)) {
    fer_error(f, FERRET_ERROR_LIMIT, 0, 0,
              "bit-vector constant too large (%u digits for %u bits)", len,
              width);
    return 0;
  }
  if (width > FER_MAX_CONST_BITS) {
    fer_error(f, FERRET_ERROR_LIMIT, 0, 0,
              "bit-vector constant too wide (%u bits, at most %u)", width,
              FER_MAX_CONST_BITS);
    return 0;
  }
  fer_sort sort = fer_sort_bv(f, width);
  if (!sort) return 0;
  return bv_from_text(f, sort, width, s, len, 10);
}

/* ------------------------------------------------------------ naturals */

typedef struct nat {
  uint32_t *d; /* fer_malloc'ed, cap limbs */
  uint32_t n, cap;
} nat;

static bool nat_alloc(ferret *f, nat *a, uint32_t cap) {
  a->d = fer_calloc(f, (size_t)(cap ? cap : 1) * 4);
  a->n = 0;
  a->cap = cap ? cap : 1;
  return a->d != NULL;
}
static void nat_free(ferret *f, nat *a) {
  fer_free(f, a->d, (size_t)a->cap * 4);
  a->d = NULL;
  a->n = a->cap = 0;
}
/* a = a * m + c, in place (a has room for one more limb). */
static void nat_muladd_small(nat *a, uint32_t m, uint32_t c) {
  uint32_t carry = fer_nat_mul_add_small(a->d, a->n, m, c);
  if (carry) a->d[a->n++] = carry;
}

/* Decimal digits (dots skipped) to a natural. */
static bool nat_from_decimal(ferret *f, nat *a, const char *s, uint32_t len) {
  if (!nat_alloc(f, a, fer_nat_decimal_limbs(len))) return false;
  a->n = fer_nat_from_text(a->d, a->cap, s, len, 10);
  return true;
}

static bool nat_from(ferret *f, nat *a, const uint32_t *d, uint32_t n) {
  if (!nat_alloc(f, a, n + 1)) return false;
  memcpy(a->d, d, (size_t)n * 4);
  a->n = n;
  return true;
}

static bool nat_mul(ferret *f, nat *r, const nat *a, const nat *b) {
  if (!nat_alloc(f, r, a->n + b->n + 1)) return false;
  r->n = fer_nat_mul(r->d, a->d, a->n, b->d, b->n);
  return true;
}

/* r = a + b (sub == false) or a - b with a >= b. */
static bool nat_addsub(ferret *f, nat *r, const nat *a, const nat *b,
                       bool sub) {
  if (!nat_alloc(f, r, (a->n > b->n ? a->n : b->n) + 1)) return false;
  r->n = sub ? fer_nat_sub(r->d, a->d, a->n, b->d, b->n)
             : fer_nat_add(r->d, a->d, a->n, b->d, b->n);
  return true;
}

/* ----------------------------------------------------------- rationals */

typedef struct rat {
  bool neg;
  nat num, den;
} rat;

static void rat_free(ferret *f, rat *a) {
  nat_free(f, &a->num);
  nat_free(f, &a->den);
}

static fer_term rat_term(ferret *f, const rat *a) {
  return fer_mk_real(f, a->neg, a->num.d, a->num.n, a->den.d, a->den.n);
}

static bool rat_of(ferret *f, rat *r, fer_term t) {
  const uint32_t *num, *den;
  uint32_t nn, dn;
  fer_real_get(f, t, &r->neg, &num, &nn, &den, &dn);
  r->num.d = r->den.d = NULL;
  if (!nat_from(f, &r->num, num, nn)) return false;
  if (nat_from(f, &r->den, den, dn)) return true;
  nat_free(f, &r->num);
  return false;
}

/* r = a op b for op in + - * /; a and b are consumed. */
static bool rat_op(ferret *f, rat *r, rat *a, rat *b, char op) {
  bool ok = false;
  memset(r, 0, sizeof *r);
  if (op == '*' || op == '/') {
    nat *bn = op == '*' ? &b->num : &b->den, *bd = op == '*' ? &b->den : &b->num;
    r->neg = a->neg != b->neg;
    ok = nat_mul(f, &r->num, &a->num, bn) && nat_mul(f, &r->den, &a->den, bd);
  } else {
    nat x = {0}, y = {0};
    bool bneg = op == '-' ? !b->neg : b->neg;
    if (nat_mul(f, &x, &a->num, &b->den) && nat_mul(f, &y, &b->num, &a->den) &&
        nat_mul(f, &r->den, &a->den, &b->den)) {
      if (a->neg == bneg) {
        r->neg = a->neg;
        ok = nat_addsub(f, &r->num, &x, &y, false);
      } else if (fer_nat_cmp(x.d, x.n, y.d, y.n) >= 0) {
        r->neg = a->neg;
        ok = nat_addsub(f, &r->num, &x, &y, true);
      } else {
        r->neg = bneg;
        ok = nat_addsub(f, &r->num, &y, &x, true);
      }
    }
    nat_free(f, &x);
    nat_free(f, &y);
  }
  rat_free(f, a);
  rat_free(f, b);
  if (ok && ((uint64_t)r->num.n * 32 > FER_MAX_REAL_BITS ||
             (uint64_t)r->den.n * 32 > FER_MAX_REAL_BITS)) {
    fer_error(f, FERRET_ERROR_LIMIT, 0, 0,
              "Real literal too large (more than %u bits)", FER_MAX_REAL_BITS);
    ok = false;
  }
  if (!ok) rat_free(f, r);
  return ok;
}

fer_term fer_rd_real_literal(ferret *f, const fer_token *t) {
  nat num, den;
  uint32_t frac = 0;
  if (t->slen > FER_MAX_LITERAL_DIGITS) {
    fer_error(f, FERRET_ERROR_LIMIT, t->line, t->col,
              "numeric literal too long (%u characters, at most %u)", t->slen,
              FER_MAX_LITERAL_DIGITS);
    return 0;
  }
  if (t->kind == FER_TOK_DECIMAL) {
    const char *dot = memchr(t->s, '.', t->slen);
    frac = (uint32_t)(t->s + t->slen - dot - 1);
  }
  if (!nat_from_decimal(f, &num, t->s, t->slen)) return 0;
  if (!nat_alloc(f, &den, frac / 9 + 2)) {
    nat_free(f, &num);
    return 0;
  }
  den.d[0] = 1, den.n = 1; /* 10^frac, nine digits at a time */
  for (uint32_t i = 0, k; i < frac; i += k) {
    uint32_t scale = 1;
    for (k = 0; k < 9 && i + k < frac; k++) scale *= 10;
    nat_muladd_small(&den, scale, 0);
  }
  fer_term r = fer_mk_real(f, false, num.d, num.n, den.d, den.n);
  nat_free(f, &num);
  nat_free(f, &den);
  return r;
}

fer_term fer_real_arith(ferret *f, char op, uint32_t n, const fer_term *args) {
  rat acc, b, r;
  if (!n || !rat_of(f, &acc, args[0])) return 0;
  if (n == 1 && op == '-') acc.neg = !acc.neg && acc.num.n;
  for (uint32_t i = 1; i < n; i++) {
    if (!rat_of(f, &b, args[i])) goto fail;
    if (op == '/' && !b.num.n) {
      rat_free(f, &b);
      fer_error(f, FERRET_ERROR_SORT, 0, 0, "division by zero in a Real literal");
      goto fail;
    }
    if (!rat_op(f, &r, &acc, &b, op)) return 0;
    acc = r;
  }
  fer_term t = rat_term(f, &acc);
  rat_free(f, &acc);
  return t;
fail:
  rat_free(f, &acc);
  return 0;
}

/* --------------------------------------------------- floating point */

static bool get_bit(const uint64_t *v, uint32_t i) {
  return (v[i / 64] >> (i % 64)) & 1;
}

typedef struct fp_parts {
  const uint64_t *s, *e, *m;
  uint32_t eb, mb; /* exponent bits, stored significand bits */
} fp_parts;

static void fill_fp(uint64_t *v, uint32_t n, const void *src, uint32_t len) {
  const fp_parts *p = src;
  (void)n, (void)len;
  for (uint32_t i = 0; i < p->mb; i++)
    if (get_bit(p->m, i)) v[i / 64] |= (uint64_t)1 << (i % 64);
  for (uint32_t i = 0; i < p->eb; i++) {
    uint32_t b = p->mb + i;
    if (get_bit(p->e, i)) v[b / 64] |= (uint64_t)1 << (b % 64);
  }
  uint32_t b = p->mb + p->eb;
  if (get_bit(p->s, 0)) v[b / 64] |= (uint64_t)1 << (b % 64);
}

fer_term fer_rd_fp_const(ferret *f, const fer_term *a) {
  uint32_t eb = fer_sort_bits(f, fer_term_sort(f, a[1]));
  uint32_t mb = fer_sort_bits(f, fer_term_sort(f, a[2]));
  if ((uint64_t)eb + mb + 1 > FER_MAX_CONST_BITS) {
    fer_error(f, FERRET_ERROR_LIMIT, 0, 0, "floating-point constant too wide");
    return 0;
  }
  fer_sort s = fer_sort_fp(f, eb, mb + 1);
  if (!s) return 0;
  fp_parts p = {fer_const_limbs(f, a[0]), fer_const_limbs(f, a[1]),
                fer_const_limbs(f, a[2]), eb, mb};
  /* The parts point into the store's limb pool: they are copied into `v`
   * before fer_mk_const may grow (and move) the pool. */
  uint32_t n = (eb + mb + 1 + 63) / 64;
  uint64_t small[4];
  uint64_t *v = n <= 4 ? small : fer_calloc(f, (size_t)n * 8);
  if (!v) return 0;
  memset(v, 0, (size_t)n * 8);
  fill_fp(v, n, &p, 0);
  fer_term t = fer_mk_const(f, s, v);
  if (v != small) fer_free(f, v, (size_t)n * 8);
  return t;
}

/* A constant of `sort` from little-endian 64-bit limbs built by `fill`;
 * small constants use the stack, wide ones the context allocator. */
static fer_term const_from(ferret *f, fer_sort sort, uint32_t bits,
                           void (*fill)(uint64_t *, uint32_t, const void *,
                                        uint32_t),
                           const void *src, uint32_t srclen) {
  uint32_t n = (bits + 63) / 64;
  uint64_t small[4];
  uint64_t *v = n <= 4 ? small : fer_malloc(f, (size_t)n * 8);
  if (!v) return 0;
  memset(v, 0, (size_t)n * 8);
  fill(v, n, src, srclen);
  fer_term t = fer_mk_const(f, sort, v);
  if (v != small) fer_free(f, v, (size_t)n * 8);
  return t;
}

static void fill_special(uint64_t *v, uint32_t n, const void *src,
                         uint32_t len) {
  const uint32_t *k = src; /* kind, eb, sb */
  (void)n, (void)len;
  uint32_t mb = k[2] - 1;
  if (k[0] >= 2) /* infinities and NaN: exponent all ones */
    for (uint32_t i = mb; i < mb + k[1]; i++) v[i / 64] |= (uint64_t)1 << (i % 64);
  if (k[0] == 4) v[(mb - 1) / 64] |= (uint64_t)1 << ((mb - 1) % 64);
  if (k[0] == 1 || k[0] == 3) {
    uint32_t b = mb + k[1];
    v[b / 64] |= (uint64_t)1 << (b % 64);
  }
}

fer_term fer_rd_fp_special(ferret *f, uint32_t kind, uint32_t eb, uint32_t sb) {
  if ((uint64_t)eb + sb > FER_MAX_CONST_BITS) {
    fer_error(f, FERRET_ERROR_LIMIT, 0, 0, "floating-point constant too wide");
    return 0;
  }
  fer_sort s = fer_sort_fp(f, eb, sb);
  if (!s) {
    fer_error(f, FERRET_ERROR_SORT, 0, 0,
              "floating-point sort needs eb >= 2 and sb >= 2");
    return 0;
  }
  uint32_t k[3] = {kind, eb, sb};
  return const_from(f, s, eb + sb, fill_special, k, 3);
}
