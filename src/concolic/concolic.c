/* The concolic job (contract in concolic.h): the context (binding
 * variables to input bytes, the seed, the path constraint's conjuncts and
 * their cache), one query's preparation and analysis, the judging of
 * candidate inputs, and fer_concolic_solve, which runs the stages
 * (stages.c) in order.  Minimum, maximum and all values of a term over the
 * path: values.c.  What these files share: concolic_internal.h. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "engine/engine.h"
#include "engine/prog.h" /* FER_WIDE_LIMBS */
#include "fp/fpw.h"
#include "smt/eval.h"
#include "concolic/concolic_internal.h"

const char *const fer_conc_stage_name[FER_CONC_NSTAGES] = {
    "seed",  "i2s",      "consts", "intervals", "range",
    "bytes", "gradient", "det",    "havoc",     "multigoal", "engine"};

typedef fer_u128 u128;

int fer_concolic_init(ferret *f, fer_concolic *c, const uint8_t *seed,
                      size_t size) {
  memset(c, 0, sizeof *c);
  c->f = f, c->size = size;
  fer_map_init(&c->var_index);
  fer_map_init(&c->conj_index);
  fer_model_init(&c->model);
  fer_subst_init(&c->wide);
  /* the defaults follow the ferret context's options (ferret.h): the
   * time limit per query, interval propagation */
  c->stages = (1u << FER_CONC_NSTAGES) - 1;
  if (!f->opt.intervals) c->stages &= ~(1u << FER_CONC_INTERVALS);
  c->max_execs = 0; /* the time limit is the budget */
  c->timeout_ms = f->opt.timeout_ms ? (uint64_t)f->opt.timeout_ms
                  : f->opt.timeout  ? (uint64_t)f->opt.timeout * 1000
                                    : 1000;
  c->rng_seed = 1;
  c->last_stage = -1;
  size_t n = size ? size : 1;
  c->seed = fer_malloc(f, n), c->cur = fer_malloc(f, n), c->out = fer_malloc(f, n);
  if (!c->seed || !c->cur || !c->out) return 0;
  if (size) memcpy(c->seed, seed, size);
  return 1;
}

void fer_concolic_release(fer_concolic *c) {
  ferret *f = c->f;
  size_t n = c->size ? c->size : 1;
  if (c->seed) fer_free(f, c->seed, n);
  if (c->cur) fer_free(f, c->cur, n);
  if (c->out) fer_free(f, c->out, n);
  FER_RELEASE(f, c->vars);
  FER_RELEASE(f, c->conjs);
  FER_RELEASE(f, c->deps_pool);
  FER_RELEASE(f, c->facts_pool);
  FER_RELEASE(f, c->path);
  FER_RELEASE(f, c->tmp);
  FER_RELEASE(f, c->tmp_u32);
  fer_map_release(f, &c->var_index);
  fer_map_release(f, &c->conj_index);
  fer_model_release(f, &c->model);
  fer_subst_release(f, &c->wide);
}

/* --------------------------------------------------------- bytes <-> values */

u128 fer_conc_read_var(const fer_concolic *c, const uint8_t *buf, uint32_t vi) {
  const fer_conc_var *v = &c->vars.data[vi];
  u128 x = 0;
  for (uint32_t k = 0; k < v->nbytes; k++) {
    uint32_t at = v->big_endian ? k : v->nbytes - 1 - k;
    x = x << 8 | buf[v->offset + at];
  }
  return v->bits >= 128 ? x : x & (((u128)1 << v->bits) - 1);
}

void fer_conc_write_var(const fer_concolic *c, uint8_t *buf, uint32_t vi,
                        u128 x) {
  const fer_conc_var *v = &c->vars.data[vi];
  for (uint32_t k = 0; k < v->nbytes; k++) {
    uint32_t at = v->big_endian ? v->nbytes - 1 - k : k;
    buf[v->offset + at] = (uint8_t)(x >> (8 * k));
  }
}

/* model := the values of vars idx[0..n) read from buf.  0: memory. */
int fer_conc_load_model(fer_concolic *c, const uint8_t *buf,
                        const uint32_t *idx, size_t n) {
  ferret *f = c->f;
  if (!fer_model_reserve(f, &c->model)) return 0;
  for (size_t i = 0; i < n; i++) {
    fer_term v = c->vars.data[idx[i]].var;
    fer_term k =
        fer_value_term(f, fer_term_sort(f, v), fer_conc_read_var(c, buf, idx[i]));
    if (!k) return 0;
    c->model.value[fer_term_idx(f, v, 0)] = k;
  }
  return 1;
}

