/* The search interface (engine.h) driven directly, as a job would: the
 * formula is compiled here (no preprocessing) and every request is built
 * by hand.  Covers: going on after solutions (each valid, all distinct,
 * the same sequence twice), NEAR (its input first, with one execution),
 * the budget on a hopeless search (executions, deadline, interrupt), a
 * stop from the callback ending the run at once, MINIMIZE / MAXIMIZE
 * (optimum proved by enumeration, NaN never better), validation on the
 * request's formula rather than the program, and unsupported requests. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fp/fp.h"
#include "bv/bv.h"
#include "engine/engine.h"
#include "engine/judge.h"
#include "base/context.h"
#include "base/rng.h"
#include "smt/term.h"
#include "api/smt_session.h"
#include "test.h"

static void quiet(void *u, const char *t, size_t n) { (void)u, (void)t, (void)n; }

/* A context holding the declarations and assertions of `text`, with
 * options "name=value ..." set. */
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
  CHECK(ferret_execute(f, "test", text, strlen(text)) == FERRET_OK);
  return f;
}

static const fer_term *asserts(ferret *f) { return f->smt->assertions.data; }
static size_t nasserts(ferret *f) { return f->smt->assertions.size; }

static fer_term var(ferret *f, const char *name) {
  for (uint32_t i = fer_var_count(f); i-- > 0;)
    if (!strcmp(fer_var_name(f, fer_var_term(f, i)), name)) return fer_var_term(f, i);
  return 0;
}

/* The slot of variable `name` in p. */
static uint32_t slot(ferret *f, const fer_prog *p, const char *name) {
  fer_term v = var(f, name);
  for (uint32_t s = 0; s < p->nslots; s++)
    if (p->slots.data[s].var == v) return s;
  CHECK_MSG(0, "no slot for %s", name);
  return 0;
}

/* What the callback saw. */
#define MAXSOL 64
typedef struct seen {
  ferret *f;
  const fer_prog *p;
  uint32_t stop_at;   /* answer stop at this call (1-based) */
  fer_objective_kind kind;
  uint32_t calls, invalid, mismatched;
  fer_u128 in[MAXSOL][4];         /* the first MAXSOL solutions */
  uint64_t execs[MAXSOL];
  const char *found_by[MAXSOL];
  fer_u128 last[4];               /* the last solution */
  fer_term last_value;
  uint32_t worse;                 /* optimising: not better than the last */
} seen;

/* Forget what the callback saw (before another run). */
static void again(seen *c) {
  c->calls = c->invalid = c->mismatched = c->worse = 0;
}

/* Is value a better than b for the objective (unsigned BV / FP order)? */
static bool better(ferret *f, fer_objective_kind k, fer_term a, fer_term b) {
  const fer_sort_info *si = fer_sort_get(f, fer_term_sort(f, a));
  fer_u128 x = fer_const_u128(f, a), y = fer_const_u128(f, b);
  if (si->kind == FER_SORT_FP) { /* positive finite values only here */
    CHECK(!(x >> (si->a + si->b - 1)) && !(y >> (si->a + si->b - 1)));
  }
  return k == FER_OBJ_MINIMIZE ? x < y : x > y;
}

static fer_engine_verdict collect(void *user, const fer_engine_solution *s) {
  seen *c = user;
  ferret *f = c->f;
  uint32_t k = c->calls++;
  /* our own check on the formula, and the model agrees with the input */
  if (fer_model_validate(f, asserts(f), nasserts(f), s->model) != 1) c->invalid++;
  for (uint32_t i = 0; i < c->p->nslots; i++) {
    fer_term v = s->model->value[fer_term_idx(f, c->p->slots.data[i].var, 0)];
    fer_u128 bits = v == fer_true(f) ? 1 : v == fer_false(f) ? 0 : fer_const_u128(f, v);
    if (bits != s->input[i]) c->mismatched++;
  }
  if (k < MAXSOL) {
    memcpy(c->in[k], s->input, c->p->nslots * sizeof *s->input);
    c->execs[k] = s->execs;
    c->found_by[k] = s->found_by;
  }
  if (c->kind == FER_OBJ_MINIMIZE || c->kind == FER_OBJ_MAXIMIZE) {
    if (k && !better(f, c->kind, s->value, c->last_value)) c->worse++;
    c->last_value = s->value;
  }
  memcpy(c->last, s->input, c->p->nslots * sizeof *s->input);
  CHECK_EQ_U(s->index, k);
  return c->calls >= c->stop_at ? FER_ENGINE_STOP : FER_ENGINE_GO_ON;
}

