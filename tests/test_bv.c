/* Bit-vector semantics (src/bv.c): hand-derived facts at widths 1, 7, 8, 32,
 * 64, 65 and 128, then a differential test against z3 on random ground
 * terms of every operator.  z3 4.8.12 knows no SMT-LIB 2.7 overflow
 * predicates, so those are sent as their definitions: bvnego, bv[us]addo and
 * bv[us]mulo as "the exact result, computed in a wider vector, differs from
 * the extension of its truncation" (the standard defines them on bv2nat /
 * bv2int), bvusubo, bvssubo and bvsdivo as the abbreviations SMT-LIB 2.7
 * gives.  Both are formulations independent of what bv.c computes. */
#include <stdarg.h>
#include <stdlib.h>
#include <unistd.h>

#include "bv/bv.h"
#include "test.h"

#define U128(hi, lo) (((fer_u128)(hi) << 64) | (fer_u128)(lo))
#define ONES (~(fer_u128)0)
#define BIT(n) ((fer_u128)1 << (n))

/* ---- hand-derived facts ---------------------------------------------- */

TEST(bv_width1) {
  CHECK(fer_bv_neg(1, 1) == 1 && fer_bv_not(1, 1) == 0);
  CHECK(fer_bv_add(1, 1, 1) == 0 && fer_bv_mul(1, 1, 1) == 1);
  CHECK(fer_bv_udiv(1, 0, 1) == 1 && fer_bv_udiv(0, 0, 1) == 1);
  CHECK(fer_bv_urem(1, 0, 1) == 1 && fer_bv_urem(0, 0, 1) == 0);
  /* 1 is -1: (-1)/(-1) = 1 wraps to the pattern 1. */
  CHECK(fer_bv_sdiv(1, 1, 1) == 1 && fer_bv_sdiv(0, 1, 1) == 0);
  CHECK(fer_bv_sdiv(1, 0, 1) == 1 && fer_bv_sdiv(0, 0, 1) == 1);
  CHECK(fer_bv_srem(1, 0, 1) == 1 && fer_bv_srem(1, 1, 1) == 0);
  CHECK(fer_bv_smod(1, 0, 1) == 1 && fer_bv_smod(1, 1, 1) == 0);
  CHECK(fer_bv_shl(1, 1, 1) == 0 && fer_bv_shl(1, 0, 1) == 1);
  CHECK(fer_bv_lshr(1, 1, 1) == 0 && fer_bv_ashr(1, 1, 1) == 1);
  CHECK(fer_bv_rotl(1, 5, 1) == 1 && fer_bv_rotr(0, 3, 1) == 0);
  CHECK(fer_bv_slt(1, 0, 1) && !fer_bv_slt(0, 1, 1) && fer_bv_ult(0, 1, 1));
  CHECK(fer_bv_signed(1, 1) == -1 && fer_bv_signed(0, 1) == 0);
  CHECK(fer_bv_sign_extend(1, 7, 1) == 0xff);
  CHECK(fer_bv_repeat(1, 128, 1) == ONES);
  CHECK(fer_bv_nego(1, 1) && !fer_bv_nego(0, 1));
  CHECK(fer_bv_uaddo(1, 1, 1) && !fer_bv_uaddo(1, 0, 1));
  CHECK(fer_bv_saddo(1, 1, 1) && !fer_bv_saddo(1, 0, 1)); /* -1 + -1 */
  CHECK(!fer_bv_umulo(1, 1, 1) && fer_bv_smulo(1, 1, 1)); /* -1 * -1 */
  CHECK(fer_bv_usubo(0, 1, 1) && !fer_bv_usubo(1, 1, 1));
  CHECK(fer_bv_ssubo(0, 1, 1) && !fer_bv_ssubo(1, 0, 1)); /* 0 - -1 = 1 */
  CHECK(fer_bv_sdivo(1, 1, 1) && !fer_bv_sdivo(1, 0, 1));
}

