/* The query (engine/query.h): the one pipeline the jobs run, and the
 * outcomes it reports (base/outcome.h). */
#include <string.h>

#include "base/context.h"
#include "base/outcome.h"
#include "engine/query.h"
#include "smt/array.h"
#include "smt/term.h"
#include "api/smt_session.h"
#include "test.h"

static void quiet(void *u, const char *t, size_t n) { (void)u, (void)t, (void)n; }

static ferret *load(const char *text) {
  ferret *f = ferret_new();
  ferret_set_output(f, quiet, NULL);
  ferret_set_diagnostic(f, quiet, NULL);
  CHECK(ferret_execute(f, "test", text, strlen(text)) == FERRET_OK);
  return f;
}

static fer_term var(ferret *f, const char *name) {
  for (uint32_t i = fer_var_count(f); i-- > 0;)
    if (!strcmp(fer_var_name(f, fer_var_term(f, i)), name)) return fer_var_term(f, i);
  return 0;
}

static uint64_t value_of(ferret *f, const fer_model *m, const char *name) {
  uint32_t i = fer_term_idx(f, var(f, name), 0);
  return i < m->size && m->value[i] ? (uint64_t)fer_value_bits(f, m->value[i]) : UINT64_MAX;
}

/* The reason texts are what users, scripts and the docs read: each kind
 * keeps its words, and a failed step's status maps to them in one way. */
TEST(query_reason_texts) {
  static const struct { fer_why w; const char *text; } t[] = {
      {FER_WHY_NONE, ""},
      {FER_WHY_INCOMPLETE, "incomplete"},
      {FER_WHY_MEMORY, "memory"},
      {FER_WHY_UNSUPPORTED, "unsupported"},
      {FER_WHY_UNSPECIFIED, "unspecified"},
      {FER_WHY_BUDGET, "budget"},
      {FER_WHY_TIMEOUT, "timeout"},
      {FER_WHY_INTERRUPTED, "interrupted"},
      {FER_WHY_PORTFOLIO, "portfolio"},
      {FER_WHY_ERROR, "error"},
      {FER_WHY_REJECTED, "internal: model rejected"},
      {FER_WHY_ELIMINATED, "internal: eliminated variable"}};
  for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
    CHECK_MSG(!strcmp(fer_why_text[t[i].w], t[i].text), "kind %zu: '%s'", i,
              fer_why_text[t[i].w]);
    if (t[i].w) CHECK_MSG(fer_why_of_text(t[i].text) == t[i].w, "'%s' read back", t[i].text);
  }
  CHECK(fer_why_of_status(FERRET_ERROR_UNSUPPORTED) == FER_WHY_UNSUPPORTED);
  CHECK(fer_why_of_status(FERRET_ERROR_LIMIT) == FER_WHY_MEMORY);
  CHECK(fer_why_of_text("") == FER_WHY_NONE && fer_why_of_text(NULL) == FER_WHY_NONE);
  /* a backend's own words are a message, not a kind by their prefix */
  CHECK(fer_why_of_text("unsupported: byte layout") == FER_WHY_OTHER);
  CHECK(fer_why_of_text("timeouts") == FER_WHY_OTHER);
  fer_outcome o = fer_outcome_unknown(FER_WHY_OTHER, "libfuzzer: one solution per run");
  CHECK(!strcmp(fer_outcome_reason(&o), "libfuzzer: one solution per run"));
  o = fer_outcome_unknown(FER_WHY_TIMEOUT, NULL);
  CHECK(!strcmp(fer_outcome_reason(&o), "timeout"));
  o.result = FERRET_SAT;
  CHECK(!strcmp(fer_outcome_reason(&o), ""));
}

/* Two independent components: two runs, the model of both, checked here
 * by arithmetic of its own (x*x = 49 mod 256, y the one value left). */
TEST(query_find_components) {
  ferret *f = load("(declare-fun x () (_ BitVec 8))(declare-fun y () (_ BitVec 8))"
                   "(assert (= (bvmul x x) #x31))"
                   "(assert (bvult y #x03))(assert (distinct y #x00))(assert (distinct y #x01))");
  fer_query q;
  fer_query_init(&q, f, f->smt->assertions.data, f->smt->assertions.size);
  fer_model m;
  fer_model_init(&m);
  fer_outcome o = fer_query_find(&q, &m, NULL, NULL);
  CHECK(o.result == FERRET_SAT);
  CHECK_MSG(q.components == 2, "%u components", q.components);
  uint64_t x = value_of(f, &m, "x"), y = value_of(f, &m, "y");
  CHECK_MSG(x < 256 && (x * x) % 256 == 0x31, "x = %llu", (unsigned long long)x);
  CHECK_MSG(y == 2, "y = %llu", (unsigned long long)y);
  fer_model_release(f, &m);
  fer_query_release(&q);
  ferret_delete(f);
}

/* A job's setup that says the budget is spent ends the query "budget",
 * before any run. */
static bool spent(void *user, fer_engine_request *r) {
  (void)r;
  ++*(int *)user;
  return false;
}

TEST(query_find_budget_spent) {
  ferret *f = load("(declare-fun x () (_ BitVec 16))(assert (= (bvmul x x) #x0031))");
  fer_query q;
  fer_query_init(&q, f, f->smt->assertions.data, f->smt->assertions.size);
  fer_model m;
  fer_model_init(&m);
  int asked = 0;
  fer_outcome o = fer_query_find(&q, &m, spent, &asked);
  CHECK(o.result == FERRET_UNKNOWN && o.why == FER_WHY_BUDGET);
  CHECK(!strcmp(fer_outcome_reason(&o), "budget"));
  CHECK(asked == 1 && q.total.execs == 0);
  fer_model_release(f, &m);
  fer_query_release(&q);
  ferret_delete(f);
}

/* The front's steps are the job's to turn on: the same formula is proved
 * unsat by interval propagation only when it runs (x & 15 > 16 is empty
 * for the domains, not a rewrite preprocessing knows). */
TEST(query_prepare_steps) {
  ferret *f = load("(declare-fun x () (_ BitVec 8))"
                   "(assert (bvugt (bvand x #x0f) #x10))");
  for (int iv = 0; iv < 2; iv++) {
    fer_query q;
    fer_query_init(&q, f, f->smt->assertions.data, f->smt->assertions.size);
    q.intervals = iv;
    fer_outcome o;
    bool open = fer_query_prepare(&q, &o);
    if (iv) {
      CHECK_MSG(!open && o.result == FERRET_UNSAT && !strcmp(q.found_by, "intervals"),
                "intervals on: open %d, found_by '%s'", open, q.found_by);
    } else {
      CHECK_MSG(open && q.pn > 0, "intervals off: open %d, %zu assertions", open, q.pn);
    }
    fer_query_release(&q);
  }
  ferret_delete(f);
}

/* A construct the compiler does not take is "unsupported" (not "memory"),
 * and nothing is left to release. */
TEST(query_compile_unsupported) {
  ferret *f = load("(declare-fun w () (_ BitVec 200))"
                   "(assert (bvult (bvmul w w) (bvadd w (_ bv7 200))))");
  fer_query q;
  fer_query_init(&q, f, f->smt->assertions.data, f->smt->assertions.size);
  fer_prog p;
  const fer_slot_range *r;
  fer_why w = fer_query_compile(&q, q.a, q.n, &p, &r);
  CHECK_MSG(w == FER_WHY_UNSUPPORTED, "'%s'", fer_why_text[w]);
  fer_query_release(&q);
  ferret_delete(f);
}
