/* The sample job (contract in sample.h).
 *
 *   preprocess -> nothing left: the one model, checked -> done
 *              -> else compile the whole preprocessed formula as ONE
 *                 program (no split into components: a sample is a point
 *                 of the whole solution space) -> one engine run with the
 *                 strategy's sampling hooks, validated on the ORIGINAL
 *                 assertions, whose callback (on_solution) projects each
 *                 solution on the output variables, drops it if the dedup
 *                 filter has it, and gives it on.
 * Statistics: this file owns the fer_sample_stats it fills. */
#include <stdatomic.h>
#include <string.h>

#include "fp/fp.h"
#include "base/map.h"
#include "engine/query.h"
#include "sample/coverage.h"
#include "smt/array.h"
#include "sample/dedup.h"
#include "sample/sample.h"

const char *const fer_sample_strategy_name[] = {"naive", "de", "sm", "sm+de"};

int fer_sample_strategy_parse(const char *s) {
  for (int i = 0; i < 4; i++)
    if (!strcmp(s, fer_sample_strategy_name[i])) return i;
  if (!strcmp(s, "de+sm")) return FER_SAMPLE_SM_DE;
  return -1;
}

/* How a sampling run ended (stats.end), when the job ended it: every
 * solution given, the count reached, the callback's stop; or a limit or a
 * failure, whose fer_why (and message) say which. */
typedef enum sample_end { END_NONE, END_COMPLETE, END_COUNT, END_STOPPED, END_WHY } sample_end;
static const char *const end_text[] = {NULL, "complete", "count", "stopped", NULL};

/* What distinctness needs of an output variable's sort. */
typedef struct out_kind {
  fer_fmt fmt;        /* FP: its format, else {0, 0} */
  fer_u128 exp, frac; /* FP of at most 128 bits: its fields' masks, else 0 */
  uint32_t w;         /* width of its bits (Bool 1, RoundingMode 3) */
} out_kind;

typedef struct job {
  ferret *f;
  const fer_sample_config *cfg;
  fer_sample_fn cb;
  void *user;
  fer_sample_stats *st;
  fer_dedup dd;
  fer_exact ex;      /* with `exact`: the samples emitted, exactly */
  bool exact;        /* ex decides what is new (dedup.h) */
  bool exact_lost;   /* ex was full: the Bloom filter decides alone */
  int64_t total;     /* the distinct samples the query has, when counted
                        before the run (count_samples); else -1 */
  fer_coverage cov;
  bool have_cov;
  fer_term *values;  /* cfg->nout */
  fer_u128 *bits;    /* cfg->nout: the same as bits */
  fer_u128 *wait_bits;    /* cfg->nout: the solution that waits (emit) */
  uint64_t wait_h[2], wait_execs;
  bool waiting;
  size_t *out_at;    /* cfg->nout: its index in the run's solution.vars */
  bool out_ready;    /* out_at is this run's */
  out_kind *out_kind; /* cfg->nout */
  double t0;
  sample_end end;    /* why the run ended, when the job ended it */
  fer_why end_why;   /* END_WHY: the limit (TIMEOUT, INTERRUPTED, the
                        engine's reason) or the job's failure */
  const char *end_msg; /* END_WHY: static text replacing fer_why_text, or NULL */
  double phase_deadline;  /* the prefer phase: its own limits (0: none) */
  uint64_t phase_count;
  bool phase_over;        /* the prefer phase reached them */
  fer_why fail;      /* set when the job itself failed (MEMORY, or ERROR:
                        the coverage could not evaluate a sample) */
  const char *fail_msg; /* static text replacing fer_why_text[fail], or NULL */
} job;

static double since(double t) { return fer_now() - t; }

/* The job failed: why (and the message replacing its text, or NULL). */
static void job_fail(job *j, fer_why why, const char *msg) {
  j->fail = why, j->fail_msg = msg;
}

/* The run ended by a limit or a failure (a message that is the kind's
 * own text is dropped: the kind says it). */
static void end_by(job *j, fer_why why, const char *msg) {
  j->end = END_WHY, j->end_why = why;
  j->end_msg = msg && strcmp(msg, fer_why_text[why]) ? msg : NULL;
}

/* The text of the run's end (stats.end). */
static const char *end_name(const job *j) {
  if (j->end != END_WHY) return end_text[j->end];
  return j->end_msg ? j->end_msg : fer_why_text[j->end_why];
}