TEST(bv_width7_8) {
  /* -7 / 2 truncates: q = -3, rem = -1; smod takes the divisor's sign. */
  CHECK(fer_bv_sdiv(0xf9, 2, 8) == 0xfd && fer_bv_srem(0xf9, 2, 8) == 0xff);
  CHECK(fer_bv_smod(0xf9, 2, 8) == 1 && fer_bv_smod(7, 0xfe, 8) == 0xff);
  CHECK(fer_bv_smod(0xf9, 0xfe, 8) == 0xff && fer_bv_srem(7, 0xfe, 8) == 1);
  CHECK(fer_bv_sdiv(7, 0xfe, 8) == 0xfd && fer_bv_sdiv(0xf9, 0xfe, 8) == 3);
  CHECK(fer_bv_sdiv(0x80, 0xff, 8) == 0x80 && fer_bv_srem(0x80, 0xff, 8) == 0);
  CHECK(fer_bv_smod(0x80, 0xff, 8) == 0);
  /* by zero: x >= 0 gives -1, x < 0 gives 1; remainders give x */
  CHECK(fer_bv_sdiv(5, 0, 8) == 0xff && fer_bv_sdiv(0xfb, 0, 8) == 1);
  CHECK(fer_bv_srem(0xfb, 0, 8) == 0xfb && fer_bv_smod(0xfb, 0, 8) == 0xfb);
  CHECK(fer_bv_smod(5, 0, 8) == 5 && fer_bv_udiv(5, 0, 8) == 0xff);
  CHECK(fer_bv_shl(0x81, 1, 8) == 2 && fer_bv_shl(0x81, 8, 8) == 0);
  CHECK(fer_bv_shl(0x81, 0xff, 8) == 0 && fer_bv_lshr(0x80, 7, 8) == 1);
  CHECK(fer_bv_ashr(0x80, 7, 8) == 0xff && fer_bv_ashr(0x80, 200, 8) == 0xff);
  CHECK(fer_bv_ashr(0x90, 2, 8) == 0xe4 && fer_bv_ashr(0x40, 200, 8) == 0);
  CHECK(fer_bv_rotl(0x81, 1, 8) == 3 && fer_bv_rotr(0x81, 1, 8) == 0xc0);
  CHECK(fer_bv_rotl(0x81, 9, 8) == 3 && fer_bv_rotl(0x5a, 8, 8) == 0x5a);
  CHECK(fer_bv_extract(0xabcd, 11, 4) == 0xbc);
  CHECK(fer_bv_concat(0xab, 0xcd, 8) == 0xabcd);
  CHECK(fer_bv_repeat(5, 3, 4) == 0x555);
  CHECK(fer_bv_sign_extend(0x80, 8, 8) == 0xff80);
  CHECK(fer_bv_sign_extend(0x7f, 8, 8) == 0x7f);
  CHECK(fer_bv_uaddo(0xff, 1, 8) && !fer_bv_uaddo(0xfe, 1, 8));
  CHECK(fer_bv_saddo(0x7f, 1, 8) && fer_bv_saddo(0x80, 0xff, 8));
  CHECK(!fer_bv_saddo(0x80, 0x7f, 8));
  CHECK(fer_bv_umulo(0x10, 0x10, 8) && !fer_bv_umulo(0x0f, 0x11, 8));
  CHECK(fer_bv_smulo(0x10, 0x08, 8) && !fer_bv_smulo(0xf0, 0x08, 8));
  CHECK(fer_bv_smulo(0x80, 0xff, 8) && !fer_bv_smulo(0x80, 1, 8));
  CHECK(fer_bv_usubo(1, 2, 8) && fer_bv_ssubo(0x80, 1, 8));
  CHECK(fer_bv_ssubo(0x7f, 0xff, 8) && fer_bv_ssubo(0xfe, 0x7f, 8));
  CHECK(!fer_bv_ssubo(0xff, 0x7f, 8));
  CHECK(fer_bv_sdivo(0x80, 0xff, 8) && !fer_bv_sdivo(0x80, 0, 8));
  CHECK(fer_bv_nego(0x80, 8) && !fer_bv_nego(0x7f, 8));
  CHECK(fer_bv_slt(0x80, 0x7f, 8) && !fer_bv_ult(0x80, 0x7f, 8));
  /* width 7: the most negative value is 0x40 */
  CHECK(fer_bv_sdiv(0x40, 0x7f, 7) == 0x40 && fer_bv_nego(0x40, 7));
  CHECK(fer_bv_rotl(0x41, 1, 7) == 3 && fer_bv_rotr(0x41, 1, 7) == 0x60);
  CHECK(fer_bv_neg(1, 7) == 0x7f && fer_bv_not(0, 7) == 0x7f);
  CHECK(fer_bv_ashr(0x40, 3, 7) == 0x78 && fer_bv_signed(0x40, 7) == -64);
  CHECK(fer_bv_smulo(0x08, 0x08, 7) && !fer_bv_smulo(0x78, 0x08, 7));
  CHECK(fer_bv_smod(0x7e, 3, 7) == 1); /* -2 mod 3 = 1 */
}