/* A SATISFY request on p validated on the context's assertions. */
static fer_engine_request request(ferret *f, const fer_prog *p, seen *c) {
  fer_engine_request r;
  memset(&r, 0, sizeof r);
  r.prog = p;
  r.layout = fer_layout_of(p);
  r.check.assertions = asserts(f);
  r.check.n = nasserts(f);
  r.objective.kind = FER_OBJ_SATISFY;
  r.accept = collect;
  r.accept_user = c;
  r.budget.max_execs = 2000000; /* a safety net: no test should need it */
  memset(c, 0, sizeof *c);
  c->f = f, c->p = p, c->stop_at = 1;
  return r;
}

static void compile(ferret *f, fer_prog *p) {
  CHECK(fer_compile(f, asserts(f), nasserts(f), p) == FERRET_OK);
}

/* 64 solutions in a space of 2^64 inputs (no enumeration). */
static const char *sixty_four =
    "(declare-fun x () (_ BitVec 32))(declare-fun y () (_ BitVec 32))"
    "(assert (bvult x #x00000040))(assert (= y #x12345678))";

TEST(search_goes_on_distinct_valid) {
  fer_u128 first[20][4];
  for (int run = 0; run < 2; run++) {
    ferret *f = load("seed=3", sixty_four);
    fer_prog p;
    compile(f, &p);
    seen c;
    fer_engine_request r = request(f, &p, &c);
    c.stop_at = 20;
    fer_engine_stats st;
    CHECK(fer_engine_run(f, &r, &st) == FER_ENGINE_STOPPED);
    CHECK_EQ_U(c.calls, 20);
    CHECK_EQ_U(st.solutions, 20);
    CHECK_EQ_U(c.invalid, 0);
    CHECK_EQ_U(c.mismatched, 0);
    uint32_t sx = slot(f, &p, "x"), sy = slot(f, &p, "y");
    for (uint32_t i = 0; i < 20 && i < c.calls; i++) {
      CHECK(c.in[i][sx] < 0x40 && c.in[i][sy] == 0x12345678);
      for (uint32_t k = 0; k < i; k++)
        CHECK_MSG(c.in[i][sx] != c.in[k][sx], "solutions %u and %u are equal", k, i);
    }
    /* with one worker the same request gives the same sequence */
    for (uint32_t i = 0; i < 20; i++)
      if (run == 0) memcpy(first[i], c.in[i], sizeof first[i]);
      else CHECK(!memcmp(first[i], c.in[i], sizeof first[i]));
    CHECK(st.candidates >= 20);
    fer_prog_release(f, &p);
    ferret_delete(f);
  }
}

TEST(search_near_input_first) {
  /* the zero seed satisfies too: only NEAR puts the given input first */
  const char *texts[2] = {
      "(declare-fun x () (_ BitVec 32))(assert (bvult x #x00010000))",
      "(declare-fun x () (_ BitVec 8))(assert (bvult x #x80))"}; /* enumerated */
  for (int k = 0; k < 2; k++) {
    ferret *f = load("", texts[k]);
    fer_prog p;
    compile(f, &p);
    seen c;
    fer_engine_request r = request(f, &p, &c);
    fer_engine_stats st;
    CHECK(fer_engine_run(f, &r, &st) == FER_ENGINE_STOPPED);
    CHECK(c.in[0][0] == 0); /* without NEAR: the zero seed */
    fer_u128 near[1] = {0x15};
    again(&c);
    r.objective.kind = FER_OBJ_NEAR;
    r.objective.near = near;
    CHECK(fer_engine_run(f, &r, &st) == FER_ENGINE_STOPPED);
    CHECK_EQ_U(c.calls, 1);
    CHECK(c.in[0][0] == 0x15);
    CHECK_EQ_U(c.execs[0], 1); /* the first execution, no mutation */
    CHECK_EQ_U(st.execs, 1);
    CHECK_STR(c.found_by[0], "seed");
    fer_prog_release(f, &p);
    ferret_delete(f);
  }
}

