/* The sample job through the public API (ferret.h, section "sample"):
 * distinctness by bits (NaN one value), projection, reproducibility with
 * a seed, a count and an enumerated space ending the run, samples checked
 * by z3 (when installed), unsat and bad input, and SMT coverage on the
 * paper's hand-worked example. */
#include <stdlib.h>
#include <string.h>

#include "ferret.h"
#include "fp_conv_gen.h" /* its splitmix64 */
#include "sample/dedup.h"
#include "smt/term.h"
#include "test.h"

static void quiet(void *u, const char *t, size_t n) { (void)u, (void)t, (void)n; }

static ferret *load(const char *opts, const char *text) {
  ferret *f = ferret_new();
  ferret_set_output(f, quiet, NULL);
  ferret_set_diagnostic(f, quiet, NULL);
  char buf[256];
  snprintf(buf, sizeof buf, "%s", opts);
  for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
    char *eq = strchr(tok, '=');
    if (!eq) continue;
    *eq = 0;
    CHECK_MSG(ferret_set_option(f, tok, eq + 1) == FERRET_OK, "option %s", tok);
  }
  CHECK(ferret_set_option(f, "parse_only", "1") == FERRET_OK);
  CHECK(ferret_execute(f, "test", text, strlen(text)) == FERRET_OK);
  return f;
}

/* Every sample's text, one after the other. */
typedef struct got {
  fer_test_buf all;
  char **lines;
  size_t n, cap;
  uint64_t stop_after;
} got;

static int keep(void *user, const ferret_sample_item *s) {
  got *g = user;
  if (s->header) fer_test_buf_add(&g->all, s->header, s->header_len);
  fer_test_buf_add(&g->all, s->text, s->len);
  if (g->n == g->cap) {
    g->cap = g->cap ? 2 * g->cap : 64;
    g->lines = realloc(g->lines, g->cap * sizeof *g->lines);
  }
  g->lines[g->n] = malloc(s->len + 1);
  memcpy(g->lines[g->n], s->text, s->len + 1);
  g->n++;
  return g->stop_after && g->n >= g->stop_after;
}

