/* FP conversions against the z3 binary: ground (get-value (...)) queries of
 * to_fp from FP, from signed/unsigned bit-vectors and from Real literals
 * (decimals, big fractions, exact midpoints), and fp.to_ubv / fp.to_sbv,
 * with the edge-biased inputs of tests/fp_conv_gen.h, a few hundred per z3
 * process.  Complements tests/test_z3diff_fp.c (all operations, plain
 * random inputs).
 *
 * Every disagreement is arbitrated by MPFR (tests/fp_oracle.h): if MPFR
 * sides with z3, ferret is wrong and the test fails; if it sides with
 * ferret, the case must belong to a known z3 bug class (z3_bug_class, each
 * written up in docs/semantics.md) or the test fails too.  fp.to_ubv /
 * fp.to_sbv results SMT-LIB leaves unspecified are not compared (z3
 * evaluates them to 0); how often z3 gave 0 there is printed.
 *
 * FERRET_Z3CONV_N cases (default 10000, FERRET_QUICK=1: 1000), FERRET_SEED. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bv/bv.h"
#include "fp_conv_gen.h"
#include "fp_oracle.h"
#include "test.h"

typedef struct {
  char *p;
  size_t n, cap;
} zbuf;

static void zb_add(zbuf *b, const char *s) {
  size_t len = strlen(s);
  if (b->n + len + 1 > b->cap) b->p = realloc(b->p, b->cap = (b->n + len + 1) * 2);
  memcpy(b->p + b->n, s, len + 1);
  b->n += len;
}

static void zb_bits(zbuf *b, fer_u128 v, uint32_t w) {
  char t[140];
  t[0] = '#', t[1] = 'b';
  for (uint32_t i = 0; i < w; i++) t[2 + i] = (char)('0' + ((v >> (w - 1 - i)) & 1));
  t[2 + w] = '\0';
  zb_add(b, t);
}

static void zb_fp(zbuf *b, fer_fmt f, fer_u128 x) {
  zb_add(b, "(fp ");
  zb_bits(b, x >> (f.eb + f.sb - 1), 1);
  zb_add(b, " ");
  zb_bits(b, (x >> (f.sb - 1)) & fer_bv_mask(f.eb), f.eb);
  zb_add(b, " ");
  zb_bits(b, x & fer_bv_mask(f.sb - 1), f.sb - 1);
  zb_add(b, ")");
}

static const char *const rm_smt[5] = {"RNE", "RNA", "RTP", "RTN", "RTZ"};

/* A Real literal for (-1)^neg num/den: a decimal when den is a power of
 * ten (z3's decimal reader), else (/ N.0 D.0). */
static void zb_real(zbuf *b, bool neg, const mpz_t num, const mpz_t den) {
  char *ns = mpz_get_str(NULL, 10, num), *ds = mpz_get_str(NULL, 10, den);
  size_t k = strlen(ds) - 1;
  bool pow10 = ds[0] == '1' && strspn(ds + 1, "0") == k;
  if (neg) zb_add(b, "(- ");
  if (pow10) {
    size_t nl = strlen(ns);
    char *t = malloc(nl + k + 4), *o = t;
    if (nl <= k) { /* 0.000ddd */
      *o++ = '0', *o++ = '.';
      for (size_t i = nl; i < k; i++) *o++ = '0';
      memcpy(o, ns, nl), o += nl;
    } else {
      memcpy(o, ns, nl - k), o += nl - k;
      *o++ = '.';
      if (k) memcpy(o, ns + nl - k, k), o += k;
      else *o++ = '0';
    }
    *o = '\0';
    zb_add(b, t);
    free(t);
  } else {
    zb_add(b, "(/ ");
    zb_add(b, ns);
    zb_add(b, ".0 ");
    zb_add(b, ds);
    zb_add(b, ".0)");
  }
  if (neg) zb_add(b, ")");
  free(ns), free(ds);
}

enum { K_FP, K_SBV, K_UBV, K_REAL, K_TO_UBV, K_TO_SBV, K_COUNT };
static const char *const kind_name[K_COUNT] = {"to_fp(fp)", "to_fp(sbv)", "to_fp_unsigned",
                                               "to_fp(real)", "fp.to_ubv", "fp.to_sbv"};