static ferret_status bind_wide(fer_concolic *c, fer_term var, uint32_t bits,
                               size_t offset, bool big_endian);

ferret_status fer_concolic_bind(fer_concolic *c, fer_term var, size_t offset,
                                bool big_endian) {
  ferret *f = c->f;
  if (fer_term_op(f, var) != FER_OP_VAR)
    return fer_error(f, FERRET_ERROR_SORT, 0, 0, "concolic: bind needs a variable");
  const fer_sort_info *si = fer_sort_get(f, fer_term_sort(f, var));
  uint32_t bits = si->kind == FER_SORT_BOOL ? 1
                  : si->kind == FER_SORT_BV ? si->a
                  : si->kind == FER_SORT_FP ? si->a + si->b
                                            : 0;
  bool fp_ok = si->kind != FER_SORT_FP || fer_fpw_fmt_ok((fer_fmt){si->a, si->b});
  if (!bits || !fp_ok || (bits > 128 && bits > FER_WIDE_LIMBS * 64))
    return fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0,
                     "concolic: a bound variable is Bool, BV of at most %u bits "
                     "or FP of at most %u bits",
                     FER_WIDE_LIMBS * 64, FER_FPW_MAX_BITS);
  if (bits > 128) return bind_wide(c, var, bits, offset, big_endian);
  uint32_t nbytes = (bits + 7) / 8;
  if (offset > c->size || nbytes > c->size - offset)
    return fer_error(f, FERRET_ERROR_OPTION, 0, 0,
                     "concolic: bytes %zu..%zu are outside the %zu-byte input",
                     offset, offset + nbytes - 1, c->size);
  if (fer_map_get(&c->var_index, var))
    return fer_error(f, FERRET_ERROR_OPTION, 0, 0,
                     "concolic: '%s' is bound already", fer_var_name(f, var));
  fer_conc_var v = {var, (uint32_t)offset, nbytes, bits, big_endian};
  if (!FER_PUSH(f, c->vars, v) ||
      !fer_map_put(f, &c->var_index, var, (uint32_t)c->vars.size))
    return f->error.status;
  return FERRET_OK;
}

/* A variable of more than 128 bits: parts x[hi:lo] of 128 bits (16
 * bytes; the last one the rest), each bound to its bytes in the same
 * order, and x := their concat (to_fp of it for FP) in c->wide. */
static ferret_status bind_wide(fer_concolic *c, fer_term var, uint32_t bits,
                               size_t offset, bool big_endian) {
  ferret *f = c->f;
  size_t nbytes = (bits + 7) / 8;
  if (offset > c->size || nbytes > c->size - offset)
    return fer_error(f, FERRET_ERROR_OPTION, 0, 0,
                     "concolic: bytes %zu..%zu are outside the %zu-byte input",
                     offset, offset + nbytes - 1, c->size);
  if (fer_map_get(&c->wide.map, var))
    return fer_error(f, FERRET_ERROR_OPTION, 0, 0,
                     "concolic: '%s' is bound already", fer_var_name(f, var));
  fer_term_stack parts = {0};
  fer_term def = fer_wide_split_var(f, var, &parts);
  ferret_status st = def ? FERRET_OK : f->error.status;
  for (size_t i = 0; st == FERRET_OK && i < parts.size; i++) {
    /* parts[i] holds bits lo .. lo + 127 (the last: the rest); its bytes
     * little-endian from byte lo/8, big-endian ending nbytes - lo/8 in */
    uint32_t lo = (uint32_t)(parts.size - 1 - i) * 128;
    size_t pbytes = (fer_sort_bits(f, fer_term_sort(f, parts.data[i])) + 7) / 8;
    size_t at = big_endian ? offset + nbytes - lo / 8 - pbytes : offset + lo / 8;
    st = fer_concolic_bind(c, parts.data[i], at, big_endian);
  }
  FER_RELEASE(f, parts);
  if (st != FERRET_OK) return st;
  if (!fer_subst_set(f, &c->wide, var, def)) return f->error.status;
  c->has_wide = true;
  return FERRET_OK;
}