static void got_free(got *g) {
  for (size_t i = 0; i < g->n; i++) free(g->lines[i]);
  free(g->lines);
  free(g->all.data);
  memset(g, 0, sizeof *g);
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static size_t distinct(got *g) {
  if (!g->n) return 0;
  char **c = malloc(g->n * sizeof *c);
  memcpy(c, g->lines, g->n * sizeof *c);
  qsort(c, g->n, sizeof *c, cmp_str);
  size_t d = 1;
  for (size_t i = 1; i < g->n; i++) d += strcmp(c[i - 1], c[i]) != 0;
  free(c);
  return d;
}

static ferret_result run(ferret *f, const char *strategy, const char *proj,
                         uint64_t count, ferret_sample_format fmt, got *g) {
  ferret_sample_options o;
  ferret_sample_options_init(&o);
  o.count = count, o.strategy = strategy, o.project = proj, o.format = fmt;
  ferret_result r = FERRET_UNKNOWN;
  CHECK(ferret_sample(f, &o, keep, g, &r) == FERRET_OK);
  return r;
}

static const char *fp_formula =
    "(declare-const x Float32)(declare-const y Float32)"
    "(assert (fp.lt x y))(assert (fp.gt (fp.add RNE x y) ((_ to_fp 8 24) RNE 1.0)))";

TEST(sample_distinct_every_strategy) {
  const char *st[] = {"naive", "de", "sm", "sm+de"};
  for (int k = 0; k < 4; k++) {
    ferret *f = load("timeout=20", fp_formula);
    got g = {0};
    ferret_result r = run(f, st[k], NULL, 300, FERRET_FORMAT_SMT2, &g);
    CHECK_MSG(r == FERRET_SAT, "%s", st[k]);
    CHECK_MSG(g.n == 300, "%s: %zu samples", st[k], g.n);
    CHECK_MSG(distinct(&g) == g.n, "%s: duplicates", st[k]);
    got_free(&g);
    ferret_delete(f);
  }
}

/* sm+de scales the FP variables of a solution together (engine.h, DE):
 * here z <= y <= x within a relative 2^-10 of each other, which a move of
 * one variable alone breaks.  3,000 samples, seed 1, show x at 31
 * exponents; without the joint move 3 to 6 (seeds 1-3). */
TEST(sample_scales_cluster_together) {
  ferret *f = load("seed=1",
                   "(declare-const x Float32)(declare-const y Float32)"
                   "(declare-const z Float32)(assert (fp.leq z y))(assert (fp.leq y x))"
                   "(assert (fp.lt ((_ to_fp 8 24) RNE 1.0) z))"
                   "(assert (fp.leq (fp.sub RNE x z)"
                   " (fp.mul RNE x ((_ to_fp 8 24) RNE 0.0009765625))))");
  got g = {0};
  CHECK(run(f, "sm+de", NULL, 3000, FERRET_FORMAT_CSV, &g) == FERRET_SAT);
  CHECK_EQ_U(g.n, 3000);
  bool seen[256] = {false};
  unsigned exps = 0, bits = 0;
  for (size_t i = 0; i < g.n; i++) {
    CHECK_MSG(sscanf(g.lines[i], "#x%8x,", &bits) == 1, "line %s", g.lines[i]);
    unsigned e = (bits >> 23) & 255;
    exps += !seen[e], seen[e] = true;
  }
  CHECK_MSG(exps >= 20, "x at %u exponents only", exps);
  got_free(&g);
  ferret_delete(f);
}

/* The judge drops the constants of each candidate after it: thousands of
 * samples leave the term store as it was after the first ones. */
/* options.no_values: no term per sample, values NULL, the same text. */
static int keep_no_values(void *user, const ferret_sample_item *s) {
  CHECK(s->values == NULL);
  return keep(user, s);
}

TEST(sample_no_values_same_text) {
  got with = {0}, without = {0};
  ferret *f = load("seed=4", fp_formula);
  CHECK(run(f, NULL, NULL, 300, FERRET_FORMAT_JSONL, &with) == FERRET_SAT);
  ferret_delete(f);
  f = load("seed=4", fp_formula);
  ferret_sample_options o;
  ferret_sample_options_init(&o);
  o.count = 300, o.no_values = 1;
  ferret_result r = FERRET_UNKNOWN;
  CHECK(ferret_sample(f, &o, keep_no_values, &without, &r) == FERRET_OK);
  CHECK(r == FERRET_SAT && without.n == 300);
  CHECK(with.all.size == without.all.size && with.all.size &&
        !memcmp(with.all.data, without.all.data, with.all.size));
  ferret_delete(f);
  got_free(&with);
  got_free(&without);
}

TEST(sample_term_store_bounded) {
  ferret *f = load("timeout=20", fp_formula);
  got g = {0};
  CHECK(run(f, "sm+de", NULL, 50, FERRET_FORMAT_CSV, &g) == FERRET_SAT);
  uint32_t after_few = fer_term_count(f);
  got_free(&g);
  CHECK(run(f, "sm+de", NULL, 5000, FERRET_FORMAT_CSV, &g) == FERRET_SAT);
  CHECK_MSG(g.n == 5000, "%zu samples", g.n);
  uint32_t after_many = fer_term_count(f);
  CHECK_MSG(after_many < after_few + 200, "terms: %u after 50 samples, %u after "
            "5000 more", after_few, after_many);
  got_free(&g);
  ferret_delete(f);
}

TEST(sample_nan_is_one_value) {
  /* 2^16 inputs, enumerated: 2046 NaN patterns are one sample */
  ferret *f = load("", "(declare-const h Float16)(assert (fp.isNaN h))");
  got g = {0};
  CHECK(run(f, NULL, NULL, 0, FERRET_FORMAT_JSONL, &g) == FERRET_SAT);
  CHECK_EQ_U(g.n, 1);
  got_free(&g);
  ferret_delete(f);
}

TEST(sample_projection) {
  /* x < 3 and y != 15 on 4 bits: 3 x values, each once; 45 full
   * samples.  z is declared but not in the formula: always its default. */
  const char *t = "(declare-const x (_ BitVec 4))(declare-const y (_ BitVec 4))"
                  "(declare-const z (_ BitVec 4))"
                  "(assert (bvult x #x3))(assert (distinct y #xf))";
  ferret *f = load("", t);
  got g = {0};
  CHECK(run(f, NULL, "x", 0, FERRET_FORMAT_CSV, &g) == FERRET_SAT);
  CHECK_EQ_U(g.n, 3);
  CHECK(distinct(&g) == 3);
  CHECK(!strncmp(g.all.data, "x\n", 2)); /* the header names x only */
  got_free(&g);
  CHECK(run(f, NULL, NULL, 0, FERRET_FORMAT_CSV, &g) == FERRET_SAT);
  CHECK_EQ_U(g.n, 45);
  CHECK(distinct(&g) == 45);
  CHECK(!strncmp(g.all.data, "x,y,z\n", 6));
  for (size_t i = 0; i < g.n; i++) CHECK(strstr(g.lines[i], ",#x0\n") != NULL);
  got_free(&g);
  /* a projection name that is not declared */
  ferret_sample_options o;
  ferret_sample_options_init(&o);
  o.project = "x,nope";
  CHECK(ferret_sample(f, &o, keep, &g, NULL) == FERRET_ERROR_OPTION);
  CHECK(strstr(ferret_error(f)->message, "nope") != NULL);
  ferret_delete(f);
}

TEST(sample_reproducible_with_seed) {
  got a = {0}, b = {0}, c = {0};
  ferret *f = load("seed=7", fp_formula);
  CHECK(run(f, NULL, NULL, 200, FERRET_FORMAT_JSONL, &a) == FERRET_SAT);
  ferret_delete(f);
  f = load("seed=7", fp_formula);
  CHECK(run(f, NULL, NULL, 200, FERRET_FORMAT_JSONL, &b) == FERRET_SAT);
  ferret_delete(f);
  f = load("seed=8", fp_formula);
  CHECK(run(f, NULL, NULL, 200, FERRET_FORMAT_JSONL, &c) == FERRET_SAT);
  ferret_delete(f);
  CHECK(a.all.data && b.all.data && !strcmp(a.all.data, b.all.data));
  CHECK(c.all.data && strcmp(a.all.data, c.all.data) != 0);
  got_free(&a), got_free(&b), got_free(&c);
}

/* One worker's samples do not depend on where the judge runs (option
 * judge_thread): the worker's pool takes each solution before the
 * judge's verdict either way.  The second formula has 128 solutions in a
 * space too large to enumerate, so the judge also skips repeats. */
TEST(sample_same_with_judge_thread) {
  const char *st[] = {"naive", "de", "sm", "sm+de"};
  const char *fm[] = {fp_formula,
                      "(declare-const x (_ BitVec 12))(declare-const y Float16)"
                      "(assert (bvult x #x010))(assert (fp.leq ((_ to_fp 5 11) RNE 1.0) y))"
                      "(assert (fp.lt y ((_ to_fp 5 11) RNE 1.0078125)))"};
  for (int k = 0; k < 8; k++) {
    got a = {0}, b = {0};
    ferret *f = load("judge_thread=off seed=5 timeout=20", fm[k / 4]);
    CHECK(run(f, st[k % 4], NULL, k < 4 ? 500 : 120, FERRET_FORMAT_CSV, &a) == FERRET_SAT);
    ferret_delete(f);
    f = load("judge_thread=on seed=5 timeout=20", fm[k / 4]);
    CHECK(run(f, st[k % 4], NULL, k < 4 ? 500 : 120, FERRET_FORMAT_CSV, &b) == FERRET_SAT);
    ferret_delete(f);
    CHECK_MSG(a.n == (k < 4 ? 500u : 120u), "%s: %zu samples", st[k % 4], a.n);
    CHECK_MSG(b.n == a.n && !strcmp(a.all.data, b.all.data), "%s, formula %d", st[k % 4], k / 4);
    got_free(&a), got_free(&b);
  }
}

/* y := x + 1 is eliminated by preprocessing, leaving no assertion: x is
 * free and must still vary (not one default sample). */
TEST(sample_free_variables_vary) {
  ferret *f = load("", "(declare-const x (_ BitVec 8))(declare-const y (_ BitVec 8))"
                       "(assert (= y (bvadd x #x01)))");
  got g = {0};
  CHECK(run(f, NULL, NULL, 0, FERRET_FORMAT_CSV, &g) == FERRET_SAT);
  CHECK_EQ_U(g.n, 256);
  CHECK(distinct(&g) == 256);
  got_free(&g);
  /* p's constraint simplifies away: p takes both values */
  ferret_delete(f);
  f = load("", "(declare-const p Bool)(declare-const b (_ BitVec 2))"
               "(assert (or p (not p)))(assert (bvult b #b10))");
  CHECK(run(f, NULL, NULL, 0, FERRET_FORMAT_CSV, &g) == FERRET_SAT);
  CHECK_EQ_U(g.n, 4);
  got_free(&g);
  ferret_delete(f);
}

TEST(sample_callback_stop) {
  ferret *f = load("", fp_formula);
  got g = {0};
  g.stop_after = 5;
  CHECK(run(f, NULL, NULL, 0, FERRET_FORMAT_JSONL, &g) == FERRET_SAT);
  CHECK_EQ_U(g.n, 5);
  got_free(&g);
  ferret_delete(f);
}

TEST(sample_unsat_and_bad_input) {
  ferret *f = load("", "(declare-const x (_ BitVec 8))(assert (bvult x #x00))");
  got g = {0};
  CHECK(run(f, NULL, NULL, 10, FERRET_FORMAT_JSONL, &g) == FERRET_UNSAT);
  CHECK_EQ_U(g.n, 0);
  ferret_sample_options o;
  ferret_sample_options_init(&o);
  o.strategy = "clever";
  CHECK(ferret_sample(f, &o, keep, &g, NULL) == FERRET_ERROR_OPTION);
  ferret_delete(f);
  /* unsat found by enumeration of the whole space */
  f = load("", "(declare-const x (_ BitVec 8))(assert (= (bvmul x x) #x02))");
  CHECK(run(f, NULL, NULL, 10, FERRET_FORMAT_JSONL, &g) == FERRET_UNSAT);
  ferret_delete(f);
  /* a budget with no solution: unknown */
  f = load("max_execs=2000", "(declare-const x (_ BitVec 64))(assert (= (bvmul x #x0000000000000003) #x123456789abcdef1))");
  CHECK(run(f, NULL, NULL, 10, FERRET_FORMAT_JSONL, &g) != FERRET_UNSAT);
  ferret_delete(f);
  got_free(&g);
}

/* z3 agrees that each of a few samples satisfies the formula. */
TEST(sample_validated_by_z3) {
  if (!fer_test_have("z3")) SKIP("z3 not installed");
  ferret *f = load("", fp_formula);
  got g = {0};
  CHECK(run(f, NULL, NULL, 400, FERRET_FORMAT_SMT2, &g) == FERRET_SAT);
  ferret_delete(f);
  size_t checked = 0;
  for (size_t i = 0; i < g.n; i += g.n / 8 + 1) {
    char path[] = "/tmp/ferret-sample-z3-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    FILE *fp = fdopen(fd, "w");
    fprintf(fp, "(set-logic QF_FP)%s\n", fp_formula);
    /* each (define-fun v () S val) becomes (assert (= v val)); both x
     * and y must be pinned, or z3 would only judge the formula */
    int pinned = 0;
    for (char *p = g.lines[i]; (p = strstr(p, "(define-fun ")); p++) {
      char name[64], sort[64];
      int used = 0;
      if (sscanf(p, "(define-fun %63s () %63s%n", name, sort, &used) < 2) break;
      const char *val = strstr(p, "Float32 ") ? strstr(p, "Float32 ") + 8 : NULL;
      if (!val) {
        /* sorts print as (_ FloatingPoint 8 24) */
        val = strstr(p, "24) ");
        val = val ? val + 4 : NULL;
      }
      CHECK(val != NULL);
      if (!val) break;
      const char *end = strchr(val, '\n');
      fprintf(fp, "(assert (= %s %.*s))\n", name, (int)(end - val - 1), val);
      pinned += !strcmp(name, "x") || !strcmp(name, "y");
    }
    CHECK_MSG(pinned == 2, "%d of x, y read from sample %zu:\n%s", pinned, i, g.lines[i]);
    checked++;
    fprintf(fp, "(check-sat)\n");
    fclose(fp);
    char cmd[256];
    snprintf(cmd, sizeof cmd, "z3 -T:20 %s", path);
    FILE *z = popen(cmd, "r");
    char line[64] = "";
    CHECK(z && fgets(line, sizeof line, z));
    if (z) pclose(z);
    CHECK_MSG(!strcmp(line, "sat\n"), "z3 says %s on sample %zu:\n%s", line, i, g.lines[i]);
    remove(path);
  }
  CHECK_MSG(checked >= 8, "only %zu samples checked by z3", checked);
  got_free(&g);
}

/* ---------------------------------------------------------- coverage */

static ferret_coverage_info cover(const char *formula, const char *samples, int format) {
  ferret *f = load("", formula);
  ferret_coverage *c = ferret_coverage_new(f);
  ferret_coverage_info info;
  memset(&info, 0, sizeof info);
  CHECK(c != NULL);
  if (!c) return info;
  CHECK(ferret_coverage_add(c, "test", samples, strlen(samples), format, NULL, NULL) == FERRET_OK);
  ferret_coverage_get(c, &info);
  ferret_coverage_delete(c);
  ferret_delete(f);
  return info;
}

TEST(sample_coverage_paper_example) {
  /* (x + 0) >= x: one node, the 32-bit addition; +0, -0, -2 cover its
   * sign bit and one exponent bit: 2 / 32 = 6.25 % */
  const char *t = "(declare-const x Float32)"
                  "(assert (fp.geq (fp.add RNE x (_ +zero 8 24)) x))";
  ferret_coverage_info c = cover(
      t,
      "{\"x\": {\"bits\": \"#x00000000\"}}\n{\"x\": {\"bits\": \"#x80000000\"}}\n"
      "{\"x\": {\"bits\": \"#xc0000000\"}}\n",
      -1);
  CHECK_EQ_U(c.samples, 3);
  CHECK_EQ_U(c.bits_fp, 32);
  CHECK_EQ_U(c.covered_fp, 2);
  CHECK(c.percent > 6.2499 && c.percent < 6.2501);
  /* the same samples as smt2 and as csv */
  c = cover(t,
            "(define-fun x () Float32 (_ +zero 8 24))\n\n"
            "(define-fun x () Float32 (_ -zero 8 24))\n\n"
            "(define-fun x () Float32 (fp #b1 #x80 #b00000000000000000000000))\n\n",
            -1);
  CHECK_EQ_U(c.samples, 3);
  CHECK(c.percent > 6.2499 && c.percent < 6.2501);
  c = cover(t, "x\n#x00000000\n#x80000000\n#xc0000000\n", 2);
  CHECK_EQ_U(c.samples, 3);
  CHECK(c.percent > 6.2499 && c.percent < 6.2501);
  /* after the first sample alone nothing is covered */
  c = cover(t, "x\n#x00000000\n", 2);
  CHECK(c.percent == 0);
}

TEST(sample_coverage_kinds_and_errors) {
  /* nodes: (bvadd x y) 8 bits, (= ... #x10) Bool is an assertion: not
   * counted; (bvult x y) under not: Bool node */
  const char *t = "(declare-const x (_ BitVec 8))(declare-const y (_ BitVec 8))"
                  "(assert (or (= (bvadd x y) #x10) (bvult x y)))";
  ferret_coverage_info c = cover(t, "x,y\n#x00,#x10\n#x10,#x00\n#x01,#x02\n", -1);
  CHECK_EQ_U(c.samples, 3);
  CHECK_EQ_U(c.bits_bv, 8);
  CHECK_EQ_U(c.bits_bool, 2); /* the = and the bvult */
  CHECK(c.covered_bool >= 1);
  /* malformed text: a parse error with the line */
  ferret *f = load("", t);
  ferret_coverage *cv = ferret_coverage_new(f);
  const char *bad = "{\"x\": {\"bits\": \"#x00\"}, \"y\": \"#x01\"}\n"
                    "{\"x\": {\"bits\": \"#xzz\"}, \"y\": \"#x01\"}\n";
  CHECK(ferret_coverage_add(cv, "bad", bad, strlen(bad), 0, NULL, NULL) == FERRET_ERROR_PARSE);
  CHECK_EQ_U(ferret_error(f)->line, 2);
  ferret_coverage_delete(cv);
  ferret_delete(f);
}

/* Samples written by ferret read back by the coverage reader, in every
 * format, give the same coverage as the job tracked. */
TEST(sample_coverage_round_trip) {
  for (int fmt = 0; fmt < 3; fmt++) {
    ferret *f = load("", fp_formula);
    got g = {0};
    ferret_sample_options o;
    ferret_sample_options_init(&o);
    o.count = 100, o.format = (ferret_sample_format)fmt, o.coverage = 1;
    ferret_result r;
    CHECK(ferret_sample(f, &o, keep, &g, &r) == FERRET_OK && r == FERRET_SAT);
    ferret_coverage *c = ferret_coverage_new(f);
    CHECK(ferret_coverage_add(c, "s", g.all.data, g.all.size, fmt, NULL, NULL) == FERRET_OK);
    ferret_coverage_info info;
    ferret_coverage_get(c, &info);
    CHECK_EQ_U(info.samples, 100);
    CHECK_MSG(info.percent > 0, "format %d", fmt);
    ferret_coverage_delete(c);
    got_free(&g);
    ferret_delete(f);
  }
}

/* --prefer: the first half of the count satisfies the preference, the
 * rest need not; every sample is still a model (x < #x1000) and distinct.
 * A preference no model satisfies gives the whole count from the formula
 * alone.  --neighbours runs and keeps the samples distinct. */
TEST(sample_prefer_and_neighbours) {
  static const char text[] = "(declare-const x (_ BitVec 16))"
                             "(declare-const y (_ BitVec 16))"
                             "(assert (bvult x #x1000))"
                             "(assert (bvugt (bvadd x y) #x0100))";
  ferret *f = load("seed=3", text);
  static const char pref[] = "(= ((_ extract 3 0) x) #x7)";
  ferret_term p = ferret_parse_term(f, pref, sizeof pref - 1);
  CHECK(p != 0);
  ferret_sample_options o;
  ferret_sample_options_init(&o);
  o.count = 40, o.prefer = &p, o.nprefer = 1;
  got g = {0};
  ferret_result r = FERRET_UNKNOWN;
  CHECK(ferret_sample(f, &o, keep, &g, &r) == FERRET_OK && r == FERRET_SAT);
  CHECK_EQ_U(g.n, 40);
  CHECK_EQ_U(distinct(&g), 40);
  size_t pref_ok = 0, later_ok = 0;
  for (size_t i = 0; i < g.n; i++) {
    unsigned x = 0;
    const char *at = strstr(g.lines[i], "\"x\": {\"value\": \"#x");
    CHECK(at && sscanf(at + 19, "%4x", &x) == 1);
    CHECK_MSG(x < 0x1000, "sample %zu: x = %#x is no model", i, x);
    if (i < 20) pref_ok += (x & 15) == 7;
    else later_ok += (x & 15) == 7;
  }
  CHECK_EQ_U(pref_ok, 20);
  CHECK_MSG(later_ok < 20, "the second half also only preferred samples");
  got_free(&g);
  /* an impossible preference: samples come from the formula alone (the
   * intervals prove the preferred formula unsat) */
  static const char never[] = "(bvuge x #x2000)";
  ferret_term q = ferret_parse_term(f, never, sizeof never - 1);
  o.prefer = &q;
  CHECK(ferret_sample(f, &o, keep, &g, &r) == FERRET_OK && r == FERRET_SAT);
  CHECK_EQ_U(g.n, 40);
  got_free(&g);
  /* neighbours */
  o.prefer = NULL, o.nprefer = 0, o.neighbours = 1, o.count = 500;
  CHECK(ferret_sample(f, &o, keep, &g, &r) == FERRET_OK && r == FERRET_SAT);
  CHECK_EQ_U(distinct(&g), 500);
  got_free(&g);
  /* parse errors and a non-Bool preference */
  CHECK(ferret_parse_term(f, "(bvult x", 8) == 0);
  CHECK(ferret_error(f)->status == FERRET_ERROR_PARSE);
  CHECK(ferret_parse_term(f, "x y", 3) == 0);
  CHECK(ferret_parse_term(f, "", 0) == 0);
  ferret_term xv = ferret_parse_term(f, "x", 1);
  CHECK(xv != 0);
  o.prefer = &xv, o.nprefer = 1;
  CHECK(ferret_sample(f, &o, keep, &g, &r) == FERRET_ERROR_SORT);
  got_free(&g);
  ferret_delete(f);
}

static void grab(void *u, const char *t, size_t n) { fer_test_buf_add(u, t, n); }

/* The end of the last sample run, as --stats gives it. */
static bool ended_complete(ferret *f) {
  fer_test_buf b = {0};
  ferret_set_diagnostic(f, grab, &b);
  ferret_print_sample_stats(f);
  fer_test_buf_add(&b, "", 1);
  bool c = b.data && strstr(b.data, "\"end\": \"complete\"");
  free(b.data);
  return c;
}

/* The search draws inside the interval domains, as solve's does: x + 1
 * narrowed to 21 values narrows x by the backward rule of fp.add, and
 * that small space is enumerated: the run ends complete.  Without the
 * domains (intervals=0) it is a search of 2^32 values that runs to the
 * budget. */
TEST(sample_inside_interval_domains) {
  const char *formula =
      "(declare-const x Float32)(define-fun s () Float32 (fp.add RNE x ((_ to_fp 8 24) RNE 1.0)))"
      "(assert (fp.leq (fp #b0 #b10001100 #b00000000010000000000000) s))"
      "(assert (fp.leq s (fp #b0 #b10001100 #b00000000010000000010100)))";
  ferret *f = load("max_execs=50000", formula);
  got g = {0};
  CHECK(run(f, "sm+de", NULL, 0, FERRET_FORMAT_CSV, &g) == FERRET_SAT);
  CHECK_MSG(g.n == 21 && distinct(&g) == g.n, "%zu samples", g.n); /* every one: the last too */
  CHECK(ended_complete(f));
  got_free(&g);
  ferret_delete(f);
  f = load("max_execs=50000 intervals=0", formula);
  run(f, "sm+de", NULL, 0, FERRET_FORMAT_CSV, &g);
  CHECK(!ended_complete(f));
  got_free(&g);
  ferret_delete(f);
}

/* The dedup filter: every fingerprint added is found again (no duplicate
 * is ever emitted), and the false-duplicate rate it reports is the one
 * new fingerprints meet (measured on copies of a well-filled filter, so
 * that the probes do not fill it further). */
TEST(sample_dedup_filter) {
  ferret *f = ferret_new();
  fer_dedup d;
  CHECK(fer_dedup_init(f, &d, 64 << 10)); /* 1024 blocks */
  fcv_rng x = {1}, y = {1};
  uint64_t n = 40000, fresh = 0;
  for (uint64_t i = 0; i < n; i++) {
    uint64_t h1 = fcv_next(&x), h2 = fcv_next(&x);
    fresh += fer_dedup_add(&d, h1, h2);
  }
  for (uint64_t i = 0; i < n; i++) {
    uint64_t h1 = fcv_next(&y), h2 = fcv_next(&y);
    if (fer_dedup_add(&d, h1, h2)) CHECK_MSG(0, "fingerprint %llu lost", (unsigned long long)i);
  }
  double fill = 0, rate = fer_dedup_false_rate(&d, &fill);
  CHECK(fresh > n - n / 50 && fresh <= n);
  CHECK(rate > 1e-4 && rate < 1e-1);
  /* 7 bits per fingerprint: each bit is set with probability about
   * 1 - e^(-7 n / nbits) = 0.41 */
  CHECK_MSG(fill > 0.40 && fill < 0.42, "fill %g", fill);
  size_t bytes = (size_t)(d.nbits / 8);
  uint64_t *keep = malloc(bytes), found = 0, probes = 1000000;
  memcpy(keep, d.bits, bytes);
  for (uint64_t i = 0; i < probes; i++) {
    if (i % 100 == 0) memcpy(d.bits, keep, bytes);
    uint64_t h1 = fcv_next(&x), h2 = fcv_next(&x);
    found += !fer_dedup_add(&d, h1, h2);
  }
  double seen = (double)found / (double)probes;
  CHECK_MSG(seen > rate * 0.9 && seen < rate * 1.1, "measured %g, reported %g", seen, rate);
  free(keep);
  fer_dedup_release(f, &d);
  ferret_delete(f);
}

/* ---------------------------------------------- the sample-file reader */

/* Samples of every sort (Bool, RoundingMode, BV of 12 and 3 bits, Float16,
 * a name that needs escaping in every format) written by ferret_sample in
 * each format, then read back cut at every length into a buffer of
 * exactly that length (AddressSanitizer sees any read past it).  A cut
 * text either gives exactly the samples it holds whole, or a parse error
 * with a line and column inside the text; never anything else. */
TEST(sample_reader_truncated_every_length) {
  static const char text[] =
      "(declare-const b Bool)(declare-const r RoundingMode)"
      "(declare-const x (_ BitVec 12))(declare-const h Float16)"
      "(declare-const |q \"v\"| (_ BitVec 3))"
      "(assert (or b (bvult x #x100)))"
      "(assert (fp.lt (fp.add r h h) (fp #b0 #b10000 #b0000000000)))"
      "(assert (bvule |q \"v\"| #b110))";
  for (int fmt = 0; fmt < 3; fmt++) {
    ferret *f = load("seed=7", text);
    got g = {0};
    CHECK(run(f, NULL, NULL, 4, (ferret_sample_format)fmt, &g) == FERRET_SAT);
    CHECK_EQ_U(g.n, 4);
    /* where each sample's text ends, its trailing newlines left out */
    size_t ends[4] = {0}, at = g.all.size;
    for (size_t k = g.n; k-- > 0;) {
      size_t e = at;
      while (e && g.all.data[e - 1] == '\n') e--;
      ends[k] = e;
      at -= strlen(g.lines[k]);
    }
    ferret_coverage *c = ferret_coverage_new(f);
    for (size_t len = 0; len <= g.all.size; len++) {
      char *cut = malloc(len ? len : 1);
      memcpy(cut, g.all.data, len);
      ferret_coverage_info before, after;
      ferret_coverage_get(c, &before);
      ferret_status st = ferret_coverage_add(c, "t", cut, len, fmt, NULL, NULL);
      ferret_coverage_get(c, &after);
      size_t whole = 0;
      for (size_t k = 0; k < g.n; k++) whole += ends[k] <= len;
      if (st == FERRET_OK) {
        CHECK_MSG(after.samples - before.samples == whole,
                  "format %d, %zu bytes: %llu samples read, %zu whole", fmt, len,
                  (unsigned long long)(after.samples - before.samples), whole);
      } else {
        const ferret_error_info *e = ferret_error(f);
        size_t lines = 1;
        for (size_t k = 0; k < len; k++) lines += cut[k] == '\n';
        CHECK_MSG(st == FERRET_ERROR_PARSE, "format %d, %zu bytes: status %d", fmt, len, st);
        CHECK_MSG(e->line >= 1 && e->line <= lines && e->column >= 1,
                  "format %d, %zu bytes: error at %u:%u (%s)", fmt, len, e->line,
                  e->column, e->message);
        CHECK_MSG(!strncmp(e->message, "t:", 2), "message '%s'", e->message);
        CHECK_MSG(whole < g.n, "format %d: the whole text refused: %s", fmt, e->message);
      }
      free(cut);
    }
    ferret_coverage_delete(c);
    got_free(&g);
    ferret_delete(f);
  }
}

/* Each sample must give the formula's variables, each once, with a value
 * of its sort and width: anything else is refused at its line:column. */
TEST(sample_reader_refuses_other_formulas) {
  static const char formula[] = "(declare-const x (_ BitVec 8))(declare-const p Bool)"
                                "(assert (or p (bvult x #x10)))";
  static const struct {
    int format;
    const char *text;
    unsigned line, col;
    const char *says;
  } bad[] = {
      {0, "{\"x\": \"#x01\", \"p\": \"#b1\"}\n{\"x\": \"#x02\", \"z\": \"#b1\"}\n", 2, 15,
       "'z' is not a variable"},
      {0, "{\"x\": \"#x01\"}\n", 1, 1, "no value for 'p'"},
      {0, "{\"x\": {\"bits\": \"#x001\"}, \"p\": \"#b1\"}\n", 1, 17, "has 12 bits"},
      {0, "{\"x\": \"true\", \"p\": \"#b1\"}\n", 1, 8, "not a value of 'x'"},
      {0, "{\"x\": \"#x01\", \"x\": \"#x01\", \"p\": \"#b0\"}\n", 1, 15, "'x' given twice"},
      {0, "{\"x\": \"#x01\", \"p\": \"#b1\"} {}\n", 1, 27, "text after"},
      {0, "{\"x\": {\"value\": \"#x01\"}, \"p\": \"#b1\"}\n", 1, 2, "no \"bits\""},
      {0, "{\"x\": \"#x0g\", \"p\": \"#b1\"}\n", 1, 11, "not a hexadecimal digit"},
      {2, "x,p\n#x01,true\n#x02\n", 3, 5, "ends after 1 of 2 cells"},
      {2, "x,p\n#x01,true\n#x02,\n", 3, 6, "no value for 'p'"},
      {2, "x,p,z\n", 1, 5, "'z' is not a variable"},
      {2, "x\n#x01\n", 1, 1, "no column for 'p'"},
      {2, "x,x,p\n", 1, 3, "'x' named twice"},
      {2, "x,p\n#x01,maybe\n", 2, 6, "not a value of 'p'"},
      {2, "x,p\n#x01,true,#x02\n", 2, 11, "more cells"},
      {2, "x,p\n\"#x01\"x,true\n", 2, 7, "expected ','"},
      {1, "(define-fun x () (_ BitVec 8) #x01)\n(define-fun z () Bool true)\n", 2, 13,
       "'z' is not a variable"},
      {1, "(define-fun x () (_ BitVec 8) #x01)\n\n", 1, 13, "no value for 'p'"},
      {1, "(define-fun x () Bool true)\n(define-fun p () Bool true)\n", 1, 23, "sort Bool"},
      {1, "(assert true)\n", 1, 1, "expected (define-fun"},
  };
  ferret *f = load("", formula);
  ferret_coverage *c = ferret_coverage_new(f);
  for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
    size_t n = strlen(bad[k].text);
    char *copy = malloc(n); /* no NUL after the text */
    memcpy(copy, bad[k].text, n);
    ferret_status st = ferret_coverage_add(c, "s", copy, n, bad[k].format, NULL, NULL);
    const ferret_error_info *e = ferret_error(f);
    char where[32];
    snprintf(where, sizeof where, "s:%u:%u: ", bad[k].line, bad[k].col);
    CHECK_MSG(st == FERRET_ERROR_PARSE, "case %zu: status %d", k, st);
    CHECK_MSG(e->line == bad[k].line && e->column == bad[k].col,
              "case %zu: at %u:%u, expected %u:%u (%s)", k, e->line, e->column,
              bad[k].line, bad[k].col, e->message ? e->message : "");
    CHECK_MSG(e->message && !strncmp(e->message, where, strlen(where)) &&
                  strstr(e->message, bad[k].says),
              "case %zu: message '%s', expected '%s...%s'", k,
              e->message ? e->message : "", where, bad[k].says);
    free(copy);
  }
  /* the same variables, well formed, in every format and both spellings
   * of Bool (a text refused in its second sample counted its first) */
  static const char *const good[3] = {
      "{\"x\": \"#x01\", \"p\": \"#b0\"}\n{\"p\": {\"bits\": \"#b0\"}, \"x\": \"#xff\"}",
      "(model (define-fun x () (_ BitVec 8) #x01)(define-fun p () Bool true))\n"
      "(define-fun p () Bool false)(define-fun x () (_ BitVec 8) (_ bv255 8))",
      "p,\"x\"\r\ntrue,#x01\r\nfalse,#b11111111\r\n"};
  ferret_coverage_info info;
  ferret_coverage_get(c, &info);
  uint64_t had = info.samples;
  for (int fmt = 0; fmt < 3; fmt++) {
    CHECK_MSG(ferret_coverage_add(c, "s", good[fmt], strlen(good[fmt]), -1, NULL, NULL) ==
                  FERRET_OK,
              "format %d: %s", fmt, ferret_error(f)->message);
  }
  ferret_coverage_get(c, &info);
  CHECK_EQ_U(had, 3);
  CHECK_EQ_U(info.samples - had, 6);
  CHECK_EQ_U(info.bits_bv, 0);
  CHECK_EQ_U(info.bits_bool, 1); /* bvult under or */
  CHECK_EQ_U(info.covered_bool, 1); /* p false: #x01 < #x10, #xff not */
  ferret_coverage_delete(c);
  ferret_delete(f);
}