TEST(bv_width32_64_65) {
  CHECK(fer_bv_mul(0xffffffffu, 0xffffffffu, 32) == 1);
  CHECK(fer_bv_sdiv(0x80000000u, 0xffffffffu, 32) == 0x80000000u);
  CHECK(fer_bv_udiv(1000000007u, 10, 32) == 100000000u);
  CHECK(fer_bv_shl(1, 31, 32) == 0x80000000u && fer_bv_shl(1, 32, 32) == 0);
  CHECK(fer_bv_umulo(0x10000, 0x10000, 32) && !fer_bv_umulo(0xffff, 0x10001, 32));
  fer_u128 m64 = fer_bv_mask(64);
  CHECK(fer_bv_sdiv(BIT(63), m64, 64) == BIT(63) && fer_bv_srem(BIT(63), m64, 64) == 0);
  CHECK(fer_bv_add(m64, 1, 64) == 0 && fer_bv_uaddo(m64, 1, 64));
  CHECK(fer_bv_ashr(BIT(63), 63, 64) == m64 && fer_bv_shl(3, 63, 64) == BIT(63));
  CHECK(fer_bv_signed(m64, 64) == -1 && fer_bv_smulo(BIT(32), BIT(31), 64));
  CHECK(!fer_bv_smulo(fer_bv_neg(BIT(32), 64), BIT(31), 64)); /* = -2^63 */
  fer_u128 m65 = fer_bv_mask(65);
  CHECK(fer_bv_shl(1, 64, 65) == BIT(64) && fer_bv_shl(1, 65, 65) == 0);
  CHECK(fer_bv_add(BIT(64), BIT(64), 65) == 0 && fer_bv_nego(BIT(64), 65));
  CHECK(fer_bv_neg(1, 65) == m65 && fer_bv_signed(BIT(64), 65) == -(fer_i128)BIT(64));
  CHECK(fer_bv_rotl(BIT(64), 1, 65) == 1 && fer_bv_rotr(1, 1, 65) == BIT(64));
  CHECK(fer_bv_sdiv(BIT(64), m65, 65) == BIT(64) && fer_bv_sdivo(BIT(64), m65, 65));
  CHECK(fer_bv_umulo(BIT(33), BIT(32), 65) && !fer_bv_umulo(BIT(32), BIT(32), 65));
  CHECK(fer_bv_ashr(BIT(64), 64, 65) == m65 && fer_bv_lshr(BIT(64), 64, 65) == 1);
  CHECK(fer_bv_sign_extend(BIT(64), 63, 65) == ~(BIT(64) - 1));
}