/* The outcome of a job that gave no sample: unknown, for its failure or
 * for what ended its run. */
static fer_outcome job_unknown(const job *j) {
  if (j->fail) return fer_outcome_unknown(j->fail, j->fail_msg);
  if (j->end == END_WHY) return fer_outcome_unknown(j->end_why, j->end_msg);
  return fer_outcome_unknown(j->end ? FER_WHY_OTHER : FER_WHY_NONE, end_text[j->end]);
}

/* ------------------------------------------------------ one solution */

/* 64-bit mixing step (splitmix64's finaliser). */
static uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ull;
  h = (h ^ (h >> 27)) * 0x94d049bb133111ebull;
  return h ^ (h >> 31);
}

/* Where each output variable is in the run's solution.vars (nvars when
 * it is not there), found once per run.  0 when out of memory. */
static bool where_out(job *j, const fer_engine_solution *s) {
  fer_map at; /* variable -> its first index + 1 */
  fer_map_init(&at);
  bool ok = true;
  for (size_t i = s->nvars; ok && i-- > 0;)
    ok = fer_map_put(j->f, &at, s->vars[i], (uint32_t)i + 1);
  for (size_t k = 0; ok && k < j->cfg->nout; k++) {
    uint32_t i = fer_map_get(&at, j->cfg->out[k]);
    j->out_at[k] = i ? i - 1 : s->nvars;
  }
  fer_map_release(j->f, &at);
  if (!ok) job_fail(j, FER_WHY_MEMORY, NULL);
  return j->out_ready = ok;
}

/* The bits of output variable k in solution s (NULL: in model m): the
 * solution's bits when it has them, else the model's constant's (0 if it
 * has none, as get-model). */
static fer_u128 out_bits(job *j, size_t k, const fer_engine_solution *s,
                         const fer_model *m) {
  ferret *f = j->f;
  fer_term v = j->cfg->out[k];
  if (s && s->bits) {
    if (!j->out_ready && !where_out(j, s)) return 0;
    size_t i = j->out_at[k];
    return i < s->nvars ? s->bits[i] : 0;
  }
  uint32_t i = fer_term_idx(f, v, 0);
  fer_term c = i < m->size ? m->value[i] : 0;
  return c ? fer_value_bits(f, c) : 0;
}

/* Output k's kind, from its sort. */
static out_kind kind_of(ferret *f, fer_term v) {
  const fer_sort_info *si = fer_sort_get(f, fer_term_sort(f, v));
  out_kind o = {{0, 0}, 0, 0, 0};
  uint64_t w = si->kind == FER_SORT_BV   ? si->a
               : si->kind == FER_SORT_FP ? (uint64_t)si->a + si->b
               : si->kind == FER_SORT_RM ? 3
                                         : 1;
  o.w = w > 128 ? 128 : (uint32_t)w; /* bits from 128 on are zeros */
  if (si->kind == FER_SORT_FP) {
    o.fmt = (fer_fmt){si->a, si->b};
    if (w <= 128) {
      o.frac = ((fer_u128)1 << (si->b - 1)) - 1;
      o.exp = (((fer_u128)1 << si->a) - 1) << (si->b - 1);
    }
  }
  return o;
}

/* Bits b of output k for distinctness: every NaN as one value. */
static fer_u128 dedup_bits(const job *j, size_t k, fer_u128 b) {
  const out_kind *o = &j->out_kind[k];
  if (!o->fmt.eb) return b;
  bool nan = o->exp ? (b & o->exp) == o->exp && (b & o->frac) : fer_fp_is_nan(o->fmt, b);
  return nan ? ~(fer_u128)0 : b; /* no pattern is ~0 */
}

/* The output bits of solution s (or model m) into j->bits (with comp:
 * only the outputs k with comp[k] == c), and their
 * fingerprint into h: two chains with their own seeds, one mixing step
 * per 64-bit word.  The outputs of at most 64 bits are laid end to end in
 * words, each in its width (a NaN as all ones, which is a NaN: one
 * pattern for all), so that two Float32 outputs take one step; a wider
 * output takes two words of its own. */