/* ------------------------------------------------ limits and the count */

/* A callback that ends the run itself after 60 s: a run that ignores its
 * time limit fails the test instead of hanging it. */
typedef struct timed {
  uint64_t n;
  double elapsed;
  bool overran;
} timed;

static int keep_timed(void *user, const ferret_sample_item *s) {
  timed *t = user;
  t->n++, t->elapsed = s->elapsed;
  if (s->elapsed > 60) t->overran = true;
  return t->overran;
}

static void sample_timed(ferret *f, timed *t, ferret_sample_info *info) {
  ferret_sample_options o;
  ferret_sample_options_init(&o);
  o.no_values = 1;
  ferret_result r = FERRET_UNKNOWN;
  memset(t, 0, sizeof *t);
  CHECK(ferret_sample(f, &o, keep_timed, t, &r) == FERRET_OK);
  CHECK(r == FERRET_SAT);
  CHECK(ferret_get_sample_info(f, info) == FERRET_OK);
}

/* timeout_ms ends a run whose samples never run out (as it ends a
 * check-sat), set as an option and by the script's (set-option :timeout). */
TEST(sample_timeout_ms) {
  ferret *f = load("timeout_ms=300", fp_formula);
  timed t;
  ferret_sample_info info;
  sample_timed(f, &t, &info);
  CHECK_MSG(!t.overran && !strcmp(info.end, "timeout"), "end %s after %.1f s", info.end,
            t.elapsed);
  CHECK(info.solutions == -1 && info.samples == t.n && t.n > 0);
  ferret_delete(f);
  char script[512];
  snprintf(script, sizeof script, "(set-option :timeout 300)%s(check-sat)", fp_formula);
  f = load("", script);
  sample_timed(f, &t, &info);
  CHECK_MSG(!t.overran && !strcmp(info.end, "timeout"), "end %s after %.1f s", info.end,
            t.elapsed);
  ferret_delete(f);
}