TEST(search_near_mutates_from_input) {
  /* y must equal a value no seed holds; x must stay as NEAR gives it: the
   * solutions found go on from the input (x kept, y searched) */
  ferret *f = load("",
      "(declare-fun x () (_ BitVec 32))(declare-fun y () (_ BitVec 16))"
      "(assert (= (bvand x #x0000ffff) #x00001234))(assert (bvugt y #xfff0))");
  fer_prog p;
  compile(f, &p);
  seen c;
  fer_engine_request r = request(f, &p, &c);
  uint32_t sx = slot(f, &p, "x"), sy = slot(f, &p, "y");
  fer_u128 near[2];
  near[sx] = 0xabcd1234, near[sy] = 7;
  r.objective.kind = FER_OBJ_NEAR;
  r.objective.near = near;
  fer_engine_stats st;
  CHECK(fer_engine_run(f, &r, &st) == FER_ENGINE_STOPPED);
  CHECK_EQ_U(c.invalid, 0);
  CHECK(c.in[0][sy] > 0xfff0);
  /* the input's high half of x is nowhere in the formula: kept from it */
  CHECK_MSG(c.in[0][sx] == 0xabcd1234, "x = %llx", (unsigned long long)c.in[0][sx]);
  fer_prog_release(f, &p);
  ferret_delete(f);
}

static const char *hopeless =
    "(declare-fun x () (_ BitVec 64))"
    "(assert (= (bvmul (bvxor x (bvlshr x #x000000000000001d)) #x9e3779b97f4a7c15)"
    "           #x0123456789abcdef))";

TEST(search_budget_ends_hopeless_search) {
  ferret *f = load("", hopeless);
  fer_prog p;
  compile(f, &p);
  seen c;
  fer_engine_request r = request(f, &p, &c);
  fer_engine_stats st;
  /* executions (checked every 256 per worker) */
  r.budget.max_execs = 5000;
  r.budget.deadline = fer_now() + 20; /* only if max_execs were ignored */
  CHECK(fer_engine_run(f, &r, &st) == FER_ENGINE_UNKNOWN);
  CHECK_STR(st.reason, "budget");
  CHECK(st.execs >= 5000 && st.execs < 5000 + 512);
  CHECK_EQ_U(c.calls, 0);
  /* deadline */
  r.budget.max_execs = 0;
  double t0 = fer_now();
  r.budget.deadline = t0 + 0.3;
  CHECK(fer_engine_run(f, &r, &st) == FER_ENGINE_UNKNOWN);
  CHECK_STR(st.reason, "timeout");
  CHECK(fer_now() - t0 >= 0.3 && fer_now() - t0 < 2.0);
  /* interrupt flag, already set: stops at the first check */
  volatile _Atomic int stop = 1;
  r.budget.interrupt = &stop;
  r.budget.deadline = fer_now() + 20;
  CHECK(fer_engine_run(f, &r, &st) == FER_ENGINE_UNKNOWN);
  CHECK_STR(st.reason, "interrupted");
  CHECK(st.execs <= 256);
  CHECK_EQ_U(c.calls, 0);
  fer_prog_release(f, &p);
  ferret_delete(f);
}

TEST(search_stop_from_callback_at_once) {
  const char *opts[2] = {"jobs=1", "jobs=2"};
  for (int k = 0; k < 2; k++) {
    ferret *f = load(opts[k], sixty_four);
    fer_prog p;
    compile(f, &p);
    seen c;
    fer_engine_request r = request(f, &p, &c);
    c.stop_at = 3;
    fer_engine_stats st;
    CHECK(fer_engine_run(f, &r, &st) == FER_ENGINE_STOPPED);
    CHECK_EQ_U(c.calls, 3);
    CHECK_EQ_U(st.solutions, 3);
    /* nothing ran after the stop */
    if (k == 0) CHECK_EQ_U(st.execs, c.execs[2]);
    fer_prog_release(f, &p);
    ferret_delete(f);
  }
}

/* Run an optimising request with "go on" throughout; returns the status. */
static fer_engine_status optimise(ferret *f, const fer_prog *p, seen *c,
                                  fer_objective_kind kind, const char *name,
                                  fer_engine_stats *st) {
  fer_engine_request r = request(f, p, c);
  c->stop_at = UINT32_MAX;
  r.objective.kind = c->kind = kind;
  r.objective.term = var(f, name);
  return fer_engine_run(f, &r, st);
}