typedef struct {
  int kind;
  fer_rm rm;
  fer_fmt to, from; /* result / operand formats (FP ones) */
  uint32_t w;       /* bit-vector width */
  fer_u128 arg, ours;
  bool defined;
  size_t at; /* offset of the term text */
  mpq_t q;   /* K_REAL: the value */
} zcase;

/* Builds one case: its term text (NUL-terminated in `t`) and our answer. */
static void make_case(fcv_rng *r, zcase *c, zbuf *t, mpz_t num, mpz_t den, mpz_t tmp) {
  static const uint32_t widths[] = {1, 8, 32, 64, 128, 7, 65};
  char head[96];
  c->kind = (int)fcv_below(r, K_COUNT);
  c->rm = (fer_rm)fcv_below(r, 5);
  c->to = fcv_fmts[fcv_below(r, fcv_nfmts)];
  c->from = fcv_fmts[fcv_below(r, fcv_nfmts)];
  c->w = widths[fcv_below(r, sizeof widths / sizeof widths[0])];
  c->defined = true;
  c->at = t->n;
  switch (c->kind) {
  case K_FP:
    c->arg = fcv_gen_src(r, c->from, c->to);
    c->ours = fer_fp_convert(c->to, c->rm, c->from, c->arg);
    snprintf(head, sizeof head, "((_ to_fp %u %u) %s ", c->to.eb, c->to.sb, rm_smt[c->rm]);
    zb_add(t, head), zb_fp(t, c->from, c->arg);
    break;
  case K_SBV:
  case K_UBV:
    c->arg = fcv_gen_int(r, c->w, c->to.sb);
    c->ours = c->kind == K_SBV ? fer_fp_from_sbv(c->to, c->rm, c->arg, c->w)
                               : fer_fp_from_ubv(c->to, c->rm, c->arg, c->w);
    snprintf(head, sizeof head, "((_ %s %u %u) %s ", c->kind == K_SBV ? "to_fp" : "to_fp_unsigned",
             c->to.eb, c->to.sb, rm_smt[c->rm]);
    zb_add(t, head), zb_bits(t, c->arg, c->w);
    break;
  case K_REAL: {
    fcv_gen_rational(r, c->to, c->q, num, den, tmp);
    bool neg = fcv_below(r, 2);
    uint32_t nl, dl, *nn = fcv_limbs(num, &nl), *dd = fcv_limbs(den, &dl);
    c->ours = fer_fp_from_rational(c->to, c->rm, neg, nn, nl, dd, dl);
    free(nn), free(dd);
    if (neg) mpq_neg(c->q, c->q);
    snprintf(head, sizeof head, "((_ to_fp %u %u) %s ", c->to.eb, c->to.sb, rm_smt[c->rm]);
    zb_add(t, head), zb_real(t, neg, num, den);
    break;
  }
  default: {
    bool sgn = c->kind == K_TO_SBV;
    c->from = fcv_fmts[fcv_below(r, 8)]; /* the IEEE-like ones: moderate exponents */
    c->arg = fcv_gen_to_int(r, c->from, c->w);
    c->ours = sgn ? fer_fp_to_sbv(c->from, c->rm, c->arg, c->w, &c->defined)
                  : fer_fp_to_ubv(c->from, c->rm, c->arg, c->w, &c->defined);
    snprintf(head, sizeof head, "((_ %s %u) %s ", sgn ? "fp.to_sbv" : "fp.to_ubv", c->w,
             rm_smt[c->rm]);
    zb_add(t, head), zb_fp(t, c->from, c->arg);
  }
  }
  zb_add(t, ")");
  t->n++; /* keep the NUL: terms are NUL-separated */
  zb_add(t, "");
}

/* ---- reading z3's answers ---------------------------------------------- */

static const char *skip_ws(const char *p) {
  while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r') p++;
  return p;
}