static void fingerprint(job *j, const fer_engine_solution *s, const fer_model *m,
                        const uint32_t *comp, uint32_t c, uint64_t h[2]) {
  uint64_t a = 0x243f6a8885a308d3ull, b = 0x13198a2e03707344ull, acc = 0, n = 0;
  uint32_t used = 0; /* bits of acc taken */
  for (size_t k = 0; k < j->cfg->nout; k++) {
    if (comp && comp[k] != c) continue; /* only the outputs of component c */
    fer_u128 v = j->bits[k] = out_bits(j, k, s, m);
    v = dedup_bits(j, k, v);
    uint32_t w = j->out_kind[k].w;
    if (w > 64) {
      a = mix(mix(a, (uint64_t)v), (uint64_t)(v >> 64));
      b = mix(mix(b ^ k, (uint64_t)(v >> 64)), (uint64_t)v);
      continue;
    }
    uint64_t x = w < 64 ? (uint64_t)v & (((uint64_t)1 << w) - 1) : (uint64_t)v;
    acc |= x << used;
    if (used + w < 64) {
      used += w;
      continue;
    }
    a = mix(a, acc), b = mix(b ^ n++, acc); /* a full word */
    used = used + w - 64;                   /* x's bits left over */
    acc = used ? x >> (w - used) : 0;
  }
  if (used) a = mix(a, acc), b = mix(b ^ n, acc);
  h[0] = a, h[1] = b;
}

/* The sample of j->bits with fingerprint h, found after `execs`
 * executions (m: its model, for coverage), on to the callback if new;
 * now: the time emit began. */
static fer_engine_verdict give(job *j, const fer_model *m, const uint64_t h[2],
                               uint64_t execs, double now) {
  ferret *f = j->f;
  const fer_sample_config *cfg = j->cfg;
  int fresh = fer_dedup_add(&j->dd, h[0], h[1]);
  if (j->exact && !j->exact_lost) { /* exact: a false duplicate is not one */
    int e = fer_exact_add(f, &j->ex, h[0], h[1]);
    if (e < 0) {
      j->exact_lost = true;
      fer_exact_release(f, &j->ex);
    } else {
      fresh = e;
    }
  }
  if (!fresh) {
    j->st->projected_dups++;
    return FER_ENGINE_GO_ON;
  }
  for (size_t k = 0; cfg->values && k < cfg->nout; k++) {
    fer_term v = cfg->out[k];
    if (!(j->values[k] = fer_value_term(f, fer_term_sort(f, v), j->bits[k]))) {
      job_fail(j, FER_WHY_MEMORY, NULL);
      return FER_ENGINE_STOP;
    }
  }
  if (j->have_cov && !fer_coverage_add(&j->cov, m)) {
    job_fail(j, FER_WHY_ERROR, "coverage: cannot evaluate");
    return FER_ENGINE_STOP;
  }
  fer_sample_item it = {j->st->samples, cfg->out, cfg->values ? j->values : NULL,
                        j->bits, cfg->nout,
                        execs, now - j->t0,
                        j->have_cov ? fer_coverage_percent(&j->cov, -1) : -1};
  j->st->samples++;
  if (!j->cb(j->user, &it)) {
    j->end = END_STOPPED;
    return FER_ENGINE_STOP;
  }
  /* every solution counted before the run was given (the exact set
   * made every one of them count once) */
  if (j->total > 0 && !j->exact_lost && j->phase_deadline <= 0 &&
      j->st->samples >= (uint64_t)j->total) {
    j->end = END_COMPLETE;
    return FER_ENGINE_STOP;
  }
  if (cfg->count && j->st->samples >= cfg->count) {
    j->end = END_COUNT;
    return FER_ENGINE_STOP;
  }
  if ((j->phase_count && j->st->samples >= j->phase_count) ||
      (j->phase_deadline > 0 && now >= j->phase_deadline)) {
    j->phase_over = true;
    return FER_ENGINE_STOP;
  }
  /* The workers check the deadline every few hundred executions of their
   * own; the judge, behind them by up to a queue of solutions, ends the
   * run at the deadline itself. */
  if (cfg->deadline > 0 && now >= cfg->deadline) {
    end_by(j, FER_WHY_TIMEOUT, NULL);
    return FER_ENGINE_STOP;
  }
  return FER_ENGINE_GO_ON;
}

/* Give the sample on (solution s, or model m when s is NULL; validated),
 * if it is new.  Returns the engine's verdict.
 *
 * When another solution follows at once (s->more: the judge has it
 * queued), this one waits for it: the dedup filter is megabytes read at
 * random, a cache miss per sample, so its block is fetched while the
 * previous solution goes on, and looked at one call later.  A solution
 * nothing follows at once goes on now, so a slow run's samples are not
 * held back.  Not with coverage, which needs the solution's model.
 * `later` ends the run. */