TEST(bv_width128) {
  fer_u128 min = BIT(127), max = BIT(127) - 1;
  CHECK(fer_bv_shl(1, 127, 128) == min && fer_bv_shl(1, 128, 128) == 0);
  CHECK(fer_bv_shl(ONES, U128(1, 0), 128) == 0);
  CHECK(fer_bv_lshr(ONES, 128, 128) == 0 && fer_bv_lshr(min, 127, 128) == 1);
  CHECK(fer_bv_ashr(min, 127, 128) == ONES && fer_bv_ashr(min, ONES, 128) == ONES);
  CHECK(fer_bv_ashr(max, ONES, 128) == 0 && fer_bv_ashr(min, 1, 128) == U128(0xc000000000000000u, 0));
  CHECK(fer_bv_mul(BIT(64), BIT(64), 128) == 0 && fer_bv_umulo(BIT(64), BIT(64), 128));
  CHECK(!fer_bv_umulo(BIT(64), BIT(63), 128) && fer_bv_umulo(ONES, 2, 128));
  CHECK(fer_bv_udiv(5, 0, 128) == ONES && fer_bv_urem(5, 0, 128) == 5);
  CHECK(fer_bv_sdiv(min, ONES, 128) == min && fer_bv_srem(min, ONES, 128) == 0);
  CHECK(fer_bv_sdiv(min, 2, 128) == U128(0xc000000000000000u, 0));
  CHECK(fer_bv_smod(ONES, 3, 128) == 2 && fer_bv_srem(ONES, 3, 128) == ONES);
  CHECK(fer_bv_signed(min, 128) < 0 && fer_bv_slt(min, 0, 128) && !fer_bv_slt(max, min, 128));
  CHECK(fer_bv_smulo(BIT(63), BIT(64), 128));                 /* +2^127 */
  CHECK(!fer_bv_smulo(fer_bv_neg(BIT(63), 128), BIT(64), 128)); /* -2^127 */
  CHECK(fer_bv_smulo(min, ONES, 128) && !fer_bv_smulo(min, 1, 128));
  CHECK(fer_bv_saddo(max, 1, 128) && fer_bv_saddo(min, ONES, 128) && !fer_bv_saddo(min, max, 128));
  CHECK(fer_bv_ssubo(min, 1, 128) && fer_bv_ssubo(0, min, 128) && !fer_bv_ssubo(ONES, min, 128));
  CHECK(fer_bv_uaddo(ONES, 1, 128) && !fer_bv_uaddo(ONES, 0, 128));
  CHECK(fer_bv_nego(min, 128) && fer_bv_sdivo(min, ONES, 128));
  CHECK(fer_bv_rotl(1, 128, 128) == 1 && fer_bv_rotl(1, 127, 128) == min);
  CHECK(fer_bv_rotr(1, 1, 128) == min && fer_bv_rotr(3, 129, 128) == (min | 1));
  CHECK(fer_bv_sign_extend(0x80, 120, 8) == ~(fer_u128)0x7f);
  CHECK(fer_bv_extract(min | 5, 127, 0) == (min | 5) && fer_bv_extract(min, 127, 127) == 1);
  CHECK(fer_bv_concat(0x1234, 0x5678, 64) == U128(0x1234, 0x5678));
  CHECK(fer_bv_repeat(fer_bv_mask(64), 2, 64) == ONES && fer_bv_repeat(ONES, 1, 128) == ONES);
  CHECK(fer_bv_neg(1, 128) == ONES && fer_bv_not(ONES, 128) == 0);
}

/* ---- differential test against z3 ------------------------------------ */

typedef struct {
  char *s;
  size_t n, cap;
} sbuf;

static void sb_printf(sbuf *b, const char *fmt, ...) {
  for (;;) {
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(b->s ? b->s + b->n : NULL, b->s ? b->cap - b->n : 0, fmt, ap);
    va_end(ap);
    if (b->s && b->n + (size_t)k < b->cap) {
      b->n += (size_t)k;
      return;
    }
    b->cap = (b->cap + (size_t)k + 1) * 2;
    b->s = realloc(b->s, b->cap);
  }
}

/* Runs `solver` (a command taking a file name) on a script; returns its
 * whole output (malloc'd) or NULL. */
static char *run_solver(const char *solver, const char *script) {
  char path[] = "/tmp/ferret-bv-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0) return NULL;
  size_t len = strlen(script);
  bool ok = write(fd, script, len) == (ssize_t)len;
  close(fd);
  char cmd[128];
  snprintf(cmd, sizeof cmd, "%s %s 2>&1", solver, path);
  FILE *p = ok ? popen(cmd, "r") : NULL;
  char *out = NULL;
  if (p) {
    size_t n = 0, cap = 0;
    int c;
    while ((c = fgetc(p)) != EOF) {
      if (n + 2 > cap) out = realloc(out, cap = cap * 2 + 4096);
      out[n++] = (char)c;
    }
    if (out) out[n] = '\0';
    pclose(p);
  }
  unlink(path);
  return out;
}

/* The value of each (get-value ((t v))) answer: the last atom at depth 2 of
 * each top-level list.  Returns how many were found; an (error ...) answer
 * stops the scan. */