TEST(search_minimise_maximise) {
  /* BV, 2^8 inputs: enumerated, so the optimum is proved */
  ferret *f = load("",
      "(declare-fun x () (_ BitVec 8))"
      "(assert (bvugt x #x2a))(assert (= (bvand x #x03) #x01))");
  fer_prog p;
  compile(f, &p);
  seen c;
  fer_engine_stats st;
  CHECK(optimise(f, &p, &c, FER_OBJ_MINIMIZE, "x", &st) == FER_ENGINE_EXHAUSTED);
  CHECK(c.calls >= 1 && c.last[0] == 0x2d);
  CHECK(c.calls && fer_const_u128(f, c.last_value) == 0x2d);
  CHECK(optimise(f, &p, &c, FER_OBJ_MAXIMIZE, "x", &st) == FER_ENGINE_EXHAUSTED);
  CHECK(c.calls > 1 && c.last[0] == 0xfd);
  CHECK_EQ_U(c.worse, 0);
  CHECK_EQ_U(c.invalid, 0);
  fer_prog_release(f, &p);
  ferret_delete(f);
  /* FP: the least Float16 above 1 is 1 + 2^-10; the largest finite one is
   * 65504 (the NaNs, solutions too and enumerated after it, are never
   * better) */
  f = load("",
      "(declare-fun h () Float16)(assert (not (fp.isInfinite h)))"
      "(assert (or (fp.isNaN h) (fp.gt h ((_ to_fp 5 11) RNE 1.0))))");
  compile(f, &p);
  CHECK(optimise(f, &p, &c, FER_OBJ_MINIMIZE, "h", &st) == FER_ENGINE_EXHAUSTED);
  CHECK(c.calls >= 1 && c.last[0] == 0x3c01);
  CHECK(optimise(f, &p, &c, FER_OBJ_MAXIMIZE, "h", &st) == FER_ENGINE_EXHAUSTED);
  CHECK(c.calls > 1 && c.last[0] == 0x7bff);
  CHECK(st.not_better > 0);
  CHECK_EQ_U(c.worse, 0);
  CHECK_EQ_U(c.invalid, 0);
  fer_prog_release(f, &p);
  ferret_delete(f);
}

TEST(search_validates_on_request_formula) {
  /* the program knows x < 16 only; the formula also says x = 5: the zero
   * seed passes the program, fails the formula, and must not reach the
   * callback (a program/formula disagreement is a bug: the run ends) */
  ferret *f = load("",
      "(declare-fun x () (_ BitVec 8))(assert (bvult x #x10))(assert (= x #x05))");
  fer_prog p;
  CHECK(fer_compile(f, asserts(f), 1, &p) == FERRET_OK);
  seen c;
  fer_engine_request r = request(f, &p, &c);
  fer_engine_stats st;
  CHECK(fer_engine_run(f, &r, &st) == FER_ENGINE_UNKNOWN);
  CHECK_STR(st.reason, "internal: model rejected");
  CHECK_EQ_U(c.calls, 0);
  /* validated on the program's own formula it is a solution */
  r.check.n = 1;
  CHECK(fer_engine_run(f, &r, &st) == FER_ENGINE_STOPPED);
  CHECK_EQ_U(c.calls, 1);
  fer_prog_release(f, &p);
  ferret_delete(f);
}

TEST(search_unsupported_requests) {
  ferret *f = load("", "(declare-fun x () (_ BitVec 8))(declare-fun r () RoundingMode)"
                       "(assert (bvult x #x10))(assert (= r RTZ))");
  fer_prog p;
  compile(f, &p);
  seen c;
  fer_engine_request r = request(f, &p, &c);
  fer_engine_stats st;
  r.layout.kind = FER_LAYOUT_BYTES;
  CHECK(fer_engine_run(f, &r, &st) == FER_ENGINE_UNKNOWN);
  CHECK_STR(st.reason, "unsupported: byte layout");
  r.layout = fer_layout_of(&p);
  r.layout.nslots--;
  CHECK(fer_engine_run(f, &r, &st) == FER_ENGINE_UNKNOWN);
  CHECK_STR(st.reason, "unsupported: layout differs from the program's slots");
  r.layout = fer_layout_of(&p);
  r.objective.kind = FER_OBJ_MINIMIZE;
  r.objective.term = var(f, "r");
  CHECK(fer_engine_run(f, &r, &st) == FER_ENGINE_UNKNOWN);
  CHECK_STR(st.reason, "unsupported: objective sort");
  r.objective.kind = FER_OBJ_NEAR;
  r.objective.near = NULL;
  CHECK(fer_engine_run(f, &r, &st) == FER_ENGINE_UNKNOWN);
  CHECK_STR(st.reason, "unsupported: NEAR without an input");
  CHECK_EQ_U(c.calls, 0);
  fer_prog_release(f, &p);
  ferret_delete(f);
}

/* Narrowed slot ranges in the layout: enumeration walks only them (an
 * unsat proof over 2 * 3 inputs of a 2^64 space) and the seeds start at
 * their ends and middle. */