static fer_engine_verdict emit(job *j, const fer_engine_solution *s,
                               const fer_model *m, uint64_t execs) {
  double t = s ? s->now : fer_now();
  uint64_t h[2];
  fingerprint(j, s, m, NULL, 0, h);
  fer_engine_verdict r = FER_ENGINE_GO_ON;
  if (j->fail) {
    r = FER_ENGINE_STOP;
  } else if (!s || j->have_cov) {
    r = give(j, s ? s->model : m, h, execs, t);
  } else {
    fer_dedup_prefetch(&j->dd, h[0]);
    fer_u128 *b = j->bits; /* this solution waits; the one before goes on */
    j->bits = j->wait_bits, j->wait_bits = b;
    uint64_t h0 = j->wait_h[0], h1 = j->wait_h[1], e = j->wait_execs;
    j->wait_h[0] = h[0], j->wait_h[1] = h[1], j->wait_execs = execs;
    h[0] = h0, h[1] = h1;
    if (j->waiting) r = give(j, NULL, h, e, t);
    j->waiting = true;
    if (!s->more && r == FER_ENGINE_GO_ON) { /* and this one now */
      b = j->bits;
      j->bits = j->wait_bits, j->wait_bits = b;
      j->waiting = false;
      r = give(j, NULL, j->wait_h, j->wait_execs, t);
    }
  }
  j->st->time_output += since(t);
  return r;
}

/* The run is over: the waiting solution goes on unless the job ended it. */
static void later(job *j) {
  if (!j->waiting) return;
  j->waiting = false;
  if (j->end || j->phase_over || j->fail) return;
  double t = fer_now();
  fer_u128 *b = j->bits;
  j->bits = j->wait_bits, j->wait_bits = b;
  give(j, NULL, j->wait_h, j->wait_execs, t);
  j->st->time_output += since(t);
}

static fer_engine_verdict on_solution(void *user, const fer_engine_solution *s) {
  return emit(user, s, s->model, s->execs);
}

/* ------------------------------------------------------------ the job */

/* Nothing left to search after preprocessing: the one model the
 * eliminations define, checked on the original formula a[0..n). */
static fer_outcome only_model(job *j, const fer_term *a, size_t n, const fer_pre *pre) {
  ferret *f = j->f;
  fer_model m;
  fer_model_init(&m);
  fer_why w = fer_query_settle(f, &m, a, n, pre, &j->st->time_validate);
  fer_outcome o = fer_outcome_unknown(w, NULL);
  if (!w) {
    emit(j, NULL, &m, 0);
    o = j->fail ? job_unknown(j) : (fer_outcome){FERRET_SAT, FER_WHY_NONE, NULL};
    if (!j->end) j->end = END_COMPLETE;
    if (o.result == FERRET_SAT && j->phase_deadline <= 0) j->total = 1; /* the one model */
  }
  fer_model_release(f, &m);
  return o;
}

/* The formula to search: the preprocessed assertions, plus (= v v) for
 * every free variable, one of the formula that preprocessing left in no
 * assertion and did not eliminate (its constraints simplified away, or it
 * only occurs in eliminated variables' definitions): it must get a slot,
 * else it would keep its default value in every sample.  0: memory. */
static int with_free_vars(ferret *f, const fer_term *a, size_t n,
                          const fer_pre *pre, fer_term_stack *out) {
  fer_term_stack all = {0}, kept = {0};
  fer_map bound;
  fer_map_init(&bound);
  int ok = fer_collect_vars(f, a, n, &all) &&
           fer_collect_vars(f, pre->elim_def.data, pre->elim_def.size, &all) &&
           fer_collect_vars(f, pre->assertions.data, pre->assertions.size, &kept);
  for (size_t i = 0; ok && i < pre->assertions.size; i++)
    ok = FER_PUSH(f, *out, pre->assertions.data[i]);
  for (size_t i = 0; ok && i < kept.size; i++) ok = fer_map_put(f, &bound, kept.data[i], 1);
  for (size_t i = 0; ok && i < pre->elim_var.size; i++)
    ok = fer_map_put(f, &bound, pre->elim_var.data[i], 1);
  for (size_t i = 0; ok && i < all.size; i++) {
    fer_term v = all.data[i];
    if (fer_map_get(&bound, v)) continue;
    fer_term args[2] = {v, v};
    fer_term eq = fer_mk(f, FER_OP_EQ, 2, args, 0, 0);
    ok = eq && FER_PUSH(f, *out, eq) && fer_map_put(f, &bound, v, 1);
  }
  fer_map_release(f, &bound);
  FER_RELEASE(f, all);
  FER_RELEASE(f, kept);
  return ok;
}

