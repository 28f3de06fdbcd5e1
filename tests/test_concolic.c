/* The concolic API (ferret.h, "concolic"): each stage on a query built for
 * it, answers that always satisfy b and pi (checked by an independent
 * check-sat on the answer's values), unsat only when it is, optimistic
 * solving, warm caches giving the answers fresh contexts give, errors and
 * misuse. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ferret.h"
#include "concolic/analysis.h"
#include "concolic/concolic.h"
#include "concolic/concolic_internal.h"
#include "test.h"

static void quiet(void *user, const char *text, size_t len) {
  (void)user, (void)text, (void)len;
}

static ferret *fresh(void) {
  ferret *f = ferret_new();
  ferret_set_output(f, quiet, NULL);
  ferret_set_diagnostic(f, quiet, NULL);
  return f;
}

enum { NBYTES = 16 };

/* Bytes k!0..k!15 of a 16-byte seed "ABCDEFGHIJKLMNOP", bound in order. */
typedef struct bench {
  ferret *f;
  ferret_concolic *c;
  ferret_term k[NBYTES];
  uint8_t seed[NBYTES];
} bench;

static void bench_open(bench *b) {
  b->f = fresh();
  for (int i = 0; i < NBYTES; i++) b->seed[i] = (uint8_t)('A' + i);
  b->c = ferret_concolic_new(b->f, b->seed, NBYTES);
  ferret_sort b8 = ferret_sort_bv(b->f, 8);
  for (int i = 0; i < NBYTES; i++) {
    char name[16];
    snprintf(name, sizeof name, "k!%d", i);
    b->k[i] = ferret_mk_var(b->f, name, b8);
    CHECK(ferret_concolic_bind(b->c, b->k[i], (size_t)i, 0) == FERRET_OK);
  }
}

static void bench_close(bench *b) {
  ferret_concolic_delete(b->c);
  ferret_delete(b->f);
}

/* The library's own concolic context over the bench's bytes, each bound
 * in order (for the tests that look at its internals). */
static void internal_open(bench *b, fer_concolic *c) {
  CHECK(fer_concolic_init(b->f, c, b->seed, NBYTES));
  for (int i = 0; i < NBYTES; i++) CHECK(fer_concolic_bind(c, b->k[i], (size_t)i, 0) == FERRET_OK);
}

static ferret_term term(ferret *f, ferret_kind k, ferret_term x, ferret_term y) {
  ferret_term a[2] = {x, y};
  return ferret_mk_term(f, k, a, 2, NULL, 0);
}

static ferret_term c8(ferret *f, uint64_t v) {
  return ferret_mk_bits64(f, ferret_sort_bv(f, 8), v);
}

static ferret_term cat(ferret *f, ferret_term hi, ferret_term lo) {
  return term(f, FERRET_KIND_CONCAT, hi, lo);
}

/* Little-endian 16-bit value of bytes i, i+1. */
static ferret_term le16(bench *b, int i) { return cat(b->f, b->k[i + 1], b->k[i]); }

/* Do b and every pi hold when the bound bytes take the answer's values?
 * An independent check: a check-sat with every byte fixed by assumptions
 * (the query is then decided by evaluation alone). */
static bool answer_holds(bench *b, ferret_term bt, const ferret_term *pi,
                         size_t npi) {
  ferret *f = b->f;
  const uint8_t *in = ferret_concolic_input(b->c);
  ferret_term a[NBYTES + 1 + 16];
  size_t n = 0;
  for (int i = 0; i < NBYTES; i++)
    a[n++] = term(f, FERRET_KIND_EQ, b->k[i], c8(f, in[i]));
  a[n++] = bt;
  for (size_t i = 0; i < npi && n < sizeof a / sizeof *a; i++) a[n++] = pi[i];
  return ferret_check_sat_assuming(f, a, n) == FERRET_SAT;
}

/* Solve with only stage `only` on (NULL: all); check the stage and the
 * answer. */
static ferret_result solve_with(bench *b, const char *only, ferret_term bt,
                                const ferret_term *pi, size_t npi) {
  static const char *const stages[] = {"seed", "i2s", "consts", "intervals", "range",
                                       "bytes", "gradient", "det", "havoc", "multigoal", "engine"};
  for (size_t s = 0; s < 11; s++)
    CHECK(ferret_concolic_set(b->c, stages[s], !only || !strcmp(only, stages[s])) ==
          FERRET_OK);
  /* the random choices these queries were written with (before the stages
   * had a random_seed of their own, "seed" set them: 0 with one stage on,
   * 1 with all; the engine stage solves the product query below in 1 s
   * with 4 of random seeds 0..5) */
  CHECK(ferret_concolic_set(b->c, "random_seed", only ? 0 : 1) == FERRET_OK);
  ferret_concolic_clear_path(b->c);
  for (size_t i = 0; i < npi; i++) CHECK(ferret_concolic_notify(b->c, pi[i]) == FERRET_OK);
  ferret_result r = ferret_concolic_solve(b->c, bt);
  if (r == FERRET_SAT) {
    CHECK_MSG(answer_holds(b, bt, pi, npi), "stage %s: an answer that fails b or pi",
              ferret_concolic_stage(b->c));
    if (only) CHECK_STR(ferret_concolic_stage(b->c), only);
  }
  return r;
}

TEST(concolic_each_stage_on_its_query) {
  bench b;
  bench_open(&b);
  ferret *f = b.f;
  ferret_term bv16 = 0;
  (void)bv16;
  /* pi: k!8 stays 'I' (true on the seed) and k!0 < 0x60 */
  ferret_term pi[2] = {term(f, FERRET_KIND_EQ, b.k[8], c8(f, 'I')),
                       term(f, FERRET_KIND_BVULT, b.k[0], c8(f, 0x60))};
  /* seed: b already holds */
  ferret_term t = term(f, FERRET_KIND_BVUGT, b.k[1], c8(f, 0x20));
  CHECK(solve_with(&b, "seed", t, pi, 2) == FERRET_SAT);
  /* i2s: a 16-bit little-endian value equal to a constant */
  ferret_sort s16 = ferret_sort_bv(f, 16);
  t = term(f, FERRET_KIND_EQ, le16(&b, 2), ferret_mk_bits64(f, s16, 0xbeef));
  CHECK(solve_with(&b, "i2s", t, pi, 2) == FERRET_SAT);
  CHECK(ferret_concolic_input(b.c)[2] == 0xef && ferret_concolic_input(b.c)[3] == 0xbe);
  CHECK(ferret_concolic_input(b.c)[4] == 'E'); /* the rest as in the seed */
  /* consts: x | 1 = 0x1235 (no fact: the analysis defines no byte) */
  t = term(f, FERRET_KIND_EQ,
           term(f, FERRET_KIND_BVOR, le16(&b, 4), ferret_mk_bits64(f, s16, 1)),
           ferret_mk_bits64(f, s16, 0x1235));
  CHECK(solve_with(&b, "consts", t, pi, 2) == FERRET_SAT);
  /* x + 1 = 0x1235 defines x's bytes (the analysis): the base input that
   * input-to-state tries first */
  t = term(f, FERRET_KIND_EQ,
           term(f, FERRET_KIND_BVADD, le16(&b, 4), ferret_mk_bits64(f, s16, 1)),
           ferret_mk_bits64(f, s16, 0x1235));
  CHECK(solve_with(&b, "i2s", t, pi, 2) == FERRET_SAT);
  CHECK(ferret_concolic_input(b.c)[4] == 0x34 && ferret_concolic_input(b.c)[5] == 0x12);
  /* range: 3 * k!5 = 7 (mod 256) has one solution, 0xad */
  t = term(f, FERRET_KIND_EQ, term(f, FERRET_KIND_BVMUL, b.k[5], c8(f, 3)), c8(f, 7));
  CHECK(solve_with(&b, "range", t, pi, 2) == FERRET_SAT);
  CHECK_MSG(ferret_concolic_input(b.c)[5] == 0xad, "k!5 = %#x",
            ferret_concolic_input(b.c)[5]);
  /* bytes: k!6 ^ k!7 ^ k!9 = 0x5a, 3 bytes (range does not apply) */
  t = term(f, FERRET_KIND_EQ,
           term(f, FERRET_KIND_BVXOR, term(f, FERRET_KIND_BVXOR, b.k[6], b.k[7]), b.k[9]),
           c8(f, 0x5a));
  CHECK(solve_with(&b, "bytes", t, pi, 2) == FERRET_SAT);
  /* gradient: x / 7 = 0x12345 over a 32-bit x (4 bytes: no range; no
   * constant or operand value fits) */
  ferret_sort s32 = ferret_sort_bv(f, 32);
  ferret_term x32 = cat(f, cat(f, b.k[15], b.k[14]), cat(f, b.k[13], b.k[12]));
  t = term(f, FERRET_KIND_EQ, term(f, FERRET_KIND_BVUDIV, x32, ferret_mk_bits64(f, s32, 7)),
           ferret_mk_bits64(f, s32, 0x12345));
  CHECK(solve_with(&b, "gradient", t, pi, 2) == FERRET_SAT);
  /* gradient on a float variable bound to the same 4 bytes: x * x = 2.25
   * (steps in the order of the values; the descent over the bytes of its
   * encoding gets stuck on NaN and infinity plateaus) */
  ferret_term fx = ferret_mk_var(f, "fx", ferret_sort_fp(f, 8, 24));
  CHECK(ferret_concolic_bind(b.c, fx, 12, 0) == FERRET_OK);
  float v225 = 2.25f;
  uint32_t b225;
  memcpy(&b225, &v225, 4);
  ferret_term mul[3] = {ferret_mk_rm(f, FERRET_RNE), fx, fx};
  t = term(f, FERRET_KIND_FP_EQ, ferret_mk_term(f, FERRET_KIND_FP_MUL, mul, 3, NULL, 0),
           ferret_mk_bits64(f, ferret_sort_fp(f, 8, 24), b225));
  CHECK(solve_with(&b, "gradient", t, pi, 2) == FERRET_SAT);
  /* det: a 32-bit value must become 0x7fffffff (AFL's interesting value;
   * b has no constant but 1: x + 1 < x, signed) */
  t = term(f, FERRET_KIND_BVSLT, term(f, FERRET_KIND_BVADD, x32, ferret_mk_bits64(f, s32, 1)),
           x32);
  CHECK(solve_with(&b, "det", t, pi, 2) == FERRET_SAT);
  /* consts: FP's special values in an FP variable b reads */
  CHECK(solve_with(&b, "consts", ferret_mk_term(f, FERRET_KIND_FP_IS_INF, &fx, 1, NULL, 0),
                   pi, 2) == FERRET_SAT);
  /* havoc: the same kind of query, stages before it off */
  t = term(f, FERRET_KIND_EQ,
           term(f, FERRET_KIND_BVADD, term(f, FERRET_KIND_BVADD, b.k[10], b.k[11]), b.k[12]),
           c8(f, 0x00));
  CHECK(solve_with(&b, "havoc", t, pi, 2) == FERRET_SAT);
  /* engine: a product of two 16-bit values, through pi's byte k!0 too */
  t = term(f, FERRET_KIND_EQ,
           term(f, FERRET_KIND_BVMUL, le16(&b, 0), le16(&b, 13)),
           ferret_mk_bits64(f, s16, 0x3039));
  CHECK(solve_with(&b, "engine", t, pi, 2) == FERRET_SAT);
  bench_close(&b);
}