/* End of the s-expression at p (an atom or a balanced list). */
static const char *sexpr_end(const char *p) {
  if (*p != '(') {
    while (*p && !strchr(" \t\r\n()", *p)) p++;
    return p;
  }
  int depth = 0;
  do {
    if (*p == '(') depth++;
    else if (*p == ')') depth--;
    else if (!*p) return p;
    p++;
  } while (depth);
  return p;
}

/* #b.../#x... at *p; advances. */
static bool read_bits(const char **pp, fer_u128 *v, uint32_t *nbits) {
  const char *p = skip_ws(*pp);
  if (p[0] != '#' || (p[1] != 'b' && p[1] != 'x')) return false;
  unsigned per = p[1] == 'b' ? 1 : 4;
  *v = 0, *nbits = 0;
  for (p += 2; *p && !strchr(" \t\r\n()", *p); p++) {
    int d = *p >= '0' && *p <= '9' ? *p - '0' : *p >= 'a' && *p <= 'f' ? *p - 'a' + 10 : 99;
    if (d >= (1 << per)) return false;
    *v = (*v << per) | (fer_u128)d, *nbits += per;
  }
  *pp = p;
  return true;
}

/* A value of kind FP of format f or a bit-vector: (fp s e m), (_ +zero ..),
 * (_ -zero ..), (_ +oo ..), (_ -oo ..), (_ NaN ..), #b.., #x... */
static bool parse_value(const char *p, fer_fmt f, bool is_fp, fer_u128 *v) {
  uint32_t n;
  if (!is_fp) return read_bits(&p, v, &n);
  fer_u128 s, e, m;
  if (!strncmp(p, "(fp ", 4)) {
    p += 4;
    if (!read_bits(&p, &s, &n) || !read_bits(&p, &e, &n) || !read_bits(&p, &m, &n)) return false;
    *v = (s << (f.eb + f.sb - 1)) | (e << (f.sb - 1)) | m;
    return true;
  }
  if (!strncmp(p, "(_ +zero", 8)) return *v = fer_fp_zero(f, false), true;
  if (!strncmp(p, "(_ -zero", 8)) return *v = fer_fp_zero(f, true), true;
  if (!strncmp(p, "(_ +oo", 6)) return *v = fer_fp_inf(f, false), true;
  if (!strncmp(p, "(_ -oo", 6)) return *v = fer_fp_inf(f, true), true;
  if (!strncmp(p, "(_ NaN", 6)) return *v = fer_fp_nan(f), true;
  return false;
}

/* ---- arbitration -------------------------------------------------------- */

static fer_u128 mpfr_answer(zcase *c) {
  switch (c->kind) {
  case K_FP: {
    mpfr_t x;
    mpfr_init2(x, FER_ORACLE_PREC);
    fer_oracle_get(x, c->from, c->arg);
    fer_u128 r = fer_oracle_round(c->to, c->rm, fcv_set_fr, x);
    mpfr_clear(x);
    return r;
  }
  case K_SBV:
  case K_UBV: {
    mpz_t z;
    mpz_init(z);
    fcv_z_set_u128(z, c->arg);
    if (c->kind == K_SBV && (c->arg >> (c->w - 1))) {
      mpz_t t;
      mpz_init(t);
      mpz_setbit(t, c->w);
      mpz_sub(z, z, t);
      mpz_clear(t);
    }
    fer_u128 r = fer_oracle_round(c->to, c->rm, fcv_set_z, z);
    mpz_clear(z);
    return r;
  }
  case K_REAL: return fer_oracle_round(c->to, c->rm, fcv_set_q, c->q);
  default: {
    bool d;
    return fcv_oracle_to_bv(c->from, c->rm, c->arg, c->w, c->kind == K_TO_SBV, &d);
  }
  }
}

/* Case classes where z3 4.8.12 answers differently from MPFR and ferret;
 * each is described in docs/semantics.md ("Z3 4.8.12 disagreements").
 * Returns a name, or NULL if the case is in no known class. */
static const char *z3_bug_class(const zcase *c, fer_u128 z3) {
  (void)c, (void)z3;
  return NULL;
}