/* ------------------------------------------- counting the solutions */

/* Counting one component's distinct samples (the callback of its run). */
typedef struct counter {
  job *j;
  const uint32_t *comp;
  uint32_t c;
  fer_exact set;
  bool full;
} counter;

static fer_engine_verdict count_one(void *user, const fer_engine_solution *s) {
  counter *k = user;
  uint64_t h[2];
  fingerprint(k->j, NULL, s->model, k->comp, k->c, h);
  if (fer_exact_add(k->j->f, &k->set, h[0], h[1]) < 0) {
    k->full = true;
    return FER_ENGINE_STOP;
  }
  return FER_ENGINE_GO_ON;
}

/* The number of distinct samples of component c (its assertions ca[0..n)),
 * by enumerating its input space when that is small: -1 when it is not,
 * or the enumeration did not end in a proof (a limit, an unspecified
 * value).  dry: only whether the space is small (0 if so). */
static int64_t count_component(job *j, fer_query *q, const fer_term *ca, size_t n,
                               const uint32_t *comp, uint32_t c, bool dry) {
  ferret *f = j->f;
  fer_prog p;
  const fer_slot_range *rg;
  if (fer_query_compile(q, ca, n, &p, &rg)) return -1;
  int64_t res = -1;
  bool small = fer_input_space(&p, rg) <= ((uint64_t)1 << f->opt.enum_bits);
  if (small && dry) res = 0;
  if (small && !dry) {
    counter k = {j, comp, c, {0}, false};
    fer_engine_request r = fer_query_request(q, &p, rg, ca, n, &q->pre, NULL);
    r.accept = count_one, r.accept_user = &k;
    r.budget.deadline = j->cfg->deadline;
    fer_engine_stats rs;
    fer_engine_status es = fer_query_run(q, &r, &rs);
    if (es == FER_ENGINE_EXHAUSTED && !k.full) res = (int64_t)k.set.size;
    fer_exact_release(f, &k.set);
  }
  fer_prog_release(f, &p);
  return res;
}

/* The number of distinct samples of the formula ca[0..n) (preprocessed,
 * with its free variables: with_free_vars), when its whole input space is
 * too large to enumerate but it splits into independent components: the
 * product over the components of the distinct values of their own output
 * variables, each counted by enumerating the component (a component
 * without outputs counts once: every sample has the same nothing there).
 * An output that preprocessing eliminated belongs to the component of the
 * variables of its definition (none: a constant); a variable of no
 * assertion and no definition keeps its default value.  -1 when some
 * component cannot be counted (its space is large, a limit, an
 * unspecified value, a definition over two components), 0 when one has no
 * solution at all (the formula is then unsat: the enumeration proves it).
 * Relies on preprocessing keeping every model (pre.h: each one extends
 * to one model of the input, through the eliminated variables, and its
 * rewrites keep the meaning), so that the solutions of ca are the
 * query's, one to one. */