TEST(search_layout_ranges) {
  ferret *f = load("", "(declare-fun x () (_ BitVec 32))(declare-fun y () Float32)"
                       "(assert (= (bvmul x x) #x00000002))(assert (fp.isNegative y))");
  fer_prog p;
  compile(f, &p);
  seen c;
  fer_engine_request r = request(f, &p, &c);
  fer_slot_range rg[2];
  memset(rg, 0, sizeof rg);
  uint32_t sx = slot(f, &p, "x"), sy = slot(f, &p, "y");
  rg[sx].base = 5, rg[sx].count = 2; /* x in {5, 6} */
  fer_fmt f32 = {8, 24};
  /* y in {-2.0, -1.0 - ulp, ...}: three keys ending at -1.0 */
  fer_u128 kone = fer_fp_order_key(f32, 0xbf800000);
  rg[sy].base = kone - 2, rg[sy].count = 3;
  r.layout.ranges = rg;
  fer_u128 *seeds;
  uint32_t n;
  CHECK(fer_engine_seeds(f, &r, &seeds, &n));
  CHECK(n >= 3);
  bool lo = false, hi = false, mid = false;
  for (uint32_t i = 0; i < n; i++) {
    fer_u128 *in = seeds + (size_t)i * p.nslots;
    lo |= in[sx] == 5 && in[sy] == fer_fp_from_order_key(f32, kone - 2);
    hi |= in[sx] == 6 && in[sy] == 0xbf800000;
    mid |= in[sx] == 6 && in[sy] == fer_fp_from_order_key(f32, kone - 1);
  }
  CHECK(lo && hi && mid);
  fer_engine_seeds_release(f, &r, seeds, n);
  fer_engine_stats st;
  CHECK(fer_engine_run(f, &r, &st) == FER_ENGINE_EXHAUSTED);
  CHECK_EQ_U(st.enumerated, 6);
  CHECK_EQ_U(c.calls, 0);
  fer_prog_release(f, &p);
  ferret_delete(f);
}

/* A callback counting its calls. */
static fer_engine_verdict go_on(void *user, const fer_engine_solution *s) {
  (void)s;
  (*(uint32_t *)user)++;
  return FER_ENGINE_GO_ON;
}

/* The judge's memory of the inputs it judged (judge.c: rows of packed
 * bits in a hashed table) is an exact set, over slots of every width and
 * through the table's growths: each input is new once and then a
 * duplicate, an input one bit away from a judged one is new, and a
 * RoundingMode pattern beyond RTZ is RNE's. */