/* A run that gives no sample ends unknown, and says why in the same words
 * as solve: a spent execution budget is "budget", a time limit "timeout";
 * the end is the same limit.  The formula has one solution (x is found
 * only by inverting a multiply and an xorshift), far beyond either limit. */
TEST(sample_unknown_reasons) {
  static const char *const hard =
      "(declare-fun x () (_ BitVec 64))"
      "(assert (= (bvmul (bvxor x (bvlshr x #x000000000000001d)) #x9e3779b97f4a7c15)"
      "           #x0123456789abcdef))";
  static const char *const cases[][2] = {{"max_execs=3000", "budget"},
                                         {"timeout_ms=300", "timeout"}};
  for (int i = 0; i < 2; i++) {
    ferret *f = load(cases[i][0], hard);
    got g = {0};
    CHECK_MSG(run(f, NULL, NULL, 5, FERRET_FORMAT_CSV, &g) == FERRET_UNKNOWN, "%s", cases[i][0]);
    ferret_sample_info info;
    CHECK(ferret_get_sample_info(f, &info) == FERRET_OK);
    CHECK_MSG(info.result == FERRET_UNKNOWN && info.samples == 0 && g.n == 0, "%s: %zu samples",
              cases[i][0], g.n);
    CHECK_MSG(!strcmp(info.reason, cases[i][1]) && !strcmp(info.end, cases[i][1]),
              "%s: reason '%s', end '%s'", cases[i][0], info.reason, info.end);
    got_free(&g);
    ferret_delete(f);
  }
}