fer_term fer_conc_unwide(fer_concolic *c, fer_term t) {
  if (!c->has_wide || !t) return t;
  fer_subst_reset_memo(&c->wide);
  return fer_subst_apply(c->f, &c->wide, t);
}

/* The bound variables of t into c->tmp_u32 (indices); false with an error
 * when t reads a variable bound to no input byte. */
bool fer_conc_deps_of(fer_concolic *c, fer_term t) {
  ferret *f = c->f;
  fer_term_stack vars = {0};
  FER_CLEAR(c->tmp_u32);
  bool ok = fer_collect_vars(f, &t, 1, &vars);
  for (size_t i = 0; ok && i < vars.size; i++) {
    uint32_t vi = fer_map_get(&c->var_index, vars.data[i]);
    if (!vi) {
      fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0,
                "concolic: '%s' is bound to no input byte",
                fer_var_name(f, vars.data[i]));
      ok = false;
    } else {
      ok = FER_PUSH(f, c->tmp_u32, vi - 1);
    }
  }
  FER_RELEASE(f, vars);
  return ok;
}

/* The truth of t on buf's values of its variables deps[0..n): 1 true, 0
 * false or undecided (unspecified, error). */
int fer_conc_holds(fer_concolic *c, const uint8_t *buf, fer_term t,
                   const uint32_t *deps, size_t n) {
  if (!fer_conc_load_model(c, buf, deps, n)) return 0;
  bool unspec = false;
  fer_term v = fer_eval(c->f, t, &c->model, &unspec);
  return v == fer_true(c->f) && !unspec;
}

ferret_status fer_concolic_notify(fer_concolic *c, fer_term pi) {
  ferret *f = c->f;
  if (fer_term_sort(f, pi) != fer_sort_bool(f))
    return fer_error(f, FERRET_ERROR_SORT, 0, 0, "concolic: pi must be Bool");
  if (!(pi = fer_conc_unwide(c, pi))) return f->error.status;
  uint32_t k = fer_map_get(&c->conj_index, pi);
  if (!k) {
    if (!fer_conc_deps_of(c, pi)) return f->error.status;
    fer_conc_conj cj = {pi, (uint32_t)c->deps_pool.size,
                        (uint32_t)c->tmp_u32.size, (uint32_t)c->facts_pool.size,
                        0, false};
    for (size_t i = 0; i < c->tmp_u32.size; i++)
      if (!FER_PUSH(f, c->deps_pool, c->tmp_u32.data[i])) return f->error.status;
    if (!fer_conc_facts(c, pi, &c->facts_pool)) return f->error.status;
    cj.nfacts = (uint32_t)(c->facts_pool.size - cj.facts);
    cj.seed_true =
        fer_conc_holds(c, c->seed, pi, c->deps_pool.data + cj.deps, cj.ndeps);
    if (!FER_PUSH(f, c->conjs, cj) ||
        !fer_map_put(f, &c->conj_index, pi, (uint32_t)c->conjs.size))
      return f->error.status;
    k = (uint32_t)c->conjs.size;
  }
  return FER_PUSH(f, c->path, k - 1) ? FERRET_OK : f->error.status;
}

void fer_concolic_clear_path(fer_concolic *c) { FER_CLEAR(c->path); }

ferret_status fer_concolic_set_seed(fer_concolic *c, const uint8_t *seed,
                                    size_t size) {
  if (size != c->size)
    return fer_error(c->f, FERRET_ERROR_OPTION, 0, 0,
                     "concolic: the new seed has %zu bytes, the input %zu",
                     size, c->size);
  if (size) memcpy(c->seed, seed, size);
  for (size_t i = 0; i < c->conjs.size; i++) {
    fer_conc_conj *cj = &c->conjs.data[i];
    cj->seed_true = fer_conc_holds(c, c->seed, cj->t,
                                   c->deps_pool.data + cj->deps, cj->ndeps);
  }
  return FERRET_OK;
}

/* ------------------------------------------------ judging candidates */

uint64_t fer_conc_tried_all(const fer_concolic *c) {
  uint64_t n = 0;
  for (int s = 0; s < FER_CONC_NSTAGES; s++) n += c->st.tried[s];
  return n;
}

