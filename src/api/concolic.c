/* The concolic calls of the public API (ferret.h, "concolic"): a thin
 * layer over the concolic job (concolic/concolic.h) that checks its
 * arguments, and the session's query and declarations for clients that
 * read a script and then drive the terms themselves. */
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "base/context.h"
#include "concolic/concolic.h"
#include "smt/term.h"
#include "api/smt.h"
#include "api/smt_query.h"

struct ferret_concolic {
  fer_concolic c;
};

#define REQUIRE_CONC(x) \
  FER_REQUIRE((x) ? (x)->c.f : NULL, (x), "NULL concolic context")

static bool valid_term(const ferret *f, ferret_term t) {
  return t >= 1 && t <= fer_term_count(f);
}

/* A term argument: 0 comes from a failed call (keep its error), an id
 * outside the store is misuse. */
static bool term_ok(ferret *f, ferret_term t, const char *fn) {
  if (!t) {
    if (f->error.status == FERRET_OK)
      fer_error(f, FERRET_ERROR_SORT, 0, 0,
                "%s: the term is 0 (the call that made it failed)", fn);
    return false;
  }
  if (!valid_term(f, t)) fer_misuse(f, fn, "invalid term");
  return true;
}

ferret_concolic *ferret_concolic_new(ferret *f, const uint8_t *seed,
                                     size_t size) {
  FER_REQUIRE(f, f && (seed || !size), "NULL context or seed");
  ferret_concolic *x = fer_malloc(f, sizeof *x);
  if (!x) return NULL;
  if (!fer_concolic_init(f, &x->c, seed, size)) {
    fer_concolic_release(&x->c);
    fer_free(f, x, sizeof *x);
    return NULL;
  }
  return x;
}

void ferret_concolic_delete(ferret_concolic *x) {
  if (!x) return;
  ferret *f = x->c.f;
  fer_concolic_release(&x->c);
  fer_free(f, x, sizeof *x);
}

ferret_status ferret_concolic_bind(ferret_concolic *x, ferret_term var,
                                   size_t offset, int big_endian) {
  REQUIRE_CONC(x);
  ferret *f = x->c.f;
  if (!term_ok(f, var, __func__)) return f->error.status;
  return fer_concolic_bind(&x->c, var, offset, big_endian != 0);
}

ferret_status ferret_concolic_set_seed(ferret_concolic *x, const uint8_t *seed,
                                       size_t size) {
  REQUIRE_CONC(x);
  FER_REQUIRE(x->c.f, seed || !size, "NULL seed");
  return fer_concolic_set_seed(&x->c, seed, size);
}

ferret_status ferret_concolic_notify(ferret_concolic *x, ferret_term pi) {
  REQUIRE_CONC(x);
  ferret *f = x->c.f;
  if (!term_ok(f, pi, __func__)) return f->error.status;
  return fer_concolic_notify(&x->c, pi);
}

void ferret_concolic_clear_path(ferret_concolic *x) {
  REQUIRE_CONC(x);
  fer_concolic_clear_path(&x->c);
}

static ferret_result solve(ferret_concolic *x, ferret_term b, bool optimistic,
                           const char *fn) {
  ferret *f = x->c.f;
  if (!term_ok(f, b, fn)) {
    x->c.reason = "error";
    return FERRET_UNKNOWN;
  }
  atomic_store(&f->interrupt, 0);
  return fer_concolic_solve(&x->c, b, optimistic);
}

ferret_result ferret_concolic_solve(ferret_concolic *x, ferret_term b) {
  REQUIRE_CONC(x);
  return solve(x, b, false, __func__);
}

ferret_result ferret_concolic_solve_optimistic(ferret_concolic *x,
                                               ferret_term b) {
  REQUIRE_CONC(x);
  return solve(x, b, true, __func__);
}

static ferret_result optimize(ferret_concolic *x, ferret_term t, bool max,
                              int is_signed, int *optimal, const char *fn) {
  ferret *f = x->c.f;
  if (optimal) *optimal = 0;
  if (!term_ok(f, t, fn)) {
    x->c.reason = "error";
    return FERRET_UNKNOWN;
  }
  atomic_store(&f->interrupt, 0);
  bool opt = false;
  ferret_result r = fer_concolic_optimize(&x->c, t, max, is_signed != 0, &opt);
  if (optimal) *optimal = opt;
  return r;
}

ferret_result ferret_concolic_solve_max(ferret_concolic *x, ferret_term t,
                                        int is_signed, int *optimal) {
  REQUIRE_CONC(x);
  return optimize(x, t, true, is_signed, optimal, __func__);
}

ferret_result ferret_concolic_solve_min(ferret_concolic *x, ferret_term t,
                                        int is_signed, int *optimal) {
  REQUIRE_CONC(x);
  return optimize(x, t, false, is_signed, optimal, __func__);
}

typedef struct each_ctx {
  ferret_concolic *x;
  ferret_concolic_value_fn each;
  void *user;
} each_ctx;

static int each_value(void *user, fer_term v, const uint8_t *input) {
  each_ctx *e = user;
  ferret *f = e->x->c.f;
  fer_u128 bits = fer_term_op(f, v) == FER_OP_TRUE    ? 1
                  : fer_term_op(f, v) == FER_OP_FALSE ? 0
                                                      : fer_const_u128(f, v);
  uint64_t limbs[2] = {(uint64_t)bits, (uint64_t)(bits >> 64)};
  fer_host_enter(f);
  int stop = e->each(e->user, limbs, 2, input, e->x->c.size);
  fer_host_leave(f);
  return stop;
}

