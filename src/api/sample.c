/* The public sample and coverage calls (ferret.h, section "sample"): the
 * query and its variables from the session, the projection by name, the
 * sample text, the statistics line.  The job itself is sample/sample.c. */
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "engine/pre.h"
#include "sample/coverage.h"
#include "sample/format.h"
#include "sample/read.h"
#include "sample/sample.h"
#include "api/smt_query.h"
#include "api/smt_session.h"

void ferret_sample_options_init(ferret_sample_options *o) {
  FER_REQUIRE(NULL, o, "NULL options");
  memset(o, 0, sizeof *o);
  o->format = FERRET_FORMAT_JSONL;
}

static bool samplable(ferret *f, fer_term v) {
  uint32_t k = fer_sort_get(f, fer_term_sort(f, v))->kind;
  return k == FER_SORT_BOOL || k == FER_SORT_BV || k == FER_SORT_FP ||
         k == FER_SORT_RM;
}

/* The variables of a sample: the declared ones in scope, in order, then
 * those of the query no longer in scope (a script that popped them). */
static int all_vars(ferret *f, const fer_term *a, size_t n, fer_term_stack *out) {
  fer_smt *s = f->smt;
  fer_term_stack q = {0};
  fer_map in;
  fer_map_init(&in);
  int ok = fer_collect_vars(f, a, n, &q);
  for (size_t i = 0; ok && i < s->decls.size; i++) {
    fer_term v = s->decls.data[i];
    if (fer_term_op(f, v) != FER_OP_VAR || !samplable(f, v) || fer_map_get(&in, v))
      continue;
    ok = FER_PUSH(f, *out, v) && fer_map_put(f, &in, v, 1);
  }
  for (size_t i = 0; ok && i < q.size; i++)
    if (!fer_map_get(&in, q.data[i]) && samplable(f, q.data[i]))
      ok = FER_PUSH(f, *out, q.data[i]) && fer_map_put(f, &in, q.data[i], 1);
  fer_map_release(f, &in);
  FER_RELEASE(f, q);
  return ok;
}

/* The projection "x,y" among vars: into out.  Status. */
static ferret_status project(ferret *f, const char *names, const fer_term_stack *vars,
                             fer_term_stack *out) {
  for (const char *p = names; *p;) {
    while (*p == ' ' || *p == ',') p++;
    size_t k = strcspn(p, ",");
    size_t e = k;
    while (e && p[e - 1] == ' ') e--;
    if (!e) break;
    fer_term hit = 0;
    for (size_t i = 0; i < vars->size && !hit; i++) {
      const char *nm = fer_var_name(f, vars->data[i]);
      if (strlen(nm) == e && !memcmp(nm, p, e)) hit = vars->data[i];
    }
    if (!hit)
      return fer_error(f, FERRET_ERROR_OPTION, 0, 0,
                       "sample: '%.*s' in the projection is not a declared variable",
                       (int)e, p);
    bool dup = false;
    for (size_t i = 0; i < out->size; i++) dup |= out->data[i] == hit;
    if (!dup && !FER_PUSH(f, *out, hit)) return FERRET_ERROR_LIMIT;
    p += k;
  }
  if (!out->size)
    return fer_error(f, FERRET_ERROR_OPTION, 0, 0, "sample: empty projection");
  return FERRET_OK;
}

typedef struct call {
  ferret *f;
  ferret_sample_fn fn;
  void *user;
  fer_sample_writer *w; /* for the run's variables and format */
  fer_buf text;
} call;