/* Floating point: a float over 4 input bytes (input-to-state through the
 * bytes and through a conversion to Float64), and a named Float32 variable
 * (the engine's FP local search). */
TEST(concolic_floating_point) {
  bench b;
  bench_open(&b);
  ferret *f = b.f;
  ferret_term bits = cat(f, cat(f, b.k[3], b.k[2]), cat(f, b.k[1], b.k[0]));
  uint32_t idx[2] = {8, 24};
  ferret_term x = ferret_mk_term(f, FERRET_KIND_TO_FP_BV, &bits, 1, idx, 2);
  ferret_term rne = ferret_mk_rm(f, FERRET_RNE);
  ferret_term wide_args[2] = {rne, x};
  uint32_t idx64[2] = {11, 53};
  ferret_term wide = ferret_mk_term(f, FERRET_KIND_TO_FP_FP, wide_args, 2, idx64, 2);
  ferret_sort f64 = ferret_sort_fp(f, 11, 53), f32 = ferret_sort_fp(f, 8, 24);
  ferret_term pi = term(f, FERRET_KIND_EQ, b.k[8], c8(f, 'I'));
  /* (double)x == 1000.5 */
  double d = 1000.5;
  uint64_t db;
  memcpy(&db, &d, sizeof db);
  ferret_term t = term(f, FERRET_KIND_FP_EQ, wide, ferret_mk_bits64(f, f64, db));
  CHECK(solve_with(&b, "i2s", t, &pi, 1) == FERRET_SAT);
  const uint8_t *in = ferret_concolic_input(b.c);
  float got;
  uint32_t gb = (uint32_t)in[0] | (uint32_t)in[1] << 8 | (uint32_t)in[2] << 16 |
                (uint32_t)in[3] << 24;
  memcpy(&got, &gb, sizeof got);
  CHECK(got == 1000.5f);
  /* x > 3.25 and x < 3.5 and not integral: the engine (or a cheap stage) */
  float lo = 3.25f, hi = 3.5f;
  uint32_t lob, hib;
  memcpy(&lob, &lo, 4), memcpy(&hib, &hi, 4);
  ferret_term gt = term(f, FERRET_KIND_FP_GT, x, ferret_mk_bits64(f, f32, lob));
  ferret_term lt = term(f, FERRET_KIND_FP_LT, x, ferret_mk_bits64(f, f32, hib));
  t = term(f, FERRET_KIND_AND, gt, lt);
  CHECK(solve_with(&b, NULL, t, &pi, 1) == FERRET_SAT);
  /* unsat: x < 3.25 and x > 3.5, proved by intervals */
  t = term(f, FERRET_KIND_AND, term(f, FERRET_KIND_FP_LT, x, ferret_mk_bits64(f, f32, lob)),
           term(f, FERRET_KIND_FP_GT, x, ferret_mk_bits64(f, f32, hib)));
  CHECK(solve_with(&b, NULL, t, &pi, 1) == FERRET_UNSAT);
  bench_close(&b);
}

/* A branch pi forbids: unsat with pi, sat without (optimistic). */
TEST(concolic_unsat_and_optimistic) {
  bench b;
  bench_open(&b);
  ferret *f = b.f;
  ferret_term pi = term(f, FERRET_KIND_EQ, b.k[0], c8(f, 'A'));
  ferret_term t = term(f, FERRET_KIND_EQ, b.k[0], c8(f, 5));
  CHECK(solve_with(&b, NULL, t, &pi, 1) == FERRET_UNSAT);
  CHECK(ferret_concolic_solve_optimistic(b.c, t) == FERRET_SAT);
  CHECK(ferret_concolic_input(b.c)[0] == 5 && ferret_concolic_input(b.c)[1] == 'B');
  /* a pi conjunct false on the seed still binds the answer */
  ferret_term pis[2] = {term(f, FERRET_KIND_EQ, b.k[3], c8(f, 0x10)),
                        term(f, FERRET_KIND_BVULT, b.k[4], c8(f, 0x30))};
  t = term(f, FERRET_KIND_EQ, b.k[1], c8(f, 0x20));
  CHECK(solve_with(&b, NULL, t, pis, 2) == FERRET_SAT);
  CHECK(ferret_concolic_input(b.c)[3] == 0x10 && ferret_concolic_input(b.c)[4] < 0x30);
  bench_close(&b);
}

/* Overlapping bindings: a 16-bit variable over bytes 0..1 and the byte
 * variables; the answer satisfies both views. */
TEST(concolic_overlapping_bindings) {
  bench b;
  bench_open(&b);
  ferret *f = b.f;
  ferret_term w = ferret_mk_var(f, "w", ferret_sort_bv(f, 16));
  CHECK(ferret_concolic_bind(b.c, w, 0, 1) == FERRET_OK); /* big endian */
  ferret_term pi = term(f, FERRET_KIND_BVULT, b.k[1], c8(f, 0x50));
  ferret_term t = term(f, FERRET_KIND_EQ, w, ferret_mk_bits64(f, ferret_sort_bv(f, 16), 0x1234));
  ferret_concolic_clear_path(b.c);
  CHECK(ferret_concolic_notify(b.c, pi) == FERRET_OK);
  CHECK(ferret_concolic_solve(b.c, t) == FERRET_SAT);
  const uint8_t *in = ferret_concolic_input(b.c);
  CHECK(in[0] == 0x12 && in[1] == 0x34);
  /* w = 0x12ff needs k!1 = 0xff, which pi forbids */
  t = term(f, FERRET_KIND_EQ, w, ferret_mk_bits64(f, ferret_sort_bv(f, 16), 0x12ff));
  ferret_result r = ferret_concolic_solve(b.c, t);
  CHECK(r != FERRET_SAT);
  bench_close(&b);
}

/* Random queries: every sat answer holds (checked independently); a
 * context that has cached every conjunct gives the answers that a fresh
 * context per query gives; set_seed recomputes the seed truth. */
TEST(concolic_random_queries_validated_and_cache_transparent) {
  bench warm;
  bench_open(&warm);
  ferret *f = warm.f;
  /* a budget of executions, not of time: the same answers on a loaded
   * machine, and from the fresh contexts below */
  enum { EXECS = 200000 };
  CHECK(ferret_concolic_set(warm.c, "timeout_ms", 0) == FERRET_OK);
  CHECK(ferret_concolic_set(warm.c, "max_execs", EXECS) == FERRET_OK);
  uint64_t rng = 0x9e3779b97f4a7c15u;
  enum { NQ = 120 };
  static const ferret_kind cmp[] = {FERRET_KIND_EQ, FERRET_KIND_BVULT,
                                    FERRET_KIND_BVUGT, FERRET_KIND_BVSLE,
                                    FERRET_KIND_DISTINCT};
  static const ferret_kind arith[] = {FERRET_KIND_BVADD, FERRET_KIND_BVXOR,
                                      FERRET_KIND_BVMUL, FERRET_KIND_BVSUB};
  ferret_term qb[NQ], qpi[NQ][3];
  ferret_result r1[NQ];
  uint8_t out1[NQ][NBYTES];
  size_t sat = 0, unsat = 0;
  for (int q = 0; q < NQ; q++) {
    ferret_term parts[4];
    for (int j = 0; j < 4; j++) {
      rng = rng * 6364136223846793005u + 1442695040888963407u;
      uint64_t r = rng >> 24;
      ferret_term lhs = term(f, arith[r % 4], warm.k[(r >> 4) % 6],
                             warm.k[(r >> 8) % 6]);
      ferret_term cst = c8(f, (r >> 16) & 0xff);
      parts[j] = term(f, cmp[(r >> 24) % 5], lhs, cst);
    }
    /* pi: the conjuncts true on the seed (as an executor's would be) */
    size_t npi = 0;
    for (int j = 1; j < 4; j++) {
      ferret_term fix[NBYTES + 1];
      for (int i = 0; i < NBYTES; i++)
        fix[i] = term(f, FERRET_KIND_EQ, warm.k[i], c8(f, warm.seed[i]));
      fix[NBYTES] = parts[j];
      if (ferret_check_sat_assuming(f, fix, NBYTES + 1) == FERRET_SAT)
        qpi[q][npi++] = parts[j];
    }
    while (npi < 3) qpi[q][npi++] = ferret_mk_bool(f, 1);
    qb[q] = parts[0];
    r1[q] = solve_with(&warm, NULL, qb[q], qpi[q], 3);
    sat += r1[q] == FERRET_SAT, unsat += r1[q] == FERRET_UNSAT;
    memcpy(out1[q], ferret_concolic_input(warm.c), NBYTES);
    if (r1[q] == FERRET_UNSAT) { /* confirmed by a full check-sat */
      ferret_term all[4] = {qb[q], qpi[q][0], qpi[q][1], qpi[q][2]};
      CHECK(ferret_check_sat_assuming(f, all, 4) != FERRET_SAT);
    }
  }
  CHECK_MSG(sat > NQ / 2, "only %zu of %d random queries sat", sat, NQ);
  /* fresh contexts on the same terms: same answers */
  for (int q = 0; q < NQ; q += 7) {
    ferret_concolic *c = ferret_concolic_new(f, warm.seed, NBYTES);
    CHECK(ferret_concolic_set(c, "timeout_ms", 0) == FERRET_OK);
    CHECK(ferret_concolic_set(c, "max_execs", EXECS) == FERRET_OK);
    for (int i = 0; i < NBYTES; i++) ferret_concolic_bind(c, warm.k[i], (size_t)i, 0);
    for (int j = 0; j < 3; j++) ferret_concolic_notify(c, qpi[q][j]);
    ferret_result r = ferret_concolic_solve(c, qb[q]);
    CHECK_MSG(r == r1[q], "query %d: %d cached, %d fresh", q, r1[q], r);
    if (r == FERRET_SAT && r1[q] == FERRET_SAT)
      CHECK_MSG(!memcmp(out1[q], ferret_concolic_input(c), NBYTES),
                "query %d: another input", q);
    ferret_concolic_delete(c);
  }
  /* a new seed: pi conjunct k!0 = 'A' is now false on it, so the seed
   * stage can no longer answer a query b already true */
  ferret_term pi = term(f, FERRET_KIND_EQ, warm.k[0], c8(f, 'A'));
  ferret_term t = term(f, FERRET_KIND_EQ, warm.k[1], c8(f, 'B'));
  CHECK(solve_with(&warm, "seed", t, &pi, 1) == FERRET_SAT);
  uint8_t seed2[NBYTES];
  memcpy(seed2, warm.seed, NBYTES);
  seed2[0] = 'Z';
  CHECK(ferret_concolic_set_seed(warm.c, seed2, NBYTES) == FERRET_OK);
  CHECK(solve_with(&warm, "seed", t, &pi, 1) != FERRET_SAT);
  CHECK(solve_with(&warm, NULL, t, &pi, 1) == FERRET_SAT);
  CHECK(ferret_concolic_input(warm.c)[0] == 'A');
  CHECK(ferret_concolic_set_seed(warm.c, seed2, 3) == FERRET_ERROR_OPTION);
  bench_close(&warm);
}