double fer_conc_clock(const fer_concolic *c) {
  struct timespec ts;
  if (!c->cpu_time || clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)) return fer_now();
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double fer_conc_wall_deadline(const fer_conc_query *q) {
  if (q->deadline <= 0 || !q->c->cpu_time) return q->deadline;
  double left = q->deadline - fer_conc_clock(q->c);
  return fer_now() + (left > 0 ? left : 0) + 1e-9;
}

/* The query's clock.  Reading the process's CPU time is a system call
 * (about a microsecond, more than judging a candidate of a small query)
 * and the budget is looked at on every candidate, so with cpu_time it is
 * read again only once FER_CONC_LOOK_EVERY seconds of wall time (a vDSO
 * read) have passed since the last read; in between, the last value
 * stands.  A query then ends at most that much wall time after its CPU
 * budget, never before it. */
#define FER_CONC_LOOK_EVERY 50e-6
static double query_clock(fer_conc_query *q) {
  fer_concolic *c = q->c;
  if (!c->cpu_time) return fer_conc_clock(c);
  double wall = fer_now();
  if (q->looked && wall - q->look_wall < FER_CONC_LOOK_EVERY) return q->look_cpu;
  q->looked = true, q->look_wall = wall, q->look_cpu = fer_conc_clock(c);
  c->st.clock_reads++;
  return q->look_cpu;
}

/* The query's time or candidate budget is spent. */
bool fer_conc_timed_out(fer_conc_query *q) {
  if (q->expired) return true;
  if (q->c->max_execs && fer_conc_tried_all(q->c) - q->tried0 >= q->c->max_execs)
    return true;
  return q->deadline > 0 && query_clock(q) >= q->deadline;
}

/* How many of the conjuncts idx[0..n) (indices into c->conjs) fail on
 * buf, counting no further than `limit` (0: every one)?  The count starts
 * at position *hint, the conjunct that failed last time (candidates of one
 * stage mostly break the same one), and *hint becomes the first failure
 * found: deciding that a candidate fails, or that it breaks no fewer
 * conjuncts than the best one kept, then takes one evaluation, not one per
 * conjunct before it. */
uint32_t fer_conc_count_fails(fer_concolic *c, const uint8_t *buf,
                              const uint32_t *idx, size_t n, uint32_t limit,
                              uint32_t *hint) {
  uint32_t k = 0;
  size_t from = *hint < n ? *hint : 0;
  for (size_t j = 0; j < n && (!limit || k < limit); j++) {
    size_t i = from + j < n ? from + j : from + j - n;
    const fer_conc_conj *cj = &c->conjs.data[idx[i]];
    if (fer_conc_holds(c, buf, cj->t, c->deps_pool.data + cj->deps, cj->ndeps))
      continue;
    if (!k++) *hint = (uint32_t)i;
  }
  return k;
}

/* Can buf be a solution as far as the analysis knows?  The defined bytes
 * keep their values, and each group's value lies in its interval (an
 * over-approximation of the values a solution gives it: a candidate
 * outside is no solution, rejected without evaluating b or pi).  Called
 * on every candidate: a few byte compares. */
static bool consistent(const fer_conc_query *q, const uint8_t *buf, bool only_b_bytes) {
  size_t size = q->c->size;
  if (!q->analyzed) return true;
  /* a candidate that changed only b's bytes: only what b reads can differ */
  size_t nd = only_b_bytes ? q->defs_b : q->defs.size;
  size_t nc = only_b_bytes ? q->checks_b : q->checks.size;
  for (size_t i = 0; i < nd; i++) {
    uint32_t p = q->defs.data[i];
    if (buf[p] != q->def[size + p]) return false;
  }
  for (size_t i = 0; i < nc; i++) {
    const fer_conc_fact *g = &q->groups.data[q->checks.data[i]];
    uint64_t v = 0;
    for (uint32_t k = 0; k < g->n; k++) v |= (uint64_t)buf[g->pos[k]] << (8 * k);
    if (!fer_warc_has(g->arc, v)) return false;
  }
  return true;
}

/* Is candidate buf a solution?  b must hold, and the path conjuncts that
 * may have changed: the related ones when buf differs from the seed only
 * in bytes b reads (the cheap stages), every one otherwise (the engine,
 * whose variables may overlap others' bytes).  A hit is copied to c->out. */