/* Called on every sample: the text from the bits (format.h). */
static bool on_sample(void *user, const fer_sample_item *it) {
  call *c = user;
  ferret *f = c->f;
  FER_CLEAR(c->text);
  if (!fer_sample_write(f, c->w, &c->text, it->bits) || !fer_buf_add(f, &c->text, "", 1))
    return false;
  size_t header_len = 0;
  const char *header = it->index ? NULL : fer_sample_writer_header(c->w, &header_len);
  ferret_sample_item s = {it->index, it->n, it->vars, it->values, c->text.data,
                     c->text.size - 1, header, header_len, it->execs, it->elapsed,
                     it->coverage};
  fer_host_enter(f); /* the callback is host code */
  int stop = c->fn(c->user, &s);
  fer_host_leave(f);
  return !stop;
}

static void keep_stats(ferret *f, const fer_sample_stats *s) {
  fer_smt *sm = f->smt;
  char line[2048], sol[32] = "null"; /* null: not known */
  if (s->solutions >= 0) snprintf(sol, sizeof sol, "%lld", (long long)s->solutions);
  int n = snprintf(
      line, sizeof line,
      "{\"job\": \"sample\", \"result\": \"%s\", \"reason\": \"%s\", \"end\": \"%s\", "
      "\"solutions\": %s, "
      "\"strategy\": \"%s\", \"seed\": %llu, \"jobs\": %u, \"samples\": %llu, "
      "\"samples_per_sec\": %.1f, \"time\": %.6f, \"time_preprocess\": %.6f, "
      "\"time_compile\": %.6f, \"time_search\": %.6f, \"time_validate\": %.6f, "
      "\"time_output\": %.6f, \"time_wait\": %.6f, \"judge_apart\": %s, "
      "\"search_share\": %.3f, "
      "\"execs\": %llu, \"execs_per_sec\": %.0f, \"candidates\": %llu, "
      "\"duplicates\": %llu, \"projected_dups\": %llu, \"unspecified\": %llu, "
      "\"sm_mutations\": %llu, \"nb_mutations\": %llu, \"de_features\": %llu, "
      "\"preferred\": %llu, \"slots\": %u, "
      "\"instructions\": %u, \"nodes\": %u, \"dedup_bits\": %llu, "
      "\"dedup_hashes\": %u, \"dedup_fill\": %.3g, \"false_dup_rate\": %.3g, "
      "\"coverage\": %.4f}",
      s->result ? s->result : "", s->reason ? s->reason : "", s->end ? s->end : "",
      sol,
      s->strategy ? s->strategy : "", (unsigned long long)s->seed, s->jobs,
      (unsigned long long)s->samples, s->samples_per_sec, s->time_total,
      s->time_preprocess, s->time_compile, s->time_search, s->time_validate,
      s->time_output, s->time_wait, s->judge_apart ? "true" : "false", s->search_share,
      (unsigned long long)s->execs, s->execs_per_sec,
      (unsigned long long)s->candidates, (unsigned long long)s->duplicates,
      (unsigned long long)s->projected_dups, (unsigned long long)s->unspecified,
      (unsigned long long)s->sm_mutations, (unsigned long long)s->nb_mutations,
      (unsigned long long)s->de_features, (unsigned long long)s->preferred,
      s->slots, s->instructions, s->nodes, (unsigned long long)s->dedup_bits,
      s->dedup_hashes, s->dedup_fill, s->false_dup_rate, s->coverage);
  if (n < 0 || (size_t)n >= sizeof line) n = 0;
  FER_CLEAR(sm->sample_stats);
  if (FER_RESERVE(f, sm->sample_stats, (size_t)n + 1)) {
    memcpy(sm->sample_stats.data, line, (size_t)n + 1);
    sm->sample_stats.size = (size_t)n + 1;
  }
}