/* Thousands of queries on one context: the per-query state does not grow
 * (the cache holds each distinct conjunct once). */
TEST(concolic_many_queries_one_context) {
  bench b;
  bench_open(&b);
  ferret *f = b.f;
  ferret_term pi[2] = {term(f, FERRET_KIND_EQ, b.k[8], c8(f, 'I')),
                       term(f, FERRET_KIND_BVULT, b.k[0], c8(f, 0x60))};
  size_t sat = 0;
  for (int q = 0; q < 3000; q++) {
    ferret_concolic_clear_path(b.c);
    for (int j = 0; j < 2; j++) ferret_concolic_notify(b.c, pi[j]);
    ferret_term t = term(f, FERRET_KIND_EQ, b.k[1 + q % 7], c8(f, (uint64_t)q & 0xff));
    sat += ferret_concolic_solve(b.c, t) == FERRET_SAT;
  }
  CHECK_EQ_U(sat, 3000);
  bench_close(&b);
}

static jmp_buf jump;
static const char *misused;
static void hook(void *user, const char *function, const char *message) {
  (void)user, (void)message;
  misused = function;
  longjmp(jump, 1);
}

TEST(concolic_errors_and_misuse) {
  bench b;
  bench_open(&b);
  ferret *f = b.f;
  ferret_term x = ferret_mk_var(f, "x", ferret_sort_bv(f, 32));
  ferret_term big = ferret_mk_var(f, "big", ferret_sort_bv(f, 9000));
  /* not a variable, outside the input, bound twice, too wide */
  CHECK(ferret_concolic_bind(b.c, c8(f, 1), 0, 0) == FERRET_ERROR_SORT);
  CHECK(ferret_concolic_bind(b.c, x, 14, 0) == FERRET_ERROR_OPTION);
  CHECK(ferret_concolic_bind(b.c, b.k[0], 0, 0) == FERRET_ERROR_OPTION);
  CHECK(ferret_concolic_bind(b.c, big, 0, 0) == FERRET_ERROR_UNSUPPORTED);
  CHECK(ferret_concolic_bind(b.c, 0, 0, 0) != FERRET_OK);
  /* a query over an unbound variable: unknown, "unsupported" */
  ferret_term t = term(f, FERRET_KIND_EQ, x, ferret_mk_bits64(f, ferret_sort_bv(f, 32), 7));
  CHECK(ferret_concolic_solve(b.c, t) == FERRET_UNKNOWN);
  CHECK_STR(ferret_concolic_stage(b.c), "unsupported");
  CHECK(ferret_concolic_notify(b.c, t) == FERRET_ERROR_UNSUPPORTED);
  CHECK(ferret_concolic_notify(b.c, b.k[0]) == FERRET_ERROR_SORT);
  CHECK(ferret_concolic_solve(b.c, b.k[0]) == FERRET_UNKNOWN);
  CHECK(ferret_concolic_solve(b.c, 0) == FERRET_UNKNOWN);
  /* settings */
  CHECK(ferret_concolic_set(b.c, "nope", 1) == FERRET_ERROR_OPTION);
  CHECK(ferret_concolic_set(b.c, "havoc", 2) == FERRET_ERROR_OPTION);
  CHECK(ferret_concolic_set(b.c, "timeout_ms", -1) == FERRET_ERROR_OPTION);
  CHECK(ferret_concolic_set(b.c, "timeout_ms", 50) == FERRET_OK);
  fer_test_buf diag = {0};
  ferret_set_diagnostic(f, fer_test_buf_add, &diag);
  CHECK(ferret_concolic_print_stats(b.c) == FERRET_OK);
  CHECK_MSG(diag.data && strstr(diag.data, "\"queries\": 2") &&
                strstr(diag.data, "\"unknown\": 2") && strstr(diag.data, "\"by_stage\""),
            "stats: %s", diag.data ? diag.data : "(none)");
  free(diag.data);
  ferret_set_diagnostic(f, quiet, NULL);
  /* misuse reaches the abort hook */
  ferret_set_abort_hook(f, hook, NULL);
  misused = NULL;
  if (!setjmp(jump)) {
    ferret_concolic_notify(b.c, 1000000);
    CHECK_MSG(0, "invalid term not caught");
  } else {
    CHECK_STR(misused, "ferret_concolic_notify");
  }
  misused = NULL;
  if (!setjmp(jump)) {
    ferret_concolic_new(f, NULL, 4);
    CHECK_MSG(0, "NULL seed not caught");
  } else {
    CHECK_STR(misused, "ferret_concolic_new");
  }
  bench_close(&b);
}

/* The session's query and declarations, as the CLI reads them. */
TEST(concolic_query_and_declared_from_a_script) {
  ferret *f = fresh();
  ferret_set_option(f, "parse_only", "1");
  static const char text[] = "(declare-const k!0 (_ BitVec 8))"
                             "(declare-const k!1 (_ BitVec 8))"
                             "(assert (and (= k!0 #x05) (= k!1 #x42)))"
                             "(assert (bvult k!1 #x10))";
  CHECK(ferret_execute(f, "q", text, sizeof text - 1) == FERRET_OK);
  const ferret_term *v, *q;
  CHECK_EQ_U(ferret_get_declared(f, &v), 2);
  CHECK_STR(ferret_term_string(f, v[1]), "k!1");
  CHECK_EQ_U(ferret_get_query(f, &q), 2);
  CHECK(ferret_term_kind(f, q[0]) == FERRET_KIND_AND && ferret_term_nargs(f, q[0]) == 2);
  uint8_t seed[2] = {0x41, 0x42};
  ferret_concolic *c = ferret_concolic_new(f, seed, 2);
  ferret_term vars[2] = {v[0], v[1]}, b = ferret_term_arg(f, q[0], 0);
  ferret_term pi = ferret_term_arg(f, q[0], 1);
  CHECK(ferret_concolic_bind(c, vars[0], 0, 0) == FERRET_OK);
  CHECK(ferret_concolic_bind(c, vars[1], 1, 0) == FERRET_OK);
  CHECK(ferret_concolic_notify(c, pi) == FERRET_OK);
  CHECK(ferret_concolic_solve(c, b) == FERRET_SAT);
  CHECK(ferret_concolic_input(c)[0] == 5 && ferret_concolic_input(c)[1] == 0x42);
  ferret_concolic_delete(c);
  ferret_delete(f);
}

typedef struct values {
  uint64_t seen[64];
  size_t n;
  bool bad_input;
  ferret *f;
  ferret_term byte0;
} values;

static int collect(void *user, const uint64_t *v, size_t nlimbs,
                   const uint8_t *input, size_t size) {
  values *s = user;
  (void)nlimbs, (void)size;
  if (s->n < 64) s->seen[s->n++] = v[0];
  s->bad_input |= input[1] != 'B'; /* byte 1 is pinned by pi */
  return 0;
}

/* solve_max / solve_min by bisection, with pi bounding the answer; every
 * value of a term with few values. */