/* Is the candidate being judged past the budget?  The stages count a
 * candidate before judging it, so the max_execs-th is still within.  The
 * stages' loops look at the budget only every so many candidates; on a
 * long path one candidate's evaluation of b and the related conjuncts can
 * take milliseconds (SymCC's runtime on stb_image: queries of 5 ms ran 2.6
 * CPU s in the constants stage), so the budget is also looked at here, on
 * every candidate worth evaluating. */
static bool over_budget(fer_conc_query *q) {
  const fer_concolic *c = q->c;
  if (!q->expired &&
      ((c->max_execs && fer_conc_tried_all(c) - q->tried0 > c->max_execs) ||
       (q->deadline > 0 && query_clock(q) >= q->deadline)))
    q->expired = true;
  return q->expired;
}

bool fer_conc_accept(fer_conc_query *q, const uint8_t *buf, bool only_b_bytes) {
  fer_concolic *c = q->c;
  if (!consistent(q, buf, only_b_bytes) || over_budget(q)) return false;
  if (!fer_conc_holds(c, buf, q->b, q->bdeps.data, q->bdeps.size)) return false;
  if (only_b_bytes) {
    /* b true: with pi broken, the candidate breaking fewest related
     * conjuncts is kept for the multi-goal stage, so the count goes on
     * while it can still beat the best kept (all of it for the first) */
    uint32_t limit = !q->partial ? 1 : q->partial_fails ? q->partial_fails : 0;
    uint32_t k = fer_conc_count_fails(c, buf, q->related.data, q->related.size,
                                      limit, &q->hint_related);
    if (k) {
      if (q->partial && (!q->partial_fails || k < q->partial_fails)) {
        memcpy(q->partial, buf, c->size);
        q->partial_fails = k;
      }
      return false;
    }
  } else if (!q->optimistic &&
             fer_conc_count_fails(c, buf, c->path.data, c->path.size, 1,
                                  &q->hint_path)) {
    return false;
  }
  memcpy(c->out, buf, c->size);
  q->found = 1;
  return true;
}

/* ------------------------------------------------------------ solve */

/* b's BV and FP constants (into q->consts/cbits), at most 64. */
static bool collect_consts(fer_conc_query *q) {
  fer_concolic *c = q->c;
  ferret *f = c->f;
  FER_CLEAR(c->tmp);
  bool ok = FER_PUSH(f, c->tmp, q->b);
  fer_map mark;
  fer_map_init(&mark);
  while (ok && c->tmp.size && q->consts.size < 64) {
    fer_term t = FER_POP(c->tmp);
    if (fer_map_get(&mark, t)) continue;
    ok = fer_map_put(f, &mark, t, 1);
    if (fer_term_op(f, t) == FER_OP_CONST) {
      fer_sort so = fer_term_sort(f, t);
      if (so != fer_sort_rm(f) && fer_sort_bits(f, so) <= 128)
        ok = ok && FER_PUSH(f, q->consts, fer_const_u128(f, t)) &&
             FER_PUSH(f, q->cbits, fer_sort_bits(f, so));
      continue;
    }
    for (uint32_t i = 0; ok && i < fer_term_nargs(f, t); i++)
      ok = FER_PUSH(f, c->tmp, fer_term_arg(f, t, i));
  }
  fer_map_release(f, &mark);
  return ok;
}

/* Meet fact fa into the query's interval of its group. */
static bool merge_fact(fer_conc_query *q, const fer_conc_fact *fa) {
  if (!fa->n) { /* no value of a term satisfies a comparison */
    q->conflict |= fa->arc.kind == FER_WARC_EMPTY;
    return true;
  }
  for (size_t i = 0; i < q->groups.size; i++) {
    fer_conc_fact *g = &q->groups.data[i];
    if (g->n == fa->n && !memcmp(g->pos, fa->pos, fa->n * sizeof *fa->pos)) {
      g->arc = fer_warc_meet(g->arc, fa->arc);
      return true;
    }
  }
  if (q->groups.size >= 64) return true; /* a fact dropped: less known, still sound */
  return FER_PUSH(q->c->f, q->groups, *fa);
}

/* Fuzzy-SAT's §III-C analysis of the query: the wrapped interval of each
 * input group from b's facts and the related conjuncts' (cached at
 * notify); the bytes single-value intervals define (left out of the bytes
 * the stages mutate, set in the base all candidates start from); the
 * groups a candidate is checked against; contradictions. */