ferret_result ferret_concolic_solve_all(ferret_concolic *x, ferret_term t,
                                        uint64_t limit,
                                        ferret_concolic_value_fn each,
                                        void *user, int *complete) {
  REQUIRE_CONC(x);
  ferret *f = x->c.f;
  FER_REQUIRE(f, each, "NULL callback");
  if (complete) *complete = 0;
  if (!term_ok(f, t, __func__)) {
    x->c.reason = "error";
    return FERRET_UNKNOWN;
  }
  const fer_sort_info *si = fer_sort_get(f, fer_term_sort(f, t));
  uint32_t bits = si->kind == FER_SORT_BOOL ? 1
                  : si->kind == FER_SORT_BV ? si->a
                  : si->kind == FER_SORT_FP ? si->a + si->b
                                            : 0;
  if (!bits || bits > 128) {
    fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0,
              "concolic: all values of a Bool, BV or FP term of at most 128 bits");
    x->c.reason = "unsupported";
    return FERRET_UNKNOWN;
  }
  atomic_store(&f->interrupt, 0);
  each_ctx e = {x, each, user};
  bool done = false;
  ferret_result r = fer_concolic_solve_all(&x->c, t, limit, each_value, &e, &done);
  if (complete) *complete = done;
  return r;
}

const uint8_t *ferret_concolic_input(const ferret_concolic *x) {
  REQUIRE_CONC(x);
  return x->c.out;
}

const char *ferret_concolic_stage(const ferret_concolic *x) {
  REQUIRE_CONC(x);
  if (x->c.reason) return x->c.reason;
  return x->c.last_stage >= 0 ? fer_conc_stage_name[x->c.last_stage] : "none";
}

ferret_status ferret_concolic_set(ferret_concolic *x, const char *name,
                                  int64_t value) {
  REQUIRE_CONC(x);
  ferret *f = x->c.f;
  FER_REQUIRE(f, name, "NULL name");
  fer_concolic *c = &x->c;
  if (!strcmp(name, "timeout_ms") || !strcmp(name, "max_execs") ||
      !strcmp(name, "random_seed")) {
    if (value < 0)
      return fer_error(f, FERRET_ERROR_OPTION, 0, 0,
                       "concolic: %s must be >= 0", name);
    if (name[0] == 't') c->timeout_ms = (uint64_t)value;
    else if (name[0] == 'm') c->max_execs = (uint64_t)value;
    else c->rng_seed = (uint64_t)value; /* "seed" is the stage */
    return FERRET_OK;
  }
  if (!strcmp(name, "cpu_time")) {
    if (value != 0 && value != 1)
      return fer_error(f, FERRET_ERROR_OPTION, 0, 0,
                       "concolic: cpu_time is 0 (wall) or 1 (CPU)");
    c->cpu_time = value;
    return FERRET_OK;
  }
  for (int s = 0; s < FER_CONC_NSTAGES; s++) {
    if (strcmp(name, fer_conc_stage_name[s])) continue;
    if (value != 0 && value != 1)
      return fer_error(f, FERRET_ERROR_OPTION, 0, 0,
                       "concolic: stage '%s' is 0 (off) or 1 (on)", name);
    c->stages = value ? c->stages | 1u << s : c->stages & ~(1u << s);
    return FERRET_OK;
  }
  return fer_error(f, FERRET_ERROR_OPTION, 0, 0,
                   "concolic: unknown setting '%s'", name);
}

ferret_status ferret_concolic_print_stats(ferret_concolic *x) {
  REQUIRE_CONC(x);
  ferret *f = x->c.f;
  const fer_conc_stats *st = &x->c.st;
  char text[2048];
  size_t n = 0;
#define PUT(...) \
  n += (size_t)snprintf(text + n, n < sizeof text ? sizeof text - n : 0, __VA_ARGS__)
  PUT("{\"queries\": %llu, \"sat\": %llu, \"unsat\": %llu, \"unknown\": %llu, "
      "\"seconds\": %.6f, \"by_stage\": {",
      (unsigned long long)st->queries, (unsigned long long)st->sat,
      (unsigned long long)st->unsat, (unsigned long long)st->unknown, st->time);
  for (int s = 0; s < FER_CONC_NSTAGES; s++)
    PUT("%s\"%s\": %llu", s ? ", " : "", fer_conc_stage_name[s],
        (unsigned long long)st->by_stage[s]);
  PUT("}, \"tried\": {");
  for (int s = 0; s < FER_CONC_NSTAGES; s++)
    PUT("%s\"%s\": %llu", s ? ", " : "", fer_conc_stage_name[s],
        (unsigned long long)st->tried[s]);
  PUT("}}\n");
#undef PUT
  if (n >= sizeof text) return fer_error(f, FERRET_ERROR_LIMIT, 0, 0, "stats: cannot format");
  fer_host_enter(f);
  f->diag(f->diag_user, text, n);
  fer_host_leave(f);
  return FERRET_OK;
}

size_t ferret_get_query(ferret *f, const ferret_term **terms) {
  FER_REQUIRE(f, f && terms, "NULL context or terms");
  const fer_term *a;
  size_t n;
  fer_smt_query(f, &a, &n);
  *terms = a;
  return n;
}

size_t ferret_get_declared(ferret *f, const ferret_term **vars) {
  FER_REQUIRE(f, f && vars, "NULL context or vars");
  const fer_term *a;
  size_t n;
  fer_smt_declared(f, &a, &n);
  *vars = a;
  return n;
}