TEST(concolic_min_max_all) {
  bench b;
  bench_open(&b);
  ferret *f = b.f;
  ferret_sort s16 = ferret_sort_bv(f, 16);
  /* pi: x = le16(2) <= 1000, k!1 = 'B'; maximize x: 1000, proved */
  ferret_term x = le16(&b, 2);
  ferret_term pi[2] = {term(f, FERRET_KIND_BVULE, x, ferret_mk_bits64(f, s16, 1000)),
                       term(f, FERRET_KIND_EQ, b.k[1], c8(f, 'B'))};
  b.seed[2] = 7, b.seed[3] = 0; /* pi must hold on the seed */
  /* proofs by trying 65536 values per step are slow under the sanitizers */
  CHECK(ferret_concolic_set(b.c, "timeout_ms", 60000) == FERRET_OK);
  CHECK(ferret_concolic_set_seed(b.c, b.seed, NBYTES) == FERRET_OK);
  ferret_concolic_clear_path(b.c);
  for (int j = 0; j < 2; j++) CHECK(ferret_concolic_notify(b.c, pi[j]) == FERRET_OK);
  int optimal = 0;
  CHECK(ferret_concolic_solve_max(b.c, x, 0, &optimal) == FERRET_SAT);
  const uint8_t *in = ferret_concolic_input(b.c);
  CHECK_MSG((in[2] | in[3] << 8) == 1000, "max %d", in[2] | in[3] << 8);
  CHECK(optimal);
  /* signed minimum of x - 500 over x <= 1000: x = 0 gives -500 */
  ferret_term y = term(f, FERRET_KIND_BVSUB, x, ferret_mk_bits64(f, s16, 500));
  CHECK(ferret_concolic_solve_min(b.c, y, 1, &optimal) == FERRET_SAT);
  in = ferret_concolic_input(b.c);
  CHECK_MSG((in[2] | in[3] << 8) == 0, "signed min at %d", in[2] | in[3] << 8);
  CHECK(optimal && in[1] == 'B');
  /* unsigned minimum of the same: x - 500 wraps below 500, so x = 500 */
  CHECK(ferret_concolic_solve_min(b.c, y, 0, &optimal) == FERRET_SAT);
  in = ferret_concolic_input(b.c);
  CHECK_MSG((in[2] | in[3] << 8) == 500, "unsigned min at %d", in[2] | in[3] << 8);
  /* FP: the largest float over 4 bytes below 2.5 is the float before it */
  ferret_term bits = cat(f, cat(f, b.k[7], b.k[6]), cat(f, b.k[5], b.k[4]));
  uint32_t idx[2] = {8, 24};
  ferret_term fx = ferret_mk_term(f, FERRET_KIND_TO_FP_BV, &bits, 1, idx, 2);
  float lim = 2.5f;
  uint32_t limb;
  memcpy(&limb, &lim, 4);
  ferret_term below = term(f, FERRET_KIND_FP_LT, fx,
                           ferret_mk_bits64(f, ferret_sort_fp(f, 8, 24), limb));
  uint8_t seed2[NBYTES];
  memcpy(seed2, b.seed, NBYTES);
  memset(seed2 + 4, 0, 4); /* +0.0 */
  CHECK(ferret_concolic_set_seed(b.c, seed2, NBYTES) == FERRET_OK);
  ferret_concolic_clear_path(b.c);
  CHECK(ferret_concolic_notify(b.c, below) == FERRET_OK);
  CHECK(ferret_concolic_solve_max(b.c, fx, 0, &optimal) == FERRET_SAT);
  in = ferret_concolic_input(b.c);
  uint32_t got = (uint32_t)in[4] | (uint32_t)in[5] << 8 | (uint32_t)in[6] << 16 |
                 (uint32_t)in[7] << 24;
  CHECK_MSG(got == limb - 1, "FP max %#x, want %#x", got, limb - 1);
  CHECK(optimal);
  /* all values of k!0 & 3 under pi k!1 = 'B': 4 values, complete */
  CHECK(ferret_concolic_set_seed(b.c, b.seed, NBYTES) == FERRET_OK);
  ferret_concolic_clear_path(b.c);
  CHECK(ferret_concolic_notify(b.c, pi[1]) == FERRET_OK);
  values v = {{0}, 0, false, f, b.k[0]};
  int complete = 0;
  ferret_term low = term(f, FERRET_KIND_BVAND, b.k[0], c8(f, 3));
  CHECK(ferret_concolic_solve_all(b.c, low, 0, collect, &v, &complete) == FERRET_SAT);
  CHECK_EQ_U(v.n, 4);
  CHECK(complete && !v.bad_input);
  uint64_t mask = 0;
  for (size_t i = 0; i < v.n; i++) mask |= 1u << v.seen[i];
  CHECK_EQ_U(mask, 15);
  /* with a limit: 2 values, not complete */
  v.n = 0;
  CHECK(ferret_concolic_solve_all(b.c, low, 2, collect, &v, &complete) == FERRET_SAT);
  CHECK(v.n == 2 && !complete);
  bench_close(&b);
}

/* Multi-goal: b sets byte 0, and a path conjunct ties byte 0 to byte 5
 * (k!5 = k!0 + 1), so every candidate of the byte stages that makes b true
 * breaks it; the repair moves byte 5.  A candidate budget ends a query. */
TEST(concolic_multigoal_and_budget) {
  bench b;
  bench_open(&b);
  ferret *f = b.f;
  b.seed[5] = 'B'; /* pi holds on the seed: 'A' + 1 */
  CHECK(ferret_concolic_set_seed(b.c, b.seed, NBYTES) == FERRET_OK);
  ferret_term pi = term(f, FERRET_KIND_EQ, b.k[5], term(f, FERRET_KIND_BVADD, b.k[0], c8(f, 1)));
  ferret_term t = term(f, FERRET_KIND_EQ, term(f, FERRET_KIND_BVMUL, b.k[0], c8(f, 5)), c8(f, 0x37));
  static const char *const off[] = {"engine"};
  CHECK(ferret_concolic_set(b.c, off[0], 0) == FERRET_OK);
  ferret_concolic_clear_path(b.c);
  CHECK(ferret_concolic_notify(b.c, pi) == FERRET_OK);
  CHECK(ferret_concolic_solve(b.c, t) == FERRET_SAT);
  CHECK_STR(ferret_concolic_stage(b.c), "multigoal");
  const uint8_t *in = ferret_concolic_input(b.c);
  CHECK((uint8_t)(in[0] * 5) == 0x37 && in[5] == (uint8_t)(in[0] + 1));
  CHECK(answer_holds(&b, t, &pi, 1));
  /* a budget of 10 candidates: unknown, reason budget-or-timeout */
  CHECK(ferret_concolic_set(b.c, "max_execs", 10) == FERRET_OK);
  ferret_term hard = term(f, FERRET_KIND_EQ,
                          term(f, FERRET_KIND_BVMUL, le16(&b, 10), le16(&b, 12)),
                          ferret_mk_bits64(f, ferret_sort_bv(f, 16), 0x3039));
  ferret_concolic_clear_path(b.c);
  CHECK(ferret_concolic_solve(b.c, hard) == FERRET_UNKNOWN);
  bench_close(&b);
}

/* The budget holds candidate by candidate, not only between a stage's
 * rounds: the constants stage tries each constant of b (and the constant
 * plus and minus one) in every variable b reads before it looks at the
 * budget again.  b = (k!0 ^ k!3) == 0x36 on the seed's 'A' and 'D' bytes
 * set to 1: 0x36 in k!0 or k!3 gives 0x37, and the third candidate, 0x37
 * in the first of them, gives 0x36.  With a budget of 2 candidates that
 * third one is not judged (unknown, on the budget); with 3 it is (sat). */
TEST(concolic_budget_per_candidate) {
  bench b;
  bench_open(&b);
  ferret *f = b.f;
  b.seed[0] = b.seed[3] = 1;
  CHECK(ferret_concolic_set_seed(b.c, b.seed, NBYTES) == FERRET_OK);
  ferret_term t = term(f, FERRET_KIND_EQ, term(f, FERRET_KIND_BVXOR, b.k[0], b.k[3]), c8(f, 0x36));
  CHECK(ferret_concolic_set(b.c, "timeout_ms", 0) == FERRET_OK);
  CHECK(ferret_concolic_set(b.c, "max_execs", 2) == FERRET_OK);
  CHECK(solve_with(&b, "consts", t, NULL, 0) == FERRET_UNKNOWN);
  CHECK_STR(ferret_concolic_stage(b.c), "timeout");
  CHECK(ferret_concolic_set(b.c, "max_execs", 3) == FERRET_OK);
  CHECK(solve_with(&b, "consts", t, NULL, 0) == FERRET_SAT);
  const uint8_t *in = ferret_concolic_input(b.c);
  CHECK((in[0] ^ in[3]) == 0x36);
  /* past the budget no stage takes "no candidate holds" for a proof: the
   * range stage tries all 65536 values of the two bytes of k!0 * k!3 ==
   * 0x3b (odd, so both odd: a solution exists, 1 * 0x3b) */
  ferret_term odd = term(f, FERRET_KIND_EQ, term(f, FERRET_KIND_BVMUL, b.k[0], b.k[3]), c8(f, 0x3b));
  CHECK(ferret_concolic_set(b.c, "max_execs", 1) == FERRET_OK);
  CHECK(solve_with(&b, "range", odd, NULL, 0) == FERRET_UNKNOWN);
  ferret_term none = term(f, FERRET_KIND_EQ, term(f, FERRET_KIND_BVMUL, b.k[0], b.k[0]), c8(f, 3));
  CHECK(solve_with(&b, "range", none, NULL, 0) == FERRET_UNKNOWN); /* unsat, not proved */
  CHECK(ferret_concolic_set(b.c, "max_execs", 0) == FERRET_OK);
  CHECK(solve_with(&b, "range", none, NULL, 0) == FERRET_UNSAT);
  bench_close(&b);
}

static double cpu_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* "cpu_time": the budget counts the process's CPU time, so a query no
 * stage can decide (x * x == 3 over 32 bits has no solution, as an odd
 * square is 1 mod 8, and none of the stages proves it) spends its whole
 * budget in CPU time, however loaded the machine, and not much more.  The
 * engine stage is off: it keeps wall time (it is given the CPU time left
 * as a wall deadline), so on a loaded machine it would stop early. */
TEST(concolic_cpu_time_budget) {
  bench b;
  bench_open(&b);
  ferret *f = b.f;
  CHECK(ferret_concolic_set(b.c, "cpu_time", 2) == FERRET_ERROR_OPTION);
  CHECK(ferret_concolic_set(b.c, "cpu_time", 1) == FERRET_OK);
  CHECK(ferret_concolic_set(b.c, "timeout_ms", 40) == FERRET_OK);
  CHECK(ferret_concolic_set(b.c, "engine", 0) == FERRET_OK);
  ferret_term x = cat(f, le16(&b, 2), le16(&b, 0));
  ferret_term sq = term(f, FERRET_KIND_EQ, term(f, FERRET_KIND_BVMUL, x, x),
                        ferret_mk_bits64(f, ferret_sort_bv(f, 32), 3));
  for (int round = 0; round < 2; round++) { /* plain, then optimistic */
    double t0 = cpu_seconds();
    ferret_result r = round ? ferret_concolic_solve_optimistic(b.c, sq)
                            : ferret_concolic_solve(b.c, sq);
    double spent = cpu_seconds() - t0;
    CHECK(r == FERRET_UNKNOWN);
    /* the stages may run out of candidates first on a fast build */
    bool on_budget = !strcmp(ferret_concolic_stage(b.c), "timeout");
    CHECK_MSG(on_budget || !strcmp(ferret_concolic_stage(b.c), "incomplete"), "%s",
              ferret_concolic_stage(b.c));
    CHECK_MSG((!on_budget || spent >= 0.040) && spent < 0.040 + 0.5,
              "%.3f CPU s for a 40 ms budget", spent);
  }
  bench_close(&b);
}