/* Runs of formulas whose every solution ferret can count end "complete"
 * with that many samples, each once, and say how many exist. */
static void exhausts(const char *opts, const char *formula, const char *proj,
                     uint64_t count, uint64_t want) {
  ferret *f = load(opts, formula);
  got g = {0};
  CHECK_MSG(run(f, NULL, proj, count, FERRET_FORMAT_CSV, &g) == FERRET_SAT, "%s", formula);
  ferret_sample_info info;
  CHECK(ferret_get_sample_info(f, &info) == FERRET_OK);
  CHECK_MSG(g.n == want && distinct(&g) == want, "%zu samples, %llu wanted: %s", g.n,
            (unsigned long long)want, formula);
  CHECK_MSG(!strcmp(info.end, "complete") && info.solutions == (int64_t)want,
            "end %s, solutions %lld: %s", info.end, (long long)info.solutions, formula);
  CHECK(info.result == FERRET_SAT && info.samples == want);
  CHECK(ended_complete(f));
  fer_test_buf b = {0};
  ferret_set_diagnostic(f, grab, &b);
  ferret_print_sample_stats(f);
  fer_test_buf_add(&b, "", 1);
  char field[64];
  snprintf(field, sizeof field, "\"solutions\": %llu,", (unsigned long long)want);
  CHECK_MSG(strstr(b.data, field) != NULL, "%s", b.data);
  free(b.data);
  got_free(&g);
  ferret_delete(f);
}