static int z3_values(const char *out, const char **vals, int max) {
  int depth = 0, n = 0;
  const char *last = NULL;
  for (const char *p = out; *p && n < max; p++) {
    if (*p == '(') {
      if (depth == 0 && !strncmp(p, "(error", 6)) {
        fprintf(stderr, "z3: %.200s\n", p);
        return n;
      }
      depth++;
    } else if (*p == ')') {
      if (--depth == 0 && last) vals[n++] = last, last = NULL;
    } else if (depth == 2 && !strchr(" \t\r\n", *p) &&
               (p == out || strchr(" \t\r\n()", p[-1]))) {
      last = p;
    }
  }
  return n;
}

/* #x.., #b.., true, false -> value; false on a malformed atom. */
static bool parse_atom(const char *a, fer_u128 *v) {
  *v = 0;
  if (!strncmp(a, "true", 4)) return *v = 1, true;
  if (!strncmp(a, "false", 5)) return true;
  if (a[0] != '#') return false;
  int base = a[1] == 'x' ? 16 : a[1] == 'b' ? 2 : 0;
  if (!base) return false;
  for (a += 2; *a && !strchr(" \t\r\n()", *a); a++) {
    int d = *a >= '0' && *a <= '9' ? *a - '0' : *a >= 'a' && *a <= 'f' ? *a - 'a' + 10 : -1;
    if (d < 0 || d >= base) return false;
    *v = *v * (fer_u128)base + (fer_u128)d;
  }
  return true;
}

static void sb_const(sbuf *b, fer_u128 v, uint32_t w) {
  if (w % 4 == 0) {
    sb_printf(b, "#x");
    for (int i = (int)w / 4 - 1; i >= 0; i--) sb_printf(b, "%x", (unsigned)(v >> (4 * i)) & 15);
  } else {
    sb_printf(b, "#b");
    for (int i = (int)w - 1; i >= 0; i--) sb_printf(b, "%u", (unsigned)(v >> i) & 1);
  }
}

static void hex128(char *buf, fer_u128 v) {
  snprintf(buf, 40, "%016llx%016llx", (unsigned long long)(v >> 64), (unsigned long long)v);
}