static bool analyze(fer_conc_query *q) {
  fer_concolic *c = q->c;
  ferret *f = c->f;
  size_t size = c->size;
  fer_conc_fact_stack bf = {0};
  bool ok = fer_conc_facts(c, q->b, &bf);
  for (size_t i = 0; ok && i < bf.size; i++) ok = merge_fact(q, &bf.data[i]);
  FER_RELEASE(f, bf);
  for (size_t i = 0; ok && i < q->related.size; i++) {
    const fer_conc_conj *cj = &c->conjs.data[q->related.data[i]];
    for (uint32_t k = 0; ok && k < cj->nfacts; k++)
      ok = merge_fact(q, &c->facts_pool.data[cj->facts + k]);
  }
  q->def = ok ? fer_calloc(f, 2 * (size ? size : 1)) : NULL;
  if (!q->def) return false;
  q->analyzed = true;
  bool differs = false;
  for (size_t i = 0; i < q->groups.size; i++) { /* defined bytes */
    const fer_conc_fact *g = &q->groups.data[i];
    if (g->arc.kind == FER_WARC_EMPTY) q->conflict = true;
    if (g->arc.kind != FER_WARC_ARC || g->arc.lo != g->arc.hi) continue;
    for (uint32_t k = 0; k < g->n; k++) {
      uint32_t p = g->pos[k];
      uint8_t x = (uint8_t)(g->arc.lo >> (8 * k));
      if (q->def[p]) {
        q->conflict |= q->def[size + p] != x;
        continue;
      }
      q->def[p] = 1, q->def[size + p] = x;
      differs |= c->seed[p] != x;
      if (!FER_PUSH(f, q->defs, p)) return false;
    }
  }
  for (size_t i = 0; i < q->groups.size; i++) { /* groups to check */
    const fer_conc_fact *g = &q->groups.data[i];
    if (g->arc.kind != FER_WARC_ARC || g->arc.lo == g->arc.hi) continue;
    bool all_def = true, in_b = true;
    uint64_t v = 0;
    for (uint32_t k = 0; k < g->n; k++) {
      all_def &= q->def[g->pos[k]] != 0;
      in_b &= q->bmask[g->pos[k]] != 0;
      v |= (uint64_t)q->def[size + g->pos[k]] << (8 * k);
    }
    if (all_def) {
      q->conflict |= !fer_warc_has(g->arc, v);
      continue;
    }
    if (!FER_PUSH(f, q->checks, (uint32_t)i) ||
        (in_b && !FER_PUSH(f, q->rgroups, (uint32_t)i)))
      return false;
  }
  /* the ones b's bytes reach first (a candidate of the cheap stages
   * changes only those: consistent() checks no more) */
  for (size_t i = 0; i < q->defs.size; i++)
    if (q->bmask[q->defs.data[i]]) {
      uint32_t x = q->defs.data[i];
      q->defs.data[i] = q->defs.data[q->defs_b], q->defs.data[q->defs_b++] = x;
    }
  for (size_t i = 0; i < q->checks.size; i++) {
    const fer_conc_fact *g = &q->groups.data[q->checks.data[i]];
    bool touch = false;
    for (uint32_t k = 0; k < g->n && !touch; k++) touch = q->bmask[g->pos[k]] != 0;
    if (touch) {
      uint32_t x = q->checks.data[i];
      q->checks.data[i] = q->checks.data[q->checks_b], q->checks.data[q->checks_b++] = x;
    }
  }
  q->base = c->seed;
  if (differs) {
    q->base_own = fer_malloc(f, size);
    if (!q->base_own) return false;
    memcpy(q->base_own, c->seed, size);
    for (size_t i = 0; i < q->defs.size; i++)
      q->base_own[q->defs.data[i]] = q->def[size + q->defs.data[i]];
    q->base = q->base_own;
  }
  size_t n = 0; /* the bytes left to mutate */
  for (size_t i = 0; i < q->bbytes.size; i++)
    if (!q->def[q->bbytes.data[i]]) q->bbytes.data[n++] = q->bbytes.data[i];
  q->bbytes.size = n;
  return true;
}