/* The budgets (max_execs, 20 s) only keep a broken run from hanging: a
 * run that does not know its solutions are exhausted reaches them and
 * does not end "complete". */
TEST(sample_ends_when_exhausted) {
  /* 5 solutions of x, count 10: the whole (narrowed) space enumerated */
  exhausts("max_execs=3000000 timeout=20",
           "(declare-const x (_ BitVec 8))(assert (bvult x #x05))", NULL, 10, 5);
  /* 5 values of x, y a positive Float64 beside it (2^62 inputs): distinct
   * by x, its component counted apart, y's counts once */
  exhausts("max_execs=3000000 timeout=20",
           "(declare-const x (_ BitVec 16))(declare-const y Float64)"
           "(assert (or (= x #x0001) (= x #x0007) (= x #x0064) (= x #x03e8) (= x #x7530)))"
           "(assert (fp.gt y ((_ to_fp 11 53) RNE 0.0)))",
           "x", 10, 5);
  /* two independent components of 4 solutions each (x * x = 25, y * y = 9
   * mod 2^16), 2^32 inputs without the intervals: the product, 16 */
  exhausts("max_execs=3000000 timeout=20 intervals=0",
           "(declare-const x (_ BitVec 16))(declare-const y (_ BitVec 16))"
           "(assert (= (bvmul x x) #x0019))(assert (= (bvmul y y) #x0009))",
           NULL, 0, 16);
  /* 2^12 solutions (ten known bits of x and of y), no count: all of them */
  exhausts("max_execs=3000000 timeout=20",
           "(declare-const x (_ BitVec 16))(declare-const y (_ BitVec 16))"
           "(assert (= ((_ extract 9 0) x) #b1010101010))"
           "(assert (= ((_ extract 9 0) y) #b0011001100))",
           NULL, 0, 4096);
  /* a component without a solution (y * y = 2 has none mod 2^16): unsat,
   * proved by its enumeration */
  ferret *f = load("intervals=0 max_execs=3000000 timeout=20",
                   "(declare-const x (_ BitVec 16))(declare-const y (_ BitVec 16))"
                   "(assert (= (bvmul x x) #x0019))(assert (= (bvmul y y) #x0002))");
  got g = {0};
  CHECK(run(f, NULL, NULL, 0, FERRET_FORMAT_CSV, &g) == FERRET_UNSAT);
  ferret_sample_info info;
  CHECK(ferret_get_sample_info(f, &info) == FERRET_OK);
  CHECK(info.solutions == 0 && g.n == 0);
  got_free(&g);
  ferret_delete(f);
}