/* ------------------------------------------- the analysis (§III-C) */

static ferret_term cst(ferret *f, uint32_t w, uint64_t v) {
  return ferret_mk_bits64(f, ferret_sort_bv(f, w), w >= 64 ? v : v & (((uint64_t)1 << w) - 1));
}

static ferret_term ext(ferret *f, ferret_kind k, uint32_t n, ferret_term x) {
  return ferret_mk_term(f, k, &x, 1, &n, 1);
}

/* The facts of t on a context of 16 bound bytes: exactly one, on the
 * group of bytes pos[0..n), with the arc [lo, hi]. */
static void check_fact(bench *b, ferret_term t, const uint32_t *pos, uint32_t n,
                       uint64_t lo, uint64_t hi) {
  fer_concolic c;
  internal_open(b, &c);
  fer_conc_fact_stack out = {0};
  CHECK(fer_conc_facts(&c, t, &out));
  CHECK_MSG(out.size == 1, "%zu facts", out.size);
  if (out.size == 1) {
    CHECK(out.data[0].n == n && !memcmp(out.data[0].pos, pos, n * sizeof *pos));
    CHECK_MSG(out.data[0].arc.kind == FER_WARC_ARC && out.data[0].arc.lo == lo &&
                  out.data[0].arc.hi == hi,
              "arc kind %d [%#llx, %#llx], expected [%#llx, %#llx]", out.data[0].arc.kind,
              (unsigned long long)out.data[0].arc.lo, (unsigned long long)out.data[0].arc.hi,
              (unsigned long long)lo, (unsigned long long)hi);
  }
  FER_RELEASE(b->f, out);
  fer_concolic_release(&c);
}

/* Wrapped intervals: the paper's examples, signed bounds across zero,
 * extensions, and the meet that is two arcs. */
TEST(concolic_wrapped_interval_facts) {
  bench b;
  bench_open(&b);
  ferret *f = b.f;
  static const uint32_t g01[] = {0, 1}, g0[] = {0}, g0123[] = {0, 1, 2, 3};
  ferret_term g = le16(&b, 0);
  /* (i1 ++ i0) + 0xAAAA <u 0xBBBB: [0, 0x1110] ∪ [0x5556, 0xFFFF] */
  check_fact(&b, term(f, FERRET_KIND_BVULT, term(f, FERRET_KIND_BVADD, g, cst(f, 16, 0xaaaa)),
                      cst(f, 16, 0xbbbb)),
             g01, 2, 0x5556, 0x1110);
  /* -4 <=s x (constant on the left), through a sign extension of a byte */
  check_fact(&b, term(f, FERRET_KIND_BVSLE, cst(f, 16, 0xfffc),
                      ext(f, FERRET_KIND_SIGN_EXTEND, 8, b.k[0])),
             g0, 1, 0xfc, 0x7f);
  /* not (zext(k!0) <u 0x150) meets the image [0, 0xff]: empty */
  fer_concolic c;
  CHECK(fer_concolic_init(f, &c, b.seed, NBYTES));
  for (int i = 0; i < NBYTES; i++) fer_concolic_bind(&c, b.k[i], (size_t)i, 0);
  fer_conc_fact_stack out = {0};
  ferret_term nt = term(f, FERRET_KIND_BVUGE, ext(f, FERRET_KIND_ZERO_EXTEND, 8, b.k[0]),
                        cst(f, 16, 0x150));
  CHECK(fer_conc_facts(&c, nt, &out) && out.size == 1 && out.data[0].arc.kind == FER_WARC_EMPTY);
  FER_RELEASE(f, out);
  /* and, not, distinct, a constant high concat, bvnot, bvsub from a constant */
  ferret_term x32 = cat(f, le16(&b, 2), g);
  ferret_term both[2] = {term(f, FERRET_KIND_BVUGT, x32, cst(f, 32, 10)),
                         ferret_mk_term(f, FERRET_KIND_NOT, (ferret_term[]){term(
                             f, FERRET_KIND_BVUGT, x32, cst(f, 32, 30))}, 1, NULL, 0)};
  ferret_term a2 = ferret_mk_term(f, FERRET_KIND_AND, both, 2, NULL, 0);
  CHECK(fer_conc_facts(&c, a2, &out) && out.size == 2);
  if (out.size == 2) {
    fer_warc m = fer_warc_meet(out.data[0].arc, out.data[1].arc);
    CHECK(m.kind == FER_WARC_ARC && m.lo == 11 && m.hi == 30 && fer_warc_count(m) == 20);
  }
  FER_RELEASE(f, out);
  fer_concolic_release(&c);
  check_fact(&b, term(f, FERRET_KIND_DISTINCT, b.k[0], c8(f, 7)), g0, 1, 8, 6);
  check_fact(&b, term(f, FERRET_KIND_EQ, cat(f, c8(f, 0), b.k[0]), cst(f, 16, 0x42)), g0, 1,
             0x42, 0x42);
  check_fact(&b, term(f, FERRET_KIND_BVULE, ferret_mk_term(f, FERRET_KIND_BVNOT, &b.k[0], 1, NULL, 0),
                      c8(f, 0x0f)),
             g0, 1, 0xf0, 0xff);
  check_fact(&b, term(f, FERRET_KIND_BVULT, term(f, FERRET_KIND_BVSUB, cst(f, 32, 100), x32),
                      cst(f, 32, 10)),
             g0123, 4, 91, 100);
  /* single values through xor and an odd product */
  check_fact(&b, term(f, FERRET_KIND_EQ, term(f, FERRET_KIND_BVMUL, b.k[0], c8(f, 3)), c8(f, 7)),
             g0, 1, 0xad, 0xad);
  check_fact(&b, term(f, FERRET_KIND_EQ, term(f, FERRET_KIND_BVXOR, c8(f, 0xf0), b.k[0]),
                      c8(f, 0x0f)),
             g0, 1, 0xff, 0xff);
  /* the meet of two arcs that is two arcs: the smaller cover */
  fer_warc p = fer_warc_make(8, 0xf0, 0x20), q = fer_warc_make(8, 0x10, 0xf8);
  fer_warc m = fer_warc_meet(p, q); /* {0xf0..0xf8} ∪ {0x10..0x20} */
  CHECK(m.kind == FER_WARC_ARC && m.lo == 0xf0 && m.hi == 0x20);
  CHECK(fer_warc_meet(fer_warc_make(8, 0xf0, 0x20), fer_warc_make(8, 0x30, 0xe0)).kind ==
        FER_WARC_EMPTY);
  CHECK(fer_warc_make(8, 5, 4).kind == FER_WARC_FULL);
  bench_close(&b);
}

/* Every comparison with every 8-bit constant, through each operator of
 * the chain, against brute force over k!0's 256 values: the arc holds
 * every value that satisfies the comparison (the proofs rest on that), and
 * through bijections it holds no other (no precision lost). */
static bool cmp_holds(ferret_kind k, uint32_t w, uint64_t a, uint64_t b) {
  uint64_t sb = (uint64_t)1 << (w - 1);
  int64_t sa = (int64_t)(a ^ sb) - (int64_t)sb, sbb = (int64_t)(b ^ sb) - (int64_t)sb;
  switch (k) {
  case FERRET_KIND_EQ: return a == b;
  case FERRET_KIND_DISTINCT: return a != b;
  case FERRET_KIND_BVULT: return a < b;
  case FERRET_KIND_BVULE: return a <= b;
  case FERRET_KIND_BVUGT: return a > b;
  case FERRET_KIND_BVUGE: return a >= b;
  case FERRET_KIND_BVSLT: return sa < sbb;
  case FERRET_KIND_BVSLE: return sa <= sbb;
  case FERRET_KIND_BVSGT: return sa > sbb;
  default: return sa >= sbb;
  }
}

TEST(concolic_wrapped_interval_brute_force) {
  bench b;
  bench_open(&b);
  ferret *f = b.f;
  fer_concolic c;
  CHECK(fer_concolic_init(f, &c, b.seed, NBYTES));
  for (int i = 0; i < NBYTES; i++) fer_concolic_bind(&c, b.k[i], (size_t)i, 0);
  static const ferret_kind cmp[] = {FERRET_KIND_EQ,    FERRET_KIND_DISTINCT, FERRET_KIND_BVULT,
                                    FERRET_KIND_BVULE, FERRET_KIND_BVUGT,    FERRET_KIND_BVUGE,
                                    FERRET_KIND_BVSLT, FERRET_KIND_BVSLE,    FERRET_KIND_BVSGT,
                                    FERRET_KIND_BVSGE};
  fer_conc_fact_stack out = {0};
  long unsound = 0, loose = 0, checked = 0;
  for (int chain = 0; chain < 7; chain++) {
    for (uint64_t k = 0; k < 256; k += chain >= 5 ? 3 : 1) { /* 16-bit: a sample */
      uint32_t w = chain >= 5 ? 16 : 8;
      uint64_t kk = chain >= 5 ? (k * 0x1f3) & 0xffff : k, c0 = 0x5a;
      ferret_term e = b.k[0];
      switch (chain) {
      case 1: e = term(f, FERRET_KIND_BVADD, e, c8(f, c0)); break;
      case 2: e = term(f, FERRET_KIND_BVSUB, c8(f, c0), e); break;
      case 3: e = ferret_mk_term(f, FERRET_KIND_BVNOT, &e, 1, NULL, 0); break;
      case 4: e = ferret_mk_term(f, FERRET_KIND_BVNEG, &e, 1, NULL, 0); break;
      case 5: e = ext(f, FERRET_KIND_SIGN_EXTEND, 8, e); break;
      case 6: e = ext(f, FERRET_KIND_ZERO_EXTEND, 8, e); break;
      default: break;
      }
      for (size_t o = 0; o < sizeof cmp / sizeof *cmp; o++)
        for (int form = 0; form < 4; form++) { /* e op k, k op e, and negated */
          ferret_term t = form & 1 ? term(f, cmp[o], cst(f, w, kk), e) : term(f, cmp[o], e, cst(f, w, kk));
          if (form & 2) t = ferret_mk_term(f, FERRET_KIND_NOT, &t, 1, NULL, 0);
          FER_CLEAR(out);
          CHECK(fer_conc_facts(&c, t, &out));
          if (out.size != 1) continue; /* a full arc gives no fact */
          fer_warc a = out.data[0].arc;
          double truths = 0;
          for (uint64_t x = 0; x < 256; x++) {
            uint64_t v = x;
            switch (chain) {
            case 1: v = (x + c0) & 0xff; break;
            case 2: v = (c0 - x) & 0xff; break;
            case 3: v = ~x & 0xff; break;
            case 4: v = (0 - x) & 0xff; break;
            case 5: v = x & 0x80 ? x | 0xff00 : x; break;
            default: break;
            }
            bool truth = form & 1 ? cmp_holds(cmp[o], w, kk, v) : cmp_holds(cmp[o], w, v, kk);
            if (form & 2) truth = !truth;
            truths += truth;
            unsound += truth && !fer_warc_has(a, x);
          }
          loose += chain <= 4 && fer_warc_count(a) != truths;
          checked++;
        }
    }
  }
  CHECK_MSG(!unsound && !loose && checked > 2000, "%ld unsound, %ld loose of %ld", unsound, loose,
            checked);
  FER_RELEASE(f, out);
  fer_concolic_release(&c);
  bench_close(&b);
}