static bool prepare(fer_conc_query *q) {
  fer_concolic *c = q->c;
  ferret *f = c->f;
  if (!fer_conc_deps_of(c, q->b)) return false;
  for (size_t i = 0; i < c->tmp_u32.size; i++)
    if (!FER_PUSH(f, q->bdeps, c->tmp_u32.data[i])) return false;
  q->bmask = fer_calloc(f, c->size ? c->size : 1);
  if (!q->bmask) return false;
  for (size_t i = 0; i < q->bdeps.size; i++) {
    const fer_conc_var *v = &c->vars.data[q->bdeps.data[i]];
    for (uint32_t k = 0; k < v->nbytes; k++) q->bmask[v->offset + k] = 1;
  }
  for (size_t at = 0; at < c->size; at++)
    if (q->bmask[at] && (!FER_PUSH(f, q->bbytes, (uint32_t)at) ||
                         !FER_PUSH(f, q->ball, (uint32_t)at)))
      return false;
  /* affected: variables overlapping b's bytes; related: path conjuncts
   * reading one of them */
  uint8_t *aff = fer_calloc(f, c->vars.size ? c->vars.size : 1);
  if (!aff) return false;
  bool ok = true;
  for (size_t vi = 0; vi < c->vars.size; vi++) {
    const fer_conc_var *v = &c->vars.data[vi];
    for (uint32_t k = 0; k < v->nbytes && !aff[vi]; k++)
      aff[vi] = q->bmask[v->offset + k];
    if (aff[vi]) ok = ok && FER_PUSH(f, q->aff, (uint32_t)vi);
  }
  for (size_t i = 0; ok && !q->optimistic && i < c->path.size; i++) {
    const fer_conc_conj *cj = &c->conjs.data[c->path.data[i]];
    const uint32_t *d = c->deps_pool.data + cj->deps;
    bool touch = false;
    for (uint32_t k = 0; k < cj->ndeps && !touch; k++) touch = aff[d[k]];
    if (touch) ok = FER_PUSH(f, q->related, c->path.data[i]);
  }
  fer_free(f, aff, c->vars.size ? c->vars.size : 1);
  q->base = c->seed;
  return ok && collect_consts(q);
}

static void query_release(fer_conc_query *q) {
  ferret *f = q->c->f;
  if (q->bmask) fer_free(f, q->bmask, q->c->size ? q->c->size : 1);
  if (q->partial) fer_free(f, q->partial, q->c->size ? q->c->size : 1);
  if (q->def) fer_free(f, q->def, 2 * (q->c->size ? q->c->size : 1));
  if (q->base_own) fer_free(f, q->base_own, q->c->size);
  FER_RELEASE(f, q->groups);
  FER_RELEASE(f, q->defs);
  FER_RELEASE(f, q->checks);
  FER_RELEASE(f, q->rgroups);
  FER_RELEASE(f, q->bdeps);
  FER_RELEASE(f, q->aff);
  FER_RELEASE(f, q->related);
  FER_RELEASE(f, q->bbytes);
  FER_RELEASE(f, q->ball);
  FER_RELEASE(f, q->consts);
  FER_RELEASE(f, q->cbits);
}