static int64_t count_samples(job *j, fer_query *q, const fer_term_stack *ca) {
  ferret *f = j->f;
  const fer_pre *pre = &q->pre;
  const fer_sample_config *cfg = j->cfg;
  fer_components comp = {0, NULL, 0};
  fer_map at; /* variable -> its component + 1 */
  fer_map_init(&at);
  fer_term_stack vars = {0}, part = {0};
  uint32_t *of = fer_malloc(f, fer_array_bytes(cfg->nout, sizeof *of));
  int64_t total = -1;
  bool ok = of && fer_split(f, ca->data, ca->size, true, &comp) && comp.count > 1;
  for (uint32_t c = 0; ok && c < comp.count; c++) {
    FER_CLEAR(vars);
    for (size_t i = 0; ok && i < ca->size; i++)
      if (comp.of[i] == c) ok = fer_collect_vars(f, &ca->data[i], 1, &vars);
    for (size_t i = 0; ok && i < vars.size; i++) ok = fer_map_put(f, &at, vars.data[i], c + 1);
  }
  /* the component of each output (UINT32_MAX: none, a constant) */
  for (size_t k = 0; ok && k < cfg->nout; k++) {
    fer_term v = cfg->out[k];
    uint32_t c = fer_map_get(&at, v);
    of[k] = c ? c - 1 : UINT32_MAX;
    if (c) continue;
    for (size_t i = 0; ok && i < pre->elim_var.size; i++) {
      if (pre->elim_var.data[i] != v) continue;
      FER_CLEAR(vars);
      ok = fer_collect_vars(f, &pre->elim_def.data[i], 1, &vars);
      for (size_t u = 0; ok && u < vars.size; u++) {
        uint32_t d = fer_map_get(&at, vars.data[u]);
        if (!d || (of[k] != UINT32_MAX && of[k] != d - 1)) ok = false;
        else of[k] = d - 1;
      }
      break;
    }
  }
  /* every component with outputs small (compiling is cheap), then each
   * enumerated: no enumeration is spent on a count that cannot be had */
  total = ok ? 1 : -1;
  for (int dry = 1; dry >= 0; dry--) {
    for (uint32_t c = 0; ok && total > 0 && c < comp.count; c++) {
      bool any = false;
      for (size_t k = 0; k < cfg->nout; k++) any |= of[k] == c;
      if (!any) continue;
      FER_CLEAR(part);
      for (size_t i = 0; ok && i < ca->size; i++)
        if (comp.of[i] == c) ok = FER_PUSH(f, part, ca->data[i]);
      int64_t m = ok ? count_component(j, q, part.data, part.size, of, c, dry) : -1;
      if (m < 0 || (m && total > INT64_MAX / m)) ok = false;
      else if (!dry) total *= m;
    }
  }
  if (!ok) total = -1;
  if (of) fer_free(f, of, fer_array_bytes(cfg->nout, sizeof *of));
  fer_map_release(f, &at);
  FER_RELEASE(f, vars);
  FER_RELEASE(f, part);
  fer_components_release(f, &comp);
  return total;
}

static fer_outcome search(job *j, fer_query *q, const fer_term_stack *ca) {
  ferret *f = j->f;
  fer_sample_stats *st = j->st;
  fer_prog p;
  const fer_slot_range *ranges;
  fer_why cw = fer_query_compile(q, ca->data, ca->size, &p, &ranges);
  if (cw) {
    if (cw == FER_WHY_UNSUPPORTED && f->error.status == FERRET_ERROR_UNSUPPORTED)
      fer_diag(f, "ferret: warning: unknown: %s\n", f->error.message); /* as solve */
    return fer_outcome_unknown(cw, NULL);
  }
  st->slots = p.nslots, st->instructions = (uint32_t)p.code.size;
  st->nodes = (uint32_t)p.node_reg.size;
  int s = j->cfg->strategy;
  fer_engine_sampling hooks = {s == FER_SAMPLE_DE || s == FER_SAMPLE_SM_DE,
                               s == FER_SAMPLE_SM || s == FER_SAMPLE_SM_DE,
                               j->cfg->neighbours, j->have_cov};
  /* Knowing how many samples there are (the main phase only, before any
   * was given): either this run enumerates the whole space and its end is
   * the proof, or the independent components count it apart.  Either
   * way the exact set decides what is new, so that a false duplicate of
   * the Bloom filter cannot hide a solution from the count. */
  bool main_phase = j->phase_deadline <= 0;
  bool whole = fer_input_space(&p, ranges) <= ((uint64_t)1 << f->opt.enum_bits);
  if (main_phase && !whole) {
    j->total = count_samples(j, q, ca);
    if (!j->total) { /* a component without a solution: unsat, proved */
      fer_prog_release(f, &p);
      j->end = END_COMPLETE;
      return (fer_outcome){st->samples ? FERRET_SAT : FERRET_UNSAT, FER_WHY_NONE, NULL};
    }
    if (fer_query_ranges(q, &p, &ranges)) { /* the counts compiled others */
      fer_prog_release(f, &p);
      return fer_outcome_unknown(FER_WHY_MEMORY, NULL);
    }
  }
  if (main_phase && (whole || j->total > 0)) j->exact = true;
  fer_engine_request r = fer_query_request(q, &p, ranges, q->a, q->n, &q->pre, NULL);
  r.accept = on_solution, r.accept_user = j;
  r.budget.max_execs = j->cfg->max_execs;
  r.budget.deadline = j->phase_deadline > 0 ? j->phase_deadline : j->cfg->deadline;
  r.sampling = &hooks;
  fer_engine_stats rs;
  j->out_ready = false;
  fer_engine_status es = fer_query_run(q, &r, &rs);
  later(j);
  st->candidates += rs.candidates;
  st->duplicates += rs.duplicates, st->unspecified += rs.unspecified;
  st->sm_mutations += rs.sm_mutations, st->nb_mutations += rs.nb_mutations;
  st->de_features += rs.de_features;
  st->time_wait += rs.time_wait, st->judge_apart |= rs.judge_apart;
  fer_prog_release(f, &p);
  /* unknown with no reason unless one is found below */
  fer_outcome o = {st->samples ? FERRET_SAT : FERRET_UNKNOWN, FER_WHY_NONE, NULL};
  /* the engine's own deadline was the prefer phase's: that phase is over */
  if (es == FER_ENGINE_UNKNOWN && j->phase_deadline > 0 &&
      fer_now() >= j->phase_deadline && !atomic_load(&f->interrupt))
    j->phase_over = true;
  if (j->fail) {
    end_by(j, j->fail, j->fail_msg);
    if (!st->samples) o = job_unknown(j);
  } else if (es == FER_ENGINE_EXHAUSTED) {
    if (!st->samples) o.result = FERRET_UNSAT;
    j->end = END_COMPLETE;
    /* the whole space was enumerated: every distinct sample was given */
    if (main_phase && j->exact && !j->exact_lost) j->total = (int64_t)st->samples;
  } else if (es == FER_ENGINE_UNKNOWN && !j->phase_over) {
    end_by(j, fer_query_why(es, &rs), rs.reason);
    if (!st->samples) o = job_unknown(j);
  }
  return o;
}