/* Wrapped intervals deciding queries interval propagation cannot: a
 * signed range across zero against a wrapping sum (unsat with the
 * intervals stage alone), and Fuzzy-SAT's range brute force on a 4-byte
 * group whose interval pi bounds to 513 values (sat and unsat with the
 * range stage alone; without the analysis range skips a 4-byte b). */
TEST(concolic_wrapped_intervals_decide) {
  bench b;
  bench_open(&b);
  ferret *f = b.f;
  ferret_term x32 = cat(f, le16(&b, 2), le16(&b, 0)); /* seed 0x44434241 */
  ferret_term pi[2] = {term(f, FERRET_KIND_BVSGE, x32, cst(f, 32, (uint32_t)-1000)),
                       term(f, FERRET_KIND_BVSLE, x32, cst(f, 32, 0x50000000))};
  ferret_term t = term(f, FERRET_KIND_BVULT, term(f, FERRET_KIND_BVADD, x32, cst(f, 32, 5000)),
                       cst(f, 32, 100));
  CHECK(solve_with(&b, "intervals", t, pi, 2) == FERRET_UNSAT);
  CHECK_STR(ferret_concolic_stage(b.c), "intervals");
  CHECK(solve_with(&b, NULL, t, pi, 2) == FERRET_UNSAT);
  /* optimistic: pi ignored, so b alone is sat */
  CHECK(ferret_concolic_solve_optimistic(b.c, t) == FERRET_SAT);
  /* the same b with the range moved to contain [-5000, -4901]: sat */
  ferret_term pi2[2] = {term(f, FERRET_KIND_BVSGE, x32, cst(f, 32, (uint32_t)-6000)),
                        pi[1]};
  CHECK(solve_with(&b, NULL, t, pi2, 2) == FERRET_SAT);
  /* range brute force: x32 in [0x44434200, 0x44434400], x32 % 1009 = r */
  ferret_term pr[2] = {term(f, FERRET_KIND_BVUGE, x32, cst(f, 32, 0x44434200)),
                       term(f, FERRET_KIND_BVULE, x32, cst(f, 32, 0x44434400))};
  uint32_t want = 0x44434307;
  t = term(f, FERRET_KIND_EQ, term(f, FERRET_KIND_BVUREM, x32, cst(f, 32, 1009)),
           cst(f, 32, want % 1009));
  CHECK(solve_with(&b, "range", t, pr, 2) == FERRET_SAT);
  const uint8_t *in = ferret_concolic_input(b.c);
  CHECK((uint32_t)(in[0] | in[1] << 8 | in[2] << 16 | (uint32_t)in[3] << 24) == want);
  t = term(f, FERRET_KIND_EQ, term(f, FERRET_KIND_BVUREM, x32, cst(f, 32, 1009)),
           cst(f, 32, (0x44434400u + 1) % 1009));
  CHECK(solve_with(&b, "range", t, pr, 2) == FERRET_UNSAT);
  bench_close(&b);
}

/* Uniquely defined bytes: pi's equalities fix k!0 and k!1, so a b over
 * k!0..k!2 leaves one byte to brute-force (range; 3 bytes without the
 * analysis); b demanding another value of a fixed byte through a
 * wrapping sum is unsat at once (propagation cannot see it); the bytes b's
 * own equality defines are set (input-to-state's first candidate). */
TEST(concolic_uniquely_defined_bytes) {
  bench b;
  bench_open(&b);
  ferret *f = b.f;
  ferret_term pi[2] = {term(f, FERRET_KIND_EQ, b.k[0], c8(f, 'A')),
                       term(f, FERRET_KIND_EQ, c8(f, 'B'), b.k[1])};
  ferret_term g24 = cat(f, b.k[2], le16(&b, 0)); /* k!2 * 65536 + 0x4241 */
  /* g24 % 257 = k!2 - 1 (k!2 > 0) since 65536 = 1 and 0x4241 = 256 mod 257 */
  ferret_term t = term(f, FERRET_KIND_EQ, term(f, FERRET_KIND_BVUREM, g24, cst(f, 24, 257)),
                       cst(f, 24, 23));
  CHECK(solve_with(&b, "range", t, pi, 2) == FERRET_SAT);
  CHECK(ferret_concolic_input(b.c)[2] == 24 && ferret_concolic_input(b.c)[0] == 'A');
  t = term(f, FERRET_KIND_EQ, term(f, FERRET_KIND_BVUREM, g24, cst(f, 24, 257)),
           cst(f, 24, 255)); /* no k!2 gives 255 */
  CHECK(solve_with(&b, "range", t, pi, 2) == FERRET_UNSAT);
  /* (k!1 ++ k!0) + 0x1111 = 0: k!0 would be 0xef, pi fixed it to 'A' */
  ferret_term g = le16(&b, 0);
  t = term(f, FERRET_KIND_EQ, term(f, FERRET_KIND_BVADD, g, cst(f, 16, 0x1111)), cst(f, 16, 0));
  CHECK(solve_with(&b, "intervals", t, pi, 1) == FERRET_UNSAT);
  CHECK(solve_with(&b, NULL, t, pi, 1) == FERRET_UNSAT);
  /* = 0x8852: k!1 = 0x77, k!0 = 'A' as pi wants; set by the analysis */
  t = term(f, FERRET_KIND_EQ, term(f, FERRET_KIND_BVADD, g, cst(f, 16, 0x1111)),
           cst(f, 16, 0x8852));
  CHECK(solve_with(&b, "i2s", t, pi, 1) == FERRET_SAT);
  CHECK(ferret_concolic_input(b.c)[1] == 0x77 && ferret_concolic_input(b.c)[0] == 'A');
  /* Fuzzy-SAT's test 004: pi false on the seed, b and pi meet in one
   * value of a big-endian 32-bit group: the base, judged on every
   * conjunct (no stage starts from a seed that fails pi) */
  ferret_term be = cat(f, cat(f, b.k[0], b.k[1]), cat(f, b.k[2], b.k[3]));
  ferret_term p4 = term(f, FERRET_KIND_BVUGT, cst(f, 32, 0x00010001), be);
  t = term(f, FERRET_KIND_BVULT, cst(f, 32, 0x0000ffff), be);
  CHECK(solve_with(&b, "i2s", t, &p4, 1) == FERRET_SAT);
  CHECK(!memcmp(ferret_concolic_input(b.c), "\x00\x01\x00\x00" "E", 5));
  /* a float variable's bytes fixed by pi (= with a non-NaN constant): b
   * on them alone is decided by the one candidate left */
  ferret_term fx = ferret_mk_var(f, "fx", ferret_sort_fp(f, 8, 24));
  CHECK(ferret_concolic_bind(b.c, fx, 12, 0) == FERRET_OK);
  uint32_t bits = 0x504f4e4du; /* "MNOP" little endian */
  ferret_term fpi = term(f, FERRET_KIND_EQ, fx, ferret_mk_bits64(f, ferret_sort_fp(f, 8, 24), bits));
  ferret_term fb = ferret_mk_term(f, FERRET_KIND_FP_IS_SUBNORMAL, &fx, 1, NULL, 0);
  CHECK(solve_with(&b, "intervals", fb, &fpi, 1) == FERRET_UNSAT);
  bench_close(&b);
}

/* Random comparisons of groups with constants through the chain's
 * operators: every unsat the analysis gives (intervals and range alone)
 * is confirmed by z3 (when installed), every sat validated (solve_with). */