/* A count below the solutions known: the count ends the run, the number
 * of solutions is still said; a space too large to count says -1. */
TEST(sample_count_below_solutions) {
  ferret *f = load("", "(declare-const x (_ BitVec 8))(assert (bvult x #x05))");
  got g = {0};
  ferret_sample_info info;
  CHECK(ferret_get_sample_info(f, &info) == FERRET_ERROR_COMMAND);
  CHECK(run(f, NULL, NULL, 3, FERRET_FORMAT_CSV, &g) == FERRET_SAT);
  CHECK(ferret_get_sample_info(f, &info) == FERRET_OK);
  CHECK(g.n == 3 && !strcmp(info.end, "count"));
  got_free(&g);
  ferret_delete(f);
  f = load("max_execs=20000", fp_formula);
  CHECK(run(f, NULL, NULL, 0, FERRET_FORMAT_CSV, &g) == FERRET_SAT);
  CHECK(ferret_get_sample_info(f, &info) == FERRET_OK);
  CHECK(info.solutions == -1 && strcmp(info.end, "complete"));
  got_free(&g);
  ferret_delete(f);
}

/* The exact set: every fingerprint added is found again, none is found
 * before it was added (0,0 included), and past FER_EXACT_MAX it refuses
 * new ones without losing the old. */
TEST(sample_exact_set) {
  ferret *f = ferret_new();
  fer_exact e = {0};
  fcv_rng x = {7}, y = {7};
  uint64_t n = FER_EXACT_MAX;
  for (uint64_t i = 0; i < n; i++) {
    uint64_t h1 = fcv_next(&x), h2 = i < 3 ? 0 : fcv_next(&x);
    if (i == 0) h1 = 0; /* 0,0: the empty mark's pattern */
    if (fer_exact_add(f, &e, h1, h2) != 1) {
      CHECK_MSG(0, "fingerprint %llu taken for old", (unsigned long long)i);
      break;
    }
  }
  CHECK(e.size == n);
  CHECK(fer_exact_add(f, &e, 12345, 678) == -1); /* full */
  for (uint64_t i = 0; i < n; i++) {
    uint64_t h1 = fcv_next(&y), h2 = i < 3 ? 0 : fcv_next(&y);
    if (i == 0) h1 = 0;
    if (fer_exact_add(f, &e, h1, h2) != 0) {
      CHECK_MSG(0, "fingerprint %llu lost", (unsigned long long)i);
      break;
    }
  }
  fer_exact_release(f, &e);
  CHECK(!e.key && !e.size);
  ferret_delete(f);
}