/* One pass of the pipeline (query.h): formula fa[0..fn) searched, each
 * sample validated on a[0..n); the one model when nothing is left to
 * search. */
static fer_outcome pass(job *j, const fer_term *a, size_t n, const fer_term *fa, size_t fn) {
  ferret *f = j->f;
  fer_query q;
  fer_query_init(&q, f, a, n);
  q.fa = fa, q.fn = fn;
  fer_term_stack ca = {0};
  fer_outcome o;
  if (!fer_query_prepare(&q, &o)) {
    if (o.result == FERRET_UNSAT) j->end = END_COMPLETE;
  } else if (!with_free_vars(f, fa, fn, &q.pre, &ca)) {
    o = fer_outcome_unknown(FER_WHY_MEMORY, NULL);
  } else if (!ca.size) {
    o = only_model(j, a, n, &q.pre);
  } else {
    o = search(j, &q, &ca);
  }
  fer_sample_stats *st = j->st;
  st->time_preprocess += q.time_preprocess, st->time_compile += q.time_compile;
  st->execs += q.total.execs;
  st->time_search += q.total.time_search, st->time_validate += q.total.time_validate;
  FER_RELEASE(f, ca);
  fer_query_release(&q);
  return o;
}

/* The prefer phase (sample.h): the formula with the prefer terms, within
 * its share of the count and the time.  Its answer only matters as "a
 * sample was given"; unsat means no sample satisfies the preferences. */
static void prefer_phase(job *j, const fer_term *a, size_t n) {
  ferret *f = j->f;
  const fer_sample_config *cfg = j->cfg;
  fer_term_stack fa = {0};
  bool ok = true;
  for (size_t i = 0; ok && i < n; i++) ok = FER_PUSH(f, fa, a[i]);
  for (size_t i = 0; ok && i < cfg->nprefer; i++) ok = FER_PUSH(f, fa, cfg->prefer[i]);
  if (!ok) {
    FER_RELEASE(f, fa);
    return;
  }
  double now = fer_now();
  j->phase_count = cfg->count ? (cfg->count + 1) / 2 : 0;
  /* half the time; without a time limit at most 10 s, so that a
   * preference few models satisfy cannot hold up the run */
  j->phase_deadline = cfg->deadline > 0 ? now + (cfg->deadline - now) / 2 : now + 10;
  pass(j, a, n, fa.data, fa.size);
  j->st->preferred = j->st->samples;
  j->phase_count = 0, j->phase_deadline = 0, j->phase_over = false;
  /* the whole run goes on unless the job itself ended it */
  bool limit = j->end == END_WHY && !j->end_msg && /* "timeout", "interrupted" */
               (j->end_why == FER_WHY_TIMEOUT || j->end_why == FER_WHY_INTERRUPTED);
  if (j->end != END_COUNT && j->end != END_STOPPED && !limit && !j->fail) j->end = END_NONE;
  FER_RELEASE(f, fa);
}