TEST(concolic_analysis_random_exact) {
  bench b;
  bench_open(&b);
  ferret *f = b.f;
  uint64_t rng = 0x243f6a8885a308d3u;
  static const ferret_kind cmp[] = {FERRET_KIND_EQ,    FERRET_KIND_DISTINCT, FERRET_KIND_BVULT,
                                    FERRET_KIND_BVULE, FERRET_KIND_BVUGT,    FERRET_KIND_BVUGE,
                                    FERRET_KIND_BVSLT, FERRET_KIND_BVSLE,    FERRET_KIND_BVSGT,
                                    FERRET_KIND_BVSGE};
  size_t unsat = 0, sat = 0;
  /* the unsat answers, as a script for z3 (when installed) */
  char path[] = "/tmp/ferret-conc-XXXXXX";
  int fd = fer_test_have("z3") ? mkstemp(path) : -1;
  FILE *zf = fd >= 0 ? fdopen(fd, "w") : NULL;
  /* the checks below still run, but unconfirmed unsat answers make the
   * test count as skipped, not passed */
  if (!zf) fer_test_skipped = "z3 not found: the unsat answers were not confirmed";
  if (zf)
    for (int i = 0; i < NBYTES; i++) fprintf(zf, "(declare-const k!%d (_ BitVec 8))\n", i);
  for (int q = 0; q < 300; q++) {
    ferret_term parts[4];
    for (int j = 0; j < 4; j++) {
      rng = rng * 6364136223846793005u + 1442695040888963407u;
      uint64_t r = rng >> 16;
      int at = (int)(r % 3); /* bytes at..at+1: overlapping groups */
      ferret_term e = (r >> 2) & 1 ? le16(&b, at) : cat(f, c8(f, 0), b.k[at]);
      uint32_t w = 16;
      switch ((r >> 3) % 7) {
      case 0: e = term(f, FERRET_KIND_BVADD, e, cst(f, 16, r >> 20)); break;
      case 1: e = term(f, FERRET_KIND_BVSUB, cst(f, 16, r >> 24), e); break;
      case 2: e = ferret_mk_term(f, FERRET_KIND_BVNOT, &e, 1, NULL, 0); break;
      case 3: e = ext(f, FERRET_KIND_SIGN_EXTEND, 8, e), w = 24; break;
      case 4: e = ext(f, FERRET_KIND_ZERO_EXTEND, 8, e), w = 24; break;
      case 5: e = term(f, FERRET_KIND_BVMUL, e, cst(f, 16, (r >> 28) | 1)); break;
      default: break;
      }
      uint64_t k = (r >> 32) & ((1u << w) - 1);
      if ((r >> 6) & 1) k = (0x4241 + (r >> 40) % 64 - 32) & ((1u << w) - 1); /* near the seed */
      ferret_term t = (r >> 7) & 1 ? term(f, cmp[(r >> 8) % 10], e, cst(f, w, k))
                                   : term(f, cmp[(r >> 8) % 10], cst(f, w, k), e);
      if ((r >> 12) % 5 == 0) t = ferret_mk_term(f, FERRET_KIND_NOT, &t, 1, NULL, 0);
      parts[j] = t;
    }
    ferret_term pi[3];
    size_t npi = 0;
    bool on_seed[4]; /* pi: the parts true on the seed; b one false on it */
    for (int j = 0; j < 4; j++) {
      ferret_term fix[NBYTES + 1];
      for (int i = 0; i < NBYTES; i++) fix[i] = term(f, FERRET_KIND_EQ, b.k[i], c8(f, b.seed[i]));
      fix[NBYTES] = parts[j];
      on_seed[j] = ferret_check_sat_assuming(f, fix, NBYTES + 1) == FERRET_SAT;
      if (j && on_seed[j]) pi[npi++] = parts[j];
    }
    if (on_seed[0]) continue; /* the seed stage's (it cannot be switched off) */
    for (int mode = 0; mode < 2; mode++) {
      ferret_result r = solve_with(&b, mode ? "range" : "intervals", parts[0], pi, npi);
      sat += r == FERRET_SAT;
      if (r == FERRET_UNSAT && zf) { /* confirmed by z3 below */
        fprintf(zf, "(push)\n(assert %s)\n", ferret_term_string(f, parts[0]));
        for (size_t i = 0; i < npi; i++) fprintf(zf, "(assert %s)\n", ferret_term_string(f, pi[i]));
        fprintf(zf, "(check-sat)\n(pop)\n");
      }
      unsat += r == FERRET_UNSAT;
    }
  }
  CHECK_MSG(unsat > 10 && sat > 50, "%zu unsat, %zu sat", unsat, sat);
  if (zf) {
    fclose(zf);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "z3 -T:120 -smt2 %s 2>&1", path);
    FILE *pp = popen(cmd, "r");
    char line[256];
    size_t said_unsat = 0, lines = 0;
    while (pp && fgets(line, sizeof line, pp)) {
      lines++;
      said_unsat += !strcmp(line, "unsat\n");
      CHECK_MSG(!strcmp(line, "unsat\n"), "z3 on an unsat answer: %s", line);
    }
    if (pp) pclose(pp);
    unlink(path);
    CHECK_MSG(said_unsat == unsat && lines == unsat, "z3 confirmed %zu of %zu", said_unsat, unsat);
  }
  bench_close(&b);
}

/* "seed" names the stage, "random_seed" the random choices: switching the
 * seed stage off makes a query the seed satisfies go to a later stage. */
TEST(concolic_seed_stage_by_name) {
  ferret *f = ferret_new();
  uint8_t in[1] = {0x41};
  ferret_concolic *c = ferret_concolic_new(f, in, 1);
  CHECK(c != NULL);
  ferret_term x = ferret_mk_var(f, "x", ferret_sort_bv(f, 8));
  CHECK(ferret_concolic_bind(c, x, 0, 0) == FERRET_OK);
  ferret_term q = term(f, FERRET_KIND_EQ, x, c8(f, 0x41));
  CHECK(ferret_concolic_solve(c, q) == FERRET_SAT);
  CHECK_STR(ferret_concolic_stage(c), "seed");
  CHECK(ferret_concolic_set(c, "random_seed", 7) == FERRET_OK);
  CHECK(ferret_concolic_set(c, "seed", 0) == FERRET_OK);
  CHECK(ferret_concolic_solve(c, q) == FERRET_SAT);
  CHECK(strcmp(ferret_concolic_stage(c), "seed") != 0);
  CHECK(ferret_concolic_set(c, "seed", 2) == FERRET_ERROR_OPTION);
  ferret_concolic_delete(c);
  ferret_delete(f);
}

/* ---------------------------------- defaults from the ferret context */

/* The time limit per query and the intervals stage follow the ferret
 * context's options when the concolic context is made (ferret.h). */
TEST(concolic_defaults_from_the_context) {
  ferret *f = fresh();
  uint8_t seed[4] = {0, 0, 0x80, 0x3f};
  fer_concolic c;
  CHECK(fer_concolic_init(f, &c, seed, 4));
  CHECK(c.timeout_ms == 1000 && (c.stages >> FER_CONC_INTERVALS & 1));
  fer_concolic_release(&c);
  CHECK(ferret_set_option(f, "timeout", "3") == FERRET_OK);
  CHECK(fer_concolic_init(f, &c, seed, 4));
  CHECK_EQ_U(c.timeout_ms, 3000);
  fer_concolic_release(&c);
  CHECK(ferret_set_option(f, "timeout_ms", "250") == FERRET_OK); /* before timeout */
  CHECK(ferret_set_option(f, "intervals", "0") == FERRET_OK);
  CHECK(fer_concolic_init(f, &c, seed, 4));
  CHECK_EQ_U(c.timeout_ms, 250);
  CHECK(!(c.stages >> FER_CONC_INTERVALS & 1));
  CHECK(c.stages >> FER_CONC_ENGINE & 1); /* the others stay on */
  fer_concolic_release(&c);
  ferret_delete(f);
}

/* x a Float32 over the seed's 4 bytes, b: 1 < x < 1 + 2^-23 (no float
 * between them).  Interval propagation proves it unsat; with option
 * intervals 0 nothing does (2^32 inputs are too many to enumerate), so
 * the query ends unknown at the context's time limit. */
static ferret_result between_floats(const char *intervals, bool engine_only,
                                    const char **stage) {
  ferret *f = fresh();
  CHECK(ferret_set_option(f, "parse_only", "1") == FERRET_OK);
  CHECK(ferret_set_option(f, "timeout_ms", "300") == FERRET_OK);
  CHECK(ferret_set_option(f, "intervals", intervals) == FERRET_OK);
  static const char text[] =
      "(declare-const x Float32)"
      "(assert (and (fp.lt ((_ to_fp 8 24) RNE 1.0) x)"
      "             (fp.lt x (fp #b0 #b01111111 #b00000000000000000000001))))";
  CHECK(ferret_execute(f, "q", text, sizeof text - 1) == FERRET_OK);
  const ferret_term *v, *q;
  CHECK_EQ_U(ferret_get_declared(f, &v), 1);
  CHECK_EQ_U(ferret_get_query(f, &q), 1);
  uint8_t seed[4] = {0, 0, 0x80, 0x3f}; /* 1.0 */
  ferret_concolic *c = ferret_concolic_new(f, seed, 4);
  CHECK(ferret_concolic_bind(c, v[0], 0, 0) == FERRET_OK);
  static const char *const stages[] = {"seed", "i2s", "consts", "intervals", "range",
                                       "bytes", "gradient", "det", "havoc", "multigoal"};
  for (size_t s = 0; engine_only && s < 10; s++)
    CHECK(ferret_concolic_set(c, stages[s], 0) == FERRET_OK);
  ferret_result r = ferret_concolic_solve(c, q[0]);
  static char name[32];
  snprintf(name, sizeof name, "%s", ferret_concolic_stage(c));
  *stage = name;
  ferret_concolic_delete(c);
  ferret_delete(f);
  return r;
}

TEST(concolic_no_intervals_runs_none) {
  const char *stage;
  CHECK(between_floats("1", false, &stage) == FERRET_UNSAT);
  CHECK_STR(stage, "intervals");
  CHECK(between_floats("0", false, &stage) == FERRET_UNKNOWN);
  CHECK_STR(stage, "timeout");
  /* the engine stage alone (the intervals stage off: it would prove it
   * first): it must not propagate intervals either, which would prove it */
  CHECK(between_floats("0", true, &stage) == FERRET_UNKNOWN);
  CHECK_STR(stage, "timeout");
}

/* Option jobs reaches the engine stage: two workers answer, validated. */
TEST(concolic_engine_with_two_jobs) {
  bench b;
  bench_open(&b);
  ferret *f = b.f;
  CHECK(ferret_set_option(f, "jobs", "2") == FERRET_OK);
  ferret_term t = term(f, FERRET_KIND_EQ,
                       term(f, FERRET_KIND_BVMUL, le16(&b, 10), le16(&b, 12)),
                       ferret_mk_bits64(f, ferret_sort_bv(f, 16), 0x3039));
  CHECK(solve_with(&b, "engine", t, NULL, 0) == FERRET_SAT);
  bench_close(&b);
}

/* Variables wider than 128 bits: a 256-bit bit-vector and a
 * (_ FloatingPoint 19 237) bound to 32 bytes each (little- and big-endian),
 * solved through their parts; the answer's bytes checked directly. */