ferret_status ferret_sample(ferret *f, const ferret_sample_options *o,
                            ferret_sample_fn fn, void *user,
                            ferret_result *result) {
  FER_REQUIRE(f, f && o && fn, "NULL argument");
  FER_REQUIRE(f, o->format <= FERRET_FORMAT_CSV, "bad format");
  FER_REQUIRE(f, o->prefer || !o->nprefer, "NULL prefer");
  for (size_t i = 0; i < o->nprefer; i++)
    FER_REQUIRE(f, o->prefer[i] >= 1 && o->prefer[i] <= fer_term_count(f),
                "invalid prefer term");
  for (size_t i = 0; i < o->nprefer; i++)
    if (fer_term_sort(f, o->prefer[i]) != fer_sort_bool(f))
      return fer_error(f, FERRET_ERROR_SORT, 0, 0,
                       "sample: prefer term %zu is not Bool", i + 1);
  if (result) *result = FERRET_UNKNOWN;
  atomic_store(&f->interrupt, 0); /* as ferret_execute: a fresh start */
  int strategy = o->strategy ? fer_sample_strategy_parse(o->strategy) : FER_SAMPLE_SM_DE;
  if (strategy < 0)
    return fer_error(f, FERRET_ERROR_OPTION, 0, 0,
                     "sample: unknown strategy '%s' (naive, de, sm, sm+de)", o->strategy);
  const fer_term *a;
  size_t n;
  fer_smt_query(f, &a, &n);
  fer_term_stack q = {0}, vars = {0}, proj = {0};
  ferret_status st = FERRET_OK;
  /* the query is the session's: copy it, a callback may run commands */
  for (size_t i = 0; st == FERRET_OK && i < n; i++)
    if (!FER_PUSH(f, q, a[i])) st = FERRET_ERROR_LIMIT;
  if (st == FERRET_OK && !all_vars(f, q.data, q.size, &vars)) st = FERRET_ERROR_LIMIT;
  if (st == FERRET_OK && o->project && *o->project) st = project(f, o->project, &vars, &proj);
  /* the writer of out's samples, made once for the run (format.h) */
  const fer_term_stack *out = proj.size ? &proj : &vars;
  fer_sample_writer *w = NULL;
  if (st == FERRET_OK &&
      !(w = fer_sample_writer_new(f, (int)o->format, out->data, out->size)))
    st = FERRET_ERROR_LIMIT;
  if (st == FERRET_OK) {
    fer_sample_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.count = o->count, cfg.strategy = strategy;
    /* timeout_ms (which a script's (set-option :timeout N) sets) before
     * timeout, as solve reads them */
    double t0 = fer_now();
    cfg.deadline = f->opt.timeout_ms ? t0 + (double)f->opt.timeout_ms / 1000
                   : f->opt.timeout  ? t0 + (double)f->opt.timeout
                                     : 0;
    cfg.max_execs = (uint64_t)f->opt.max_execs;
    cfg.out = out->data, cfg.nout = out->size;
    cfg.dedup_bytes = o->dedup_bytes, cfg.coverage = o->coverage != 0;
    cfg.neighbours = o->neighbours != 0;
    cfg.prefer = o->prefer, cfg.nprefer = o->nprefer;
    cfg.values = !o->no_values;
    call c = {f, fn, user, w, {0}};
    fer_sample_stats ss;
    const char *reason;
    ferret_result r = fer_sample(f, q.data, q.size, &cfg, on_sample, &c, &reason, &ss);
    keep_stats(f, &ss);
    ferret_sample_info *si = &f->smt->sample_info;
    si->result = r, si->reason = ss.reason ? ss.reason : "";
    si->end = ss.end ? ss.end : "", si->samples = ss.samples;
    si->solutions = ss.solutions;
    f->smt->have_sample_info = true;
    if (result) *result = r;
    f->smt->last = r;
    FER_RELEASE(f, c.text);
  }
  fer_sample_writer_delete(f, w);
  FER_RELEASE(f, q);
  FER_RELEASE(f, vars);
  FER_RELEASE(f, proj);
  return st;
}

ferret_status ferret_get_sample_info(ferret *f, ferret_sample_info *out) {
  FER_REQUIRE(f, f && out, "NULL argument");
  if (!f->smt->have_sample_info)
    return fer_error(f, FERRET_ERROR_COMMAND, 0, 0, "no sample run yet");
  *out = f->smt->sample_info;
  return FERRET_OK;
}