static uint64_t rng_next(uint64_t *s) { /* splitmix64 */
  uint64_t z = (*s += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

/* Values biased toward the edges where division, shifts and overflow
 * predicates change behaviour. */
static fer_u128 rnd_val(uint64_t *s, uint32_t w) {
  fer_u128 m = fer_bv_mask(w), r = U128(rng_next(s), rng_next(s));
  fer_u128 small = rng_next(s) % 4, min = BIT(w - 1);
  switch (rng_next(s) % 8) {
  case 0: return small & m;
  case 1: return (m - small) & m;
  case 2: return (min + small) & m;
  case 3: return (min - 1 - small) & m;
  case 4: return (r >> (rng_next(s) % 128)) & m; /* random magnitude */
  case 5: return (0 - (r >> (rng_next(s) % 128))) & m; /* small negative */
  default: return r & m;
  }
}

enum { BINOP, UNOP, PRED, OVF };
typedef struct {
  const char *name;
  int kind;
} bv_opdesc;

static const bv_opdesc bv_ops[] = {
    {"bvneg", UNOP},    {"bvnot", UNOP},     {"bvadd", BINOP},   {"bvsub", BINOP},
    {"bvmul", BINOP},   {"bvudiv", BINOP},   {"bvurem", BINOP},  {"bvsdiv", BINOP},
    {"bvsrem", BINOP},  {"bvsmod", BINOP},   {"bvshl", BINOP},   {"bvlshr", BINOP},
    {"bvashr", BINOP},  {"bvult", PRED},     {"bvslt", PRED},    {"rotate_left", UNOP},
    {"rotate_right", UNOP}, {"extract", UNOP}, {"concat", BINOP}, {"repeat", UNOP},
    {"sign_extend", UNOP}, {"bvnego", OVF},  {"bvuaddo", OVF},   {"bvsaddo", OVF},
    {"bvumulo", OVF},   {"bvsmulo", OVF},    {"bvusubo", OVF},   {"bvssubo", OVF},
    {"bvsdivo", OVF},
};
#define N_BV_OPS (sizeof bv_ops / sizeof bv_ops[0])

typedef struct {
  unsigned op;
  uint32_t w, i, j; /* width, indices */
  fer_u128 a, b, ours;
} bv_case;

/* Appends the z3 query for c and computes our value. */
static void bv_make(sbuf *q, bv_case *c) {
  uint32_t w = c->w;
  fer_u128 a = c->a, b = c->b;
  const char *nm = bv_ops[c->op].name;
  sbuf A = {0}, B = {0};
  sb_const(&A, a, w);
  sb_const(&B, b, w);
  sb_printf(q, "(get-value (");
  if (!strcmp(nm, "rotate_left") || !strcmp(nm, "rotate_right")) {
    sb_printf(q, "((_ %s %u) %s)", nm, c->i, A.s);
  } else if (!strcmp(nm, "extract")) {
    sb_printf(q, "((_ extract %u %u) %s)", c->i, c->j, A.s);
  } else if (!strcmp(nm, "repeat") || !strcmp(nm, "sign_extend")) {
    sb_printf(q, "((_ %s %u) %s)", nm, c->i, A.s);
  } else if (!strcmp(nm, "concat")) {
    sbuf B2 = {0};
    sb_const(&B2, b & fer_bv_mask(c->i), c->i);
    sb_printf(q, "(concat %s %s)", A.s, B2.s);
    free(B2.s);
  } else if (!strcmp(nm, "bvusubo") || !strcmp(nm, "bvsdivo") || !strcmp(nm, "bvssubo")) {
    /* SMT-LIB 2.7 defines these three as abbreviations; bvnego t is
     * (= t min) and bvsaddo is spelled as its bv2int definition. */
    sbuf MIN = {0}, Z = {0};
    sb_const(&MIN, BIT(w - 1), w);
    sb_const(&Z, 0, w);
    if (!strcmp(nm, "bvusubo"))
      sb_printf(q, "(bvult %s %s)", A.s, B.s);
    else if (!strcmp(nm, "bvsdivo"))
      sb_printf(q, "(and (= %s %s) (= %s (bvnot %s)))", A.s, MIN.s, B.s, Z.s);
    else
      sb_printf(q, "(ite (= %s %s) (bvsge %s %s) (let ((r (bvadd ((_ sign_extend 1) %s) "
                   "((_ sign_extend 1) (bvneg %s))))) (not (= r ((_ sign_extend 1) "
                   "((_ extract %u 0) r))))))",
                B.s, MIN.s, A.s, Z.s, A.s, B.s, w - 1);
    free(MIN.s);
    free(Z.s);
  } else if (bv_ops[c->op].kind == OVF) {
    /* exact result in a wider vector vs extension of its truncation */
    bool sgn = nm[2] == 's' || !strcmp(nm, "bvnego");
    const char *ext = sgn ? "sign_extend" : "zero_extend";
    uint32_t k = strstr(nm, "mul") ? w : 1;
    const char *core = strstr(nm, "add") ? "bvadd" : "bvmul";
    if (!strcmp(nm, "bvnego"))
      sb_printf(q, "(let ((r (bvneg ((_ %s %u) %s))))", ext, k, A.s);
    else
      sb_printf(q, "(let ((r (%s ((_ %s %u) %s) ((_ %s %u) %s))))", core, ext, k, A.s, ext, k, B.s);
    sb_printf(q, " (not (= r ((_ %s %u) ((_ extract %u 0) r)))))", ext, k, w - 1);
  } else if (bv_ops[c->op].kind == UNOP) {
    sb_printf(q, "(%s %s)", nm, A.s);
  } else {
    sb_printf(q, "(%s %s %s)", nm, A.s, B.s);
  }
  sb_printf(q, "))\n");
  free(A.s);
  free(B.s);

  fer_u128 r = 0;
  switch (c->op) {
  case 0: r = fer_bv_neg(a, w); break;
  case 1: r = fer_bv_not(a, w); break;
  case 2: r = fer_bv_add(a, b, w); break;
  case 3: r = fer_bv_sub(a, b, w); break;
  case 4: r = fer_bv_mul(a, b, w); break;
  case 5: r = fer_bv_udiv(a, b, w); break;
  case 6: r = fer_bv_urem(a, b, w); break;
  case 7: r = fer_bv_sdiv(a, b, w); break;
  case 8: r = fer_bv_srem(a, b, w); break;
  case 9: r = fer_bv_smod(a, b, w); break;
  case 10: r = fer_bv_shl(a, b, w); break;
  case 11: r = fer_bv_lshr(a, b, w); break;
  case 12: r = fer_bv_ashr(a, b, w); break;
  case 13: r = fer_bv_ult(a, b, w); break;
  case 14: r = fer_bv_slt(a, b, w); break;
  case 15: r = fer_bv_rotl(a, c->i, w); break;
  case 16: r = fer_bv_rotr(a, c->i, w); break;
  case 17: r = fer_bv_extract(a, c->i, c->j); break;
  case 18: r = fer_bv_concat(a, b & fer_bv_mask(c->i), c->i); break;
  case 19: r = fer_bv_repeat(a, c->i, w); break;
  case 20: r = fer_bv_sign_extend(a, c->i, w); break;
  case 21: r = fer_bv_nego(a, w); break;
  case 22: r = fer_bv_uaddo(a, b, w); break;
  case 23: r = fer_bv_saddo(a, b, w); break;
  case 24: r = fer_bv_umulo(a, b, w); break;
  case 25: r = fer_bv_smulo(a, b, w); break;
  case 26: r = fer_bv_usubo(a, b, w); break;
  case 27: r = fer_bv_ssubo(a, b, w); break;
  case 28: r = fer_bv_sdivo(a, b, w); break;
  }
  c->ours = r;
}

static void bv_random_case(uint64_t *s, bv_case *c) {
  static const uint32_t widths[] = {1, 8, 16, 32, 64, 128, 7, 65};
  c->op = (unsigned)(rng_next(s) % N_BV_OPS);
  c->w = widths[rng_next(s) % (sizeof widths / sizeof widths[0])];
  c->a = rnd_val(s, c->w);
  c->b = rnd_val(s, c->w);
  c->i = c->j = 0;
  const char *nm = bv_ops[c->op].name;
  if (strstr(nm, "sh")) { /* amounts around the width matter most */
    uint64_t k = rng_next(s) % 3;
    if (k == 0) c->b = (c->w - 1 + rng_next(s) % 3) & fer_bv_mask(c->w);
    if (k == 1) c->b = rng_next(s) % (c->w + 3) & fer_bv_mask(c->w);
  }
  if (strstr(nm, "rotate")) c->i = (uint32_t)(rng_next(s) % (3 * c->w + 2));
  if (!strcmp(nm, "extract")) {
    c->i = (uint32_t)(rng_next(s) % c->w);
    c->j = (uint32_t)(rng_next(s) % (c->i + 1));
  }
  if (!strcmp(nm, "concat")) { /* the second operand gets width i */
    if (c->w == 128) c->w = 64, c->a &= fer_bv_mask(64);
    c->i = 1 + (uint32_t)(rng_next(s) % (128 - c->w));
  }
  if (!strcmp(nm, "repeat")) {
    if (c->w > 64) c->w = 8, c->a &= 0xff;
    c->i = 1 + (uint32_t)(rng_next(s) % (128 / c->w));
  }
  if (!strcmp(nm, "sign_extend")) {
    if (c->w == 128) c->w = 64, c->a &= fer_bv_mask(64);
    c->i = (uint32_t)(rng_next(s) % (128 - c->w + 1));
  }
  if (strstr(nm, "mulo") && rng_next(s) % 3 == 0) { /* products at the edge: +-2^i * +-2^j */
    uint32_t i = (uint32_t)(rng_next(s) % c->w), j = c->w - 1 - i + (uint32_t)(rng_next(s) % 3) - 1;
    c->a = j < c->w ? BIT(i) : 1;
    c->b = j < c->w ? BIT(j) : 1;
    if (rng_next(s) % 2) c->a = fer_bv_neg(c->a, c->w);
    if (rng_next(s) % 2) c->b = fer_bv_neg(c->b, c->w);
  }
  if (!strcmp(nm, "bvsdivo") && rng_next(s) % 4 == 0) /* the one true case */
    c->a = BIT(c->w - 1), c->b = fer_bv_mask(c->w);
}

TEST(bv_z3_differential) {
  if (!fer_test_have("z3")) SKIP("z3 not found (tests/deps.sh installs it)");
  uint64_t seed = getenv("FERRET_SEED") ? strtoull(getenv("FERRET_SEED"), NULL, 0) : 20240611;
  int total = fer_test_quick ? 2000 : 12000, batch = 600, done = 0, bad = 0;
  if (getenv("FERRET_BV_CASES")) total = atoi(getenv("FERRET_BV_CASES"));
  bv_case *cs = malloc(sizeof *cs * (size_t)batch);
  const char **vals = malloc(sizeof *vals * (size_t)batch);
  int per_op[N_BV_OPS] = {0};
  while (done < total && bad < 20) {
    int n = total - done < batch ? total - done : batch;
    sbuf q = {0};
    sb_printf(&q, "(set-logic QF_BV)\n(check-sat)\n");
    for (int k = 0; k < n; k++) {
      bv_random_case(&seed, &cs[k]);
      bv_make(&q, &cs[k]);
    }
    char *out = run_solver("z3 -smt2", q.s);
    CHECK_MSG(out != NULL, "could not run z3 (tests/deps.sh installs it)");
    if (!out) break;
    int got = z3_values(out, vals, n);
    CHECK_MSG(got == n, "z3 answered %d of %d queries", got, n);
    for (int k = 0; k < got; k++) {
      fer_u128 zv;
      bv_case *c = &cs[k];
      per_op[c->op]++;
      if (!parse_atom(vals[k], &zv) || zv != c->ours) {
        char ha[40], hb[40], hz[40], ho[40];
        hex128(ha, c->a), hex128(hb, c->b), hex128(hz, zv), hex128(ho, c->ours);
        CHECK_MSG(false, "%s w=%u i=%u j=%u a=%s b=%s: z3 %s ours %s", bv_ops[c->op].name,
                  c->w, c->i, c->j, ha, hb, hz, ho);
        bad++;
      }
    }
    free(out);
    free(q.s);
    done += n;
  }
  for (unsigned o = 0; o < N_BV_OPS; o++) CHECK_MSG(per_op[o] > 0 || total < 500, "%s untested", bv_ops[o].name);
  fprintf(stderr, "bv_z3_differential: %d cases, %d mismatches\n", done, bad);
  free(cs);
  free(vals);
}

/* cvc5 1.0.3 implements the SMT-LIB 2.7 overflow predicates natively
 * (all but bvnego), which makes it a second, independent oracle for them. */
TEST(bv_cvc5_overflow) {
  if (!fer_test_have("cvc5")) SKIP("cvc5 not found (tests/deps.sh installs it)");
  uint64_t seed = 99;
  int n = fer_test_quick ? 300 : 1500, bad = 0;
  bv_case *cs = malloc(sizeof *cs * (size_t)n);
  const char **vals = malloc(sizeof *vals * (size_t)n);
  sbuf q = {0};
  sb_printf(&q, "(set-logic QF_BV)\n(set-option :produce-models true)\n(check-sat)\n");
  for (int k = 0; k < n; k++) {
    bv_case *c = &cs[k];
    do bv_random_case(&seed, c);
    while (bv_ops[c->op].kind != OVF || !strcmp(bv_ops[c->op].name, "bvnego"));
    sbuf A = {0}, B = {0}, scratch = {0};
    sb_const(&A, c->a, c->w);
    sb_const(&B, c->b, c->w);
    sb_printf(&q, "(get-value ((%s %s %s)))\n", bv_ops[c->op].name, A.s, B.s);
    bv_make(&scratch, c); /* our value */
    free(A.s), free(B.s), free(scratch.s);
  }
  char *out = run_solver("cvc5 --lang smt2", q.s);
  CHECK_MSG(out != NULL, "could not run cvc5");
  int got = out ? z3_values(out, vals, n) : 0;
  CHECK_MSG(got == n, "cvc5 answered %d of %d queries: %.300s", got, n, out ? out : "");
  for (int k = 0; k < got; k++) {
    fer_u128 v;
    bv_case *c = &cs[k];
    if (!parse_atom(vals[k], &v) || v != c->ours) {
      char ha[40], hb[40];
      hex128(ha, c->a), hex128(hb, c->b);
      if (bad++ < 20)
        CHECK_MSG(false, "%s w=%u a=%s b=%s: cvc5 %.5s ours %d", bv_ops[c->op].name, c->w, ha, hb,
                  vals[k], (int)c->ours);
    }
  }
  fprintf(stderr, "bv_cvc5_overflow: %d cases, %d mismatches\n", got, bad);
  free(out), free(q.s), free(cs), free(vals);
}