ferret_result fer_sample(ferret *f, const fer_term *a, size_t n,
                         const fer_sample_config *cfg, fer_sample_fn cb,
                         void *user, const char **reason,
                         fer_sample_stats *st) {
  memset(st, 0, sizeof *st);
  job j;
  memset(&j, 0, sizeof j);
  j.f = f, j.cfg = cfg, j.cb = cb, j.user = user, j.st = st;
  j.t0 = fer_now();
  j.total = -1;
  j.exact = cfg->nprefer > 0; /* the main phase may need it: from the start */
  st->seed = (uint64_t)f->opt.seed, st->jobs = (uint32_t)f->opt.jobs;
  st->strategy = fer_sample_strategy_name[cfg->strategy];
  st->coverage = -1;
  fer_outcome o = fer_outcome_unknown(FER_WHY_MEMORY, NULL);
  size_t vb = fer_array_bytes(cfg->nout, sizeof *j.values);
  size_t bb = fer_array_bytes(cfg->nout, sizeof *j.bits);
  size_t ob = fer_array_bytes(cfg->nout, sizeof *j.out_at);
  size_t fb = fer_array_bytes(cfg->nout, sizeof *j.out_kind);
  j.values = fer_malloc(f, vb);
  j.bits = fer_malloc(f, bb);
  j.wait_bits = fer_malloc(f, bb);
  j.out_at = fer_malloc(f, ob);
  j.out_kind = fer_malloc(f, fb);
  for (size_t k = 0; j.out_kind && k < cfg->nout; k++) j.out_kind[k] = kind_of(f, cfg->out[k]);
  if (!j.values || !j.bits || !j.wait_bits || !j.out_at || !j.out_kind ||
      !fer_dedup_init(f, &j.dd, cfg->dedup_bytes ? cfg->dedup_bytes : FER_DEDUP_DEFAULT))
    goto done;
  if (cfg->coverage) {
    if (!fer_coverage_init(f, &j.cov, a, n)) goto done;
    j.have_cov = true;
  }
  if (cfg->nprefer) prefer_phase(&j, a, n);
  if (j.fail || j.end) { /* a failure; the count, the callback, a limit or an interrupt */
    o = st->samples && !j.fail ? (fer_outcome){FERRET_SAT, FER_WHY_NONE, NULL} : job_unknown(&j);
  } else {
    o = pass(&j, a, n, a, n);
  }
done:
  if (j.values) fer_free(f, j.values, vb);
  if (j.bits) fer_free(f, j.bits, bb);
  if (j.wait_bits) fer_free(f, j.wait_bits, bb);
  if (j.out_at) fer_free(f, j.out_at, ob);
  if (j.out_kind) fer_free(f, j.out_kind, fb);
  st->dedup_bits = j.dd.nbits, st->dedup_hashes = FER_DEDUP_HASHES;
  st->false_dup_rate = fer_dedup_false_rate(&j.dd, &st->dedup_fill);
  fer_dedup_release(f, &j.dd);
  fer_exact_release(f, &j.ex);
  if (j.have_cov) {
    st->coverage = fer_coverage_percent(&j.cov, -1);
    fer_coverage_release(&j.cov);
  }
  ferret_result r = o.result;
  *reason = fer_outcome_reason(&o);
  st->result = r == FERRET_SAT ? "sat" : r == FERRET_UNSAT ? "unsat" : "unknown";
  st->reason = *reason;
  st->end = j.end ? end_name(&j) : *reason;
  st->solutions = r == FERRET_UNSAT ? 0 : j.total;
  st->time_total = since(j.t0);
  st->samples_per_sec = st->time_total > 0 ? (double)st->samples / st->time_total : 0;
  st->execs_per_sec = st->time_search > 0 ? (double)st->execs / st->time_search : 0;
  double idle = st->judge_apart ? st->time_wait : st->time_validate + st->time_output;
  st->search_share = st->time_search > 0 ? 1 - idle / st->time_search : 0;
  if (st->search_share < 0) st->search_share = 0;
  return r;
}