TEST(fp_conv_z3_differential) {
  if (!fer_test_have("z3")) SKIP("z3 not found (tests/deps.sh installs it)");
  const char *env = getenv("FERRET_Z3CONV_N");
  long total = env ? atol(env) : fer_test_quick ? 1000 : 10000;
  const long per_batch = 300;
  fcv_rng r = fcv_seed(77);
  long checked = 0, agree = 0, known = 0, unspec = 0, unspec_zero = 0, bad = 0;
  long per_kind[K_COUNT] = {0};
  zcase *cs = calloc((size_t)per_batch, sizeof *cs);
  for (long i = 0; i < per_batch; i++) mpq_init(cs[i].q);
  mpz_t num, den, tmp;
  mpz_inits(num, den, tmp, NULL);
  for (long done = 0; done < total;) {
    long n = total - done < per_batch ? total - done : per_batch;
    zbuf t = {0};
    for (long i = 0; i < n; i++) make_case(&r, &cs[i], &t, num, den, tmp);
    char path[] = "/tmp/ferret-z3conv-XXXXXX";
    int fd = mkstemp(path);
    FILE *fp = fd >= 0 ? fdopen(fd, "w") : NULL;
    CHECK(fp != NULL);
    if (!fp) break;
    fputs("(check-sat)\n", fp);
    for (long i = 0; i < n; i++) fprintf(fp, "(get-value (%s))\n", t.p + cs[i].at);
    fclose(fp);
    char cmd[96];
    snprintf(cmd, sizeof cmd, "z3 -T:120 -smt2 %s 2>&1", path);
    FILE *pp = popen(cmd, "r");
    zbuf out = {0};
    char chunk[4096];
    size_t k;
    while (pp && (k = fread(chunk, 1, sizeof chunk - 1, pp)) > 0) chunk[k] = '\0', zb_add(&out, chunk);
    if (pp) pclose(pp);
    unlink(path);
    const char *p = out.p ? skip_ws(out.p) : "";
    CHECK_MSG(!strncmp(p, "sat", 3), "z3 did not start with sat: %.200s", p);
    p = skip_ws(p + 3);
    for (long i = 0; i < n; i++, p = skip_ws(p)) {
      zcase *c = &cs[i];
      /* ((TERM VALUE)) */
      const char *v = NULL;
      fer_u128 z3 = 0;
      bool is_fp = c->kind < K_TO_UBV;
      if (p[0] == '(' && p[1] == '(') v = skip_ws(sexpr_end(p + 2));
      if (!v || !parse_value(v, c->to, is_fp, &z3)) {
        CHECK_MSG(0, "cannot read z3's answer to %s: %.200s", t.p + c->at, p);
        bad++;
        p = sexpr_end(p);
        continue;
      }
      p = sexpr_end(p);
      checked++, per_kind[c->kind]++;
      if (!c->defined) { /* unspecified: not compared */
        unspec++, unspec_zero += z3 == 0;
        continue;
      }
      fer_u128 ours = is_fp ? fer_fp_canon(c->to, c->ours) : c->ours;
      if (z3 == ours) {
        agree++;
        continue;
      }
      fer_u128 ref = mpfr_answer(c);
      const char *cls = ref == ours ? z3_bug_class(c, z3) : NULL;
      if (cls) {
        known++;
        continue;
      }
      if (bad++ < 12) {
        char a[40], b[40], m[40];
        CHECK_MSG(0, "(get-value (%s)): ferret %s z3 %s mpfr %s", t.p + c->at, fcv_hex(a, ours),
                  fcv_hex(b, z3), fcv_hex(m, ref));
      }
    }
    free(t.p), free(out.p);
    done += n;
  }
  for (long i = 0; i < per_batch; i++) mpq_clear(cs[i].q);
  free(cs);
  mpz_clears(num, den, tmp, NULL);
  CHECK(bad == 0);
  CHECK(checked == total);
  fprintf(stderr, "fp_conv_z3: %ld checked, %ld agree, %ld known z3 bugs, %ld mismatches; "
                  "%ld unspecified to_ubv/to_sbv (z3 gave 0 in %ld)\n",
          checked, agree, known, bad, unspec, unspec_zero);
  for (int i = 0; i < K_COUNT; i++) fprintf(stderr, "  %-16s %ld\n", kind_name[i], per_kind[i]);
}