ferret_status ferret_print_sample_stats(ferret *f) {
  FER_REQUIRE(f, f, "NULL context");
  fer_smt *s = f->smt;
  if (!s->sample_stats.size)
    return fer_error(f, FERRET_ERROR_COMMAND, 0, 0, "no sample run yet");
  fer_diag(f, "%s\n", s->sample_stats.data);
  return FERRET_OK;
}

/* ---------------------------------------------------------- coverage */

struct ferret_coverage {
  ferret *f;
  fer_coverage cov;
  fer_term_stack vars;
  fer_model model;
  ferret_coverage_fn each;
  void *user;
};

ferret_coverage *ferret_coverage_new(ferret *f) {
  FER_REQUIRE(f, f, "NULL context");
  ferret_coverage *c = fer_calloc(f, sizeof *c);
  if (!c) return NULL;
  c->f = f;
  fer_model_init(&c->model);
  const fer_term *a;
  size_t n;
  fer_smt_query(f, &a, &n);
  if (!fer_coverage_init(f, &c->cov, a, n) || !all_vars(f, a, n, &c->vars)) {
    ferret_coverage_delete(c);
    return NULL;
  }
  return c;
}

void ferret_coverage_get(const ferret_coverage *c, ferret_coverage_info *out) {
  FER_REQUIRE(c ? c->f : NULL, c && out, "NULL argument");
  const fer_coverage *v = &c->cov;
  out->samples = v->samples;
  out->percent = fer_coverage_percent(v, -1);
  out->percent_bool = fer_coverage_percent(v, FER_COV_BOOL);
  out->percent_bv = fer_coverage_percent(v, FER_COV_BV);
  out->percent_fp = fer_coverage_percent(v, FER_COV_FP);
  out->bits_bool = v->total[FER_COV_BOOL], out->covered_bool = v->covered[FER_COV_BOOL];
  out->bits_bv = v->total[FER_COV_BV], out->covered_bv = v->covered[FER_COV_BV];
  out->bits_fp = v->total[FER_COV_FP], out->covered_fp = v->covered[FER_COV_FP];
}

static int cover_one(void *user, const fer_term *values) {
  ferret_coverage *c = user;
  ferret *f = c->f;
  if (!fer_model_reserve(f, &c->model)) return 0;
  for (size_t i = 0; i < c->vars.size; i++) {
    fer_term v = c->vars.data[i];
    fer_term k = values[i] ? values[i] : fer_value_term(f, fer_term_sort(f, v), 0);
    if (!k) return 0;
    c->model.value[fer_term_idx(f, v, 0)] = k;
  }
  if (!fer_coverage_add(&c->cov, &c->model)) return 0;
  if (c->each) {
    ferret_coverage_info info;
    ferret_coverage_get(c, &info);
    fer_host_enter(f);
    c->each(c->user, &info);
    fer_host_leave(f);
  }
  return 1;
}

ferret_status ferret_coverage_add(ferret_coverage *c, const char *source,
                                  const char *text, size_t len, int format,
                                  ferret_coverage_fn each, void *user) {
  FER_REQUIRE(c ? c->f : NULL, c && (text || !len), "NULL argument");
  FER_REQUIRE(c->f, format >= -1 && format <= FERRET_FORMAT_CSV, "bad format");
  c->each = each, c->user = user;
  fer_error_clear(c->f);
  return fer_samples_read(c->f, source, text, len, format, c->vars.data,
                          c->vars.size, cover_one, c);
}

void ferret_coverage_delete(ferret_coverage *c) {
  if (!c) return;
  ferret *f = c->f;
  fer_coverage_release(&c->cov);
  FER_RELEASE(f, c->vars);
  fer_model_release(f, &c->model);
  fer_free(f, c, sizeof *c);
}