ferret_result fer_concolic_solve(fer_concolic *c, fer_term b, bool optimistic) {
  ferret *f = c->f;
  double t0 = fer_now();
  c->st.queries++;
  c->last_stage = -1;
  c->reason = "incomplete";
  fer_conc_query q;
  memset(&q, 0, sizeof q);
  q.c = c, q.b = b, q.optimistic = optimistic;
  q.deadline = c->timeout_ms ? fer_conc_clock(c) + (double)c->timeout_ms / 1000 : 0;
  fer_rng_seed(&q.rng, c->rng_seed + c->st.queries);
  q.tried0 = fer_conc_tried_all(c);
  /* the best candidate that made b true is kept for the multi-goal stage
   * only (counting what each breaks costs evaluations) */
  bool multigoal = !optimistic && (c->stages >> FER_CONC_MULTIGOAL & 1);
  q.partial = multigoal ? fer_malloc(f, c->size ? c->size : 1) : NULL;
  ferret_result r = FERRET_UNKNOWN;
  if (fer_term_sort(f, b) != fer_sort_bool(f)) {
    fer_error(f, FERRET_ERROR_SORT, 0, 0, "concolic: b must be Bool");
    c->reason = "error";
    goto done;
  }
  if (!(q.b = fer_conc_unwide(c, b))) {
    c->reason = "memory";
    goto done;
  }
  if (!prepare(&q)) {
    c->reason = fer_why_text[fer_why_of_status(f->error.status)];
    goto done;
  }
  /* the seed must satisfy the path constraint, or no stage can start
   * from it (the engine still may) */
  bool seed_ok = true;
  for (size_t i = 0; !optimistic && i < c->path.size; i++)
    seed_ok &= c->conjs.data[c->path.data[i]].seed_true;
  bool analyzed = false;
  typedef bool (*stage_fn)(fer_conc_query *);
  static const stage_fn cheap[] = {
      NULL,                     fer_conc_stage_i2s,      fer_conc_stage_consts,
      fer_conc_stage_intervals, fer_conc_stage_range,    fer_conc_stage_bytes,
      fer_conc_stage_gradient,  fer_conc_stage_det,      fer_conc_stage_havoc,
      fer_conc_stage_multigoal};
  /* the intervals stage (a proof, no candidates) before the constants
   * stage: on a long path a query that interval propagation proves unsat
   * has candidates that make b true and break pi, each judged on every
   * related conjunct (SymCC on stb_image: 154 such queries spent 94 ms in
   * the constants stage, 9 ms in intervals) */
  static const int order[] = {FER_CONC_SEED,      FER_CONC_I2S,      FER_CONC_INTERVALS,
                              FER_CONC_CONSTS,    FER_CONC_RANGE,    FER_CONC_BYTES,
                              FER_CONC_GRADIENT,  FER_CONC_DET,      FER_CONC_HAVOC,
                              FER_CONC_MULTIGOAL};
  for (size_t o = 0; seed_ok && o < sizeof order / sizeof *order && !q.found &&
                     !q.proved_unsat;
       o++) {
    int s = order[o];
    if (!(c->stages >> s & 1) || fer_conc_timed_out(&q)) continue;
    /* after the range stage tried every value of b's free bytes, the
     * stages that change only those have nothing left to try (multi-goal
     * and the engine change other bytes) */
    if (q.exhausted && s >= FER_CONC_BYTES && s <= FER_CONC_HAVOC) continue;
    if (s != FER_CONC_SEED && !analyzed) { /* not needed when b holds already */
      analyzed = true;
      if (!analyze(&q)) {
        c->reason = "memory";
        break;
      }
    }
    bool hit = s == FER_CONC_SEED
                   ? (c->st.tried[s]++, fer_conc_accept(&q, c->seed, true))
                   : cheap[s](&q);
    if (hit || q.proved_unsat) c->last_stage = s;
  }
  if (!seed_ok && !q.found && !fer_conc_timed_out(&q) && analyze(&q)) {
    /* the seed fails pi, so no stage starts from it; the analysis still
     * decides a contradiction, and the base (when the facts define bytes)
     * is one candidate, judged on every conjunct */
    if (q.conflict && (c->stages >> FER_CONC_INTERVALS & 1)) {
      q.proved_unsat = true;
      c->last_stage = FER_CONC_INTERVALS;
    } else if (q.base != c->seed && (c->stages >> FER_CONC_I2S & 1)) {
      c->st.tried[FER_CONC_I2S]++;
      if (fer_conc_accept(&q, q.base, false)) c->last_stage = FER_CONC_I2S;
    }
  }
  q.looked = false; /* whether the budget is spent: the clock read afresh */
  if (q.proved_unsat) {
    r = FERRET_UNSAT;
  } else if (!q.found && (c->stages >> FER_CONC_ENGINE & 1) &&
             !fer_conc_timed_out(&q)) {
    int e = fer_conc_stage_engine(&q);
    if (e > 0) c->last_stage = FER_CONC_ENGINE;
    if (e < 0) {
      r = FERRET_UNSAT;
      c->last_stage = FER_CONC_ENGINE;
    }
  } else if (!q.found && fer_conc_timed_out(&q)) {
    c->reason = "timeout";
  }
  if (q.found) r = FERRET_SAT;
done:
  if (r == FERRET_SAT) c->st.sat++, c->st.by_stage[c->last_stage]++;
  else if (r == FERRET_UNSAT) c->st.unsat++;
  else c->st.unknown++;
  if (r != FERRET_UNKNOWN) c->reason = NULL;
  query_release(&q);
  c->st.time += fer_now() - t0;
  return r;
}