TEST(concolic_wide_variables) {
  ferret *f = fresh();
  uint8_t seed[64];
  for (int i = 0; i < 64; i++) seed[i] = (uint8_t)(i * 7 + 1);
  seed[32] = 0x01; /* x positive in the seed */
  ferret_concolic *c = ferret_concolic_new(f, seed, 64);
  ferret_sort s256 = ferret_sort_bv(f, 256), fw = ferret_sort_fp(f, 19, 237);
  ferret_term big = ferret_mk_var(f, "big", s256), x = ferret_mk_var(f, "x", fw);
  CHECK(ferret_concolic_bind(c, big, 0, 0) == FERRET_OK);
  CHECK(ferret_concolic_bind(c, x, 32, 1) == FERRET_OK);
  CHECK(ferret_concolic_bind(c, big, 0, 0) == FERRET_ERROR_OPTION); /* bound twice */
  /* the top byte of big is 0xab (byte 31, little-endian) */
  uint32_t idx[2] = {255, 248};
  ferret_term top = ferret_mk_term(f, FERRET_KIND_EXTRACT, &big, 1, idx, 2);
  ferret_term t = term(f, FERRET_KIND_EQ, top, c8(f, 0xab));
  CHECK(ferret_concolic_solve(c, t) == FERRET_SAT);
  CHECK_EQ_U(ferret_concolic_input(c)[31], 0xab);
  CHECK_EQ_U(ferret_concolic_input(c)[0], seed[0]); /* the rest as in the seed */
  /* x negative and normal: its sign is the top bit of byte 32 (big-endian) */
  ferret_term a1[1] = {x};
  ferret_term neg = ferret_mk_term(f, FERRET_KIND_FP_IS_NEG, a1, 1, NULL, 0);
  ferret_term nrm = ferret_mk_term(f, FERRET_KIND_FP_IS_NORMAL, a1, 1, NULL, 0);
  t = term(f, FERRET_KIND_AND, neg, nrm);
  CHECK(ferret_concolic_solve(c, t) == FERRET_SAT);
  const uint8_t *in = ferret_concolic_input(c);
  CHECK(in[32] & 0x80);
  /* exponent (19 bits after the sign) neither all zeros nor all ones */
  uint32_t e = ((uint32_t)(in[32] & 0x7f) << 12) | (uint32_t)in[33] << 4 | in[34] >> 4;
  CHECK(e != 0 && e != 0x7ffff);
  ferret_concolic_delete(c);
  ferret_delete(f);
}

/* ------------------------------------------- the cost of a query */

/* The number after "NAME": in the "tried" object of the concolic stats. */
static long tried_of(bench *b, const char *name) {
  fer_test_buf diag = {0};
  ferret_set_diagnostic(b->f, fer_test_buf_add, &diag);
  CHECK(ferret_concolic_print_stats(b->c) == FERRET_OK);
  ferret_set_diagnostic(b->f, quiet, NULL);
  const char *t = diag.data ? strstr(diag.data, "\"tried\"") : NULL;
  char key[32];
  snprintf(key, sizeof key, "\"%s\": ", name);
  const char *at = t ? strstr(t, key) : NULL;
  long n = at ? strtol(at + strlen(key), NULL, 10) : -1;
  free(diag.data);
  return n;
}

/* Interval propagation runs before the constants stage: a query it
 * proves unsat judges no constant.  pi fixes k!0 to 'A', b wants 5 there
 * (the constants stage would try 5, 6 and 4 in k!0, each breaking pi). */
TEST(concolic_intervals_before_constants) {
  bench b;
  bench_open(&b);
  ferret *f = b.f;
  ferret_term pi = term(f, FERRET_KIND_EQ, b.k[0], c8(f, 'A'));
  ferret_term t = term(f, FERRET_KIND_EQ, b.k[0], c8(f, 5));
  CHECK(solve_with(&b, NULL, t, &pi, 1) == FERRET_UNSAT);
  CHECK_STR(ferret_concolic_stage(b.c), "intervals");
  CHECK_MSG(tried_of(&b, "consts") == 0, "the constants stage tried %ld candidates",
            tried_of(&b, "consts"));
  bench_close(&b);
}

/* A 16-bit field zero extended to 32 bits and compared with a constant
 * that fits in 16 bits: the 4-byte encoding of the constant is no
 * window of the bytes b reads (2), so the constants stage writes it in 2
 * bytes.  Little-endian field k!2..k!3 ("CD" in the seed), and a
 * sign-extended big-endian one k!6..k!7 compared with -3. */
TEST(concolic_narrow_field_in_a_wide_comparison) {
  bench b;
  bench_open(&b);
  ferret *f = b.f;
  ferret_term wide = ext(f, FERRET_KIND_ZERO_EXTEND, 16, le16(&b, 2));
  ferret_term t = term(f, FERRET_KIND_EQ, wide, cst(f, 32, 0x9003));
  CHECK(solve_with(&b, "consts", t, NULL, 0) == FERRET_SAT);
  const uint8_t *in = ferret_concolic_input(b.c);
  CHECK(in[2] == 0x03 && in[3] == 0x90 && in[4] == 'E');
  ferret_term sx = ext(f, FERRET_KIND_SIGN_EXTEND, 16, cat(f, b.k[6], b.k[7]));
  t = term(f, FERRET_KIND_EQ, sx, cst(f, 32, (uint32_t)-3));
  CHECK(solve_with(&b, "consts", t, NULL, 0) == FERRET_SAT);
  in = ferret_concolic_input(b.c);
  CHECK(in[6] == 0xff && in[7] == 0xfd);
  /* a constant that needs all 4 bytes stays unanswered */
  t = term(f, FERRET_KIND_EQ, wide, cst(f, 32, 0x19003));
  CHECK(solve_with(&b, "consts", t, NULL, 0) == FERRET_UNKNOWN);
  bench_close(&b);
}

/* Counting the conjuncts a candidate breaks: from the position of the
 * last failure on, and no further than the limit. */
TEST(concolic_count_fails_limit_and_hint) {
  bench b;
  bench_open(&b);
  ferret *f = b.f;
  fer_concolic c;
  internal_open(&b, &c);
  /* k!i = seed[i] for i < 6: each holds on the seed */
  for (int i = 0; i < 6; i++)
    CHECK(fer_concolic_notify(&c, term(f, FERRET_KIND_EQ, b.k[i], c8(f, b.seed[i]))) == FERRET_OK);
  uint8_t buf[NBYTES];
  memcpy(buf, b.seed, NBYTES);
  buf[1] ^= 1, buf[3] ^= 1, buf[4] ^= 1; /* breaks conjuncts 1, 3 and 4 */
  const uint32_t *idx = c.path.data;
  size_t n = c.path.size;
  uint32_t hint = 0;
  CHECK_EQ_U(fer_conc_count_fails(&c, buf, idx, n, 0, &hint), 3);
  CHECK_EQ_U(hint, 1);
  hint = 2;
  CHECK_EQ_U(fer_conc_count_fails(&c, buf, idx, n, 1, &hint), 1);
  CHECK_EQ_U(hint, 3); /* the first failure from position 2 on */
  hint = 5;
  CHECK_EQ_U(fer_conc_count_fails(&c, buf, idx, n, 2, &hint), 2);
  CHECK_EQ_U(hint, 1); /* from 5, wrapping round: 5 holds, 0 holds, 1 fails */
  hint = 99; /* out of range: from the start */
  CHECK_EQ_U(fer_conc_count_fails(&c, buf, idx, n, 0, &hint), 3);
  CHECK_EQ_U(hint, 1);
  CHECK_EQ_U(fer_conc_count_fails(&c, b.seed, idx, n, 0, &hint), 0);
  CHECK_EQ_U(hint, 1); /* unchanged when none fails */
  fer_concolic_release(&c);
  bench_close(&b);
}

/* After the range stage has judged every value of the bytes b reads
 * (here one: k!0 * k!0 is never 3 mod 256, an odd square being 1 mod 8),
 * the stages that change only those bytes are skipped; the query is not
 * proved unsat (pi ties k!0 to k!1, which b does not read), so it stays
 * unknown.  Before, gradient, det and havoc tried 32, 90 and 4096 more. */
TEST(concolic_range_exhausted_skips_byte_stages) {
  bench b;
  bench_open(&b);
  ferret *f = b.f;
  ferret_term pi = term(f, FERRET_KIND_EQ, term(f, FERRET_KIND_BVADD, b.k[0], b.k[1]),
                        c8(f, 'A' + 'B'));
  ferret_term t = term(f, FERRET_KIND_EQ, term(f, FERRET_KIND_BVMUL, b.k[0], b.k[0]), c8(f, 3));
  CHECK(ferret_concolic_set(b.c, "engine", 0) == FERRET_OK);
  CHECK(ferret_concolic_set(b.c, "multigoal", 0) == FERRET_OK);
  ferret_concolic_clear_path(b.c);
  CHECK(ferret_concolic_notify(b.c, pi) == FERRET_OK);
  CHECK(ferret_concolic_solve(b.c, t) == FERRET_UNKNOWN);
  CHECK_EQ_U(tried_of(&b, "range"), 256);
  static const char *const after[] = {"bytes", "gradient", "det", "havoc"};
  for (int s = 0; s < 4; s++)
    CHECK_MSG(tried_of(&b, after[s]) == 0, "%s tried %ld", after[s], tried_of(&b, after[s]));
  bench_close(&b);
}

/* With a CPU-time budget, the process's CPU clock (a system call) is read
 * again only when some wall time has passed since the last read, not at
 * each of the 65536 candidates of a two-byte range: x * x == 3 over 16
 * bits (never: an odd square is 1 mod 8), proved unsat by enumeration. */
TEST(concolic_cpu_clock_read_sparingly) {
  bench b;
  bench_open(&b);
  ferret *f = b.f;
  fer_concolic c;
  internal_open(&b, &c);
  c.cpu_time = true;
  c.timeout_ms = 600000; /* never reached */
  c.stages = 1u << FER_CONC_RANGE;
  ferret_term x = le16(&b, 0);
  ferret_term t = term(f, FERRET_KIND_EQ, term(f, FERRET_KIND_BVMUL, x, x),
                       ferret_mk_bits64(f, ferret_sort_bv(f, 16), 3));
  CHECK(fer_concolic_solve(&c, t, false) == FERRET_UNSAT);
  CHECK_EQ_U(c.st.tried[FER_CONC_RANGE], 65536);
  CHECK_MSG(c.st.clock_reads > 0 && c.st.clock_reads < 65536 / 2,
            "%llu reads of the CPU clock for 65536 candidates",
            (unsigned long long)c.st.clock_reads);
  fer_concolic_release(&c);
  bench_close(&b);
}