TEST(search_judge_remembers_exactly) {
  static const char *names[] = {"p", "m", "a", "b", "c", "d", "x", "y"};
  enum { NV = 8, N = 3000 };
  ferret *f = load("", "(declare-fun p () Bool)(declare-fun m () RoundingMode)"
                       "(declare-fun a () (_ BitVec 3))(declare-fun b () (_ BitVec 63))"
                       "(declare-fun c () (_ BitVec 65))(declare-fun d () (_ BitVec 128))"
                       "(declare-fun x () Float32)(declare-fun y () Float64)");
  fer_term eqs[NV]; /* (= v v): every input is a model */
  for (int i = 0; i < NV; i++) {
    fer_term v[2] = {var(f, names[i]), var(f, names[i])};
    eqs[i] = fer_mk(f, FER_OP_EQ, 2, v, 0, 0);
  }
  fer_prog p;
  CHECK(fer_compile(f, eqs, NV, &p) == FERRET_OK);
  CHECK_EQ_U(p.nslots, NV);
  uint32_t ns = p.nslots, calls = 0, sm = slot(f, &p, "m");
  fer_engine_request r;
  memset(&r, 0, sizeof r);
  fer_engine_sampling hooks = {false, false, false, false};
  r.prog = &p, r.layout = fer_layout_of(&p);
  r.check.assertions = eqs, r.check.n = NV;
  r.objective.kind = FER_OBJ_SATISFY;
  r.accept = go_on, r.accept_user = &calls;
  r.sampling = &hooks;
  fer_engine_stats st;
  memset(&st, 0, sizeof st);
  fer_judge j;
  CHECK(fer_judge_init(f, &j, &r, &st) == NULL);
  fer_u128 *in = calloc((size_t)N * ns, sizeof *in), one[NV];
  fer_rng g;
  fer_rng_seed(&g, 42);
  for (uint32_t k = 0; k < N; k++)
    for (uint32_t s = 0; s < ns; s++)
      in[k * ns + s] = s == sm ? fer_rng_below(&g, 5)
                               : fer_rng_u128(&g) & fer_bv_mask(p.slots.data[s].bits);
  in[sm] = FER_RNE;
  for (uint32_t k = 0; k < N; k++)
    CHECK(fer_judge_offer(&j, in + k * ns, "seed", k) == FER_JUDGE_GO_ON);
  CHECK_EQ_U(calls, N);
  for (uint32_t k = 0; k < N; k++)
    CHECK(fer_judge_offer(&j, in + k * ns, "seed", k) == FER_JUDGE_SKIP);
  CHECK_EQ_U(st.duplicates, N);
  /* one bit away: slot k % ns, its lowest, highest, then other bits */
  for (uint32_t k = 0; k < N; k++) {
    uint32_t s = k % ns, w = p.slots.data[s].bits, t = k / ns;
    memcpy(one, in + k * ns, sizeof one);
    if (s == sm) one[s] = (one[s] + 1) % 5;
    else one[s] ^= (fer_u128)1 << (t == 0 ? 0 : t == 1 ? w - 1 : t % w);
    CHECK_MSG(fer_judge_offer(&j, one, "seed", k) == FER_JUDGE_GO_ON,
              "input %u, slot %u (%u bits), bit %u", k, s, w, t);
  }
  CHECK_EQ_U(calls, 2 * N);
  memcpy(one, in, sizeof one); /* in[0] has RNE */
  for (fer_u128 v = 5; v < 8; v++) {
    one[sm] = v;
    CHECK(fer_judge_offer(&j, one, "seed", 0) == FER_JUDGE_SKIP);
  }
  CHECK_EQ_U(st.duplicates, N + 3);
  CHECK_EQ_U(calls, 2 * N);
  free(in);
  fer_judge_release(&j);
  fer_prog_release(f, &p);
  ferret_delete(f);
}

/* The judge is the last word on a candidate: an input the program accepted
 * but the formula rejects (a compiler or program bug) ends the run and never
 * reaches the callback, by the evaluator's plan (sampling) and by the model
 * (solving) alike, while a model goes through. */
TEST(search_judge_rejects_a_non_model) {
  ferret *f = load("", "(declare-fun a () (_ BitVec 4))(declare-fun x () Float16)");
  fer_term a = var(f, "a"), x = var(f, "x"), three = fer_mk_const_u128(f, fer_term_sort(f, a), 3);
  fer_term lt[2] = {a, three}, one = fer_mk(f, FER_OP_BVULT, 2, lt, 0, 0);
  fer_term fx[1] = {x}, two = fer_mk(f, FER_OP_FP_IS_NORMAL, 1, fx, 0, 0);
  fer_term asserts[2] = {one, two};
  fer_prog p;
  CHECK(fer_compile(f, asserts, 2, &p) == FERRET_OK);
  uint32_t sa = slot(f, &p, "a"), sx = slot(f, &p, "x");
  for (int sampling = 0; sampling < 2; sampling++) {
    uint32_t calls = 0;
    fer_engine_request r;
    memset(&r, 0, sizeof r);
    fer_engine_sampling hooks = {false, false, false, true};
    r.prog = &p, r.layout = fer_layout_of(&p);
    r.check.assertions = asserts, r.check.n = 2;
    r.objective.kind = FER_OBJ_SATISFY;
    r.accept = go_on, r.accept_user = &calls;
    r.sampling = sampling ? &hooks : NULL;
    fer_engine_stats st;
    memset(&st, 0, sizeof st);
    fer_judge j;
    CHECK(fer_judge_init(f, &j, &r, &st) == NULL);
    CHECK_MSG(!sampling || j.plan, "the sampling judge has no plan");
    fer_u128 in[2];
    in[sa] = 2, in[sx] = 0x3c00; /* a < 3, x = 1.0: a model */
    CHECK_MSG(fer_judge_offer(&j, in, "seed", 0) == FER_JUDGE_GO_ON, "sampling %d", sampling);
    in[sa] = 3, in[sx] = 0x3c01; /* a = 3 breaks a < 3 */
    CHECK_MSG(fer_judge_offer(&j, in, "seed", 1) == FER_JUDGE_FAIL, "sampling %d", sampling);
    CHECK_EQ_U(calls, 1);
    fer_judge_release(&j);
  }
  fer_prog_release(f, &p);
  ferret_delete(f);
}
