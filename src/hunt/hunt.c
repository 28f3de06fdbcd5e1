/* The hunt campaign (hunt.h; its files in hunt_internal.h).
 *
 *   gen   COUNT scripts from the generator into OUT/NNNNNN.smt2;
 *   bug   until the budget: a formula (generated, or the current one
 *         mutated with the construct or format the agent chose), every
 *         solver run on it at once, the runs checked: a crash, an error on
 *         valid input, a sat whose model ferret's evaluator rejects (even
 *         when every solver agrees; each solver's model is judged, and
 *         each that fails is a finding of its own), an unsat where a model shows sat
 *         (another solver's, or one ferret's own search finds within
 *         SEARCH_SECONDS; each checked by the evaluator here).  A model
 *         whose truth rests on a value SMT-LIB leaves open (fp.to_ubv out
 *         of range, fp.min of two zeros) settles nothing.  A sat/unsat
 *         disagreement no model settles is logged ("disagree") and
 *         saved whole in OUT/disagree, not a finding.  A finding is
 *         reduced (the same kind by the same solver must stay:
 *         assertions dropped, then subterms replaced by an
 *         argument of their sort or by +0), saved in OUT/findings with a
 *         header, and grouped by cause (kind, solver, formats and operator
 *         multiset of the reduced formula; for an error its message) in
 *         OUT/causes.tsv; an error with a message seen before is counted
 *         for its cause, not reduced again, and so is a finding whose
 *         unreduced formula's kind, solver, formats and operators gave one
 *         cause in each of its first PREDICT_AFTER reductions.  The agent is rewarded 1 for a
 *         finding, else 0.  OUT/log.tsv has every formula's runs,
 *         OUT/ranking.tsv the constructs ranked by the agent.
 *   perf  the same loop, scored by Algorithm 1: the margin is the
 *         target's PAR-2 time over the best reference's; the agent is
 *         rewarded when a mutation widens the margin over its parent's, and
 *         a margin of SLOW_MARGIN or more with a reference answering is a
 *         finding ("slow"), reduced while the margin stays.
 * Timeouts and unsupported-construct errors are logged, never findings. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "hunt/hunt_internal.h"

/* Time limits from the median (timeout_factor): the lowest limit, and the
 * answers needed before the median counts. */
#define TIMEOUT_FLOOR 0.5
enum { MEDIAN_AFTER = 16 };

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Each solver's time limit: the campaign's, or (timeout_factor) factor
 * times the median of its recent answers, within [TIMEOUT_FLOOR, timeout]. */
static void set_limits(fer_hunt_campaign *c) {
  const fer_hunt_config *cfg = c->cfg;
  for (uint32_t i = 0; i < cfg->nsolvers && i < 16; i++) {
    c->limit[i] = cfg->timeout;
    if (cfg->timeout_factor <= 0 || cfg->mode != 1 || c->answered[i] < MEDIAN_AFTER) continue;
    uint64_t k = c->answered[i] < MEDIAN_WINDOW ? c->answered[i] : MEDIAN_WINDOW;
    double t[MEDIAN_WINDOW];
    memcpy(t, c->recent[i], (size_t)k * sizeof *t);
    qsort(t, (size_t)k, sizeof *t, by_value);
    double lim = cfg->timeout_factor * t[k / 2];
    if (lim < TIMEOUT_FLOOR) lim = TIMEOUT_FLOOR;
    if (lim < c->limit[i]) c->limit[i] = lim;
  }
}

/* Write formula x and run every solver on it (each its own process, or
 * the solvers kept running); the definite answers' times kept for the
 * limits. */
int fer_hunt_run_formula(fer_hunt_campaign *c, const fer_hunt_formula *x) {
  ferret *f = c->f;
  const fer_hunt_config *cfg = c->cfg;
  FER_CLEAR(c->text);
  if (!fer_hunt_script(f, x, NULL, &c->text)) return 0;
  set_limits(c);
  c->st->runs += cfg->nsolvers;
  int ok;
  if (cfg->persistent) {
    ok = fer_hunt_session_run_all(f, c->kept, cfg->solvers, cfg->nsolvers, c->text.data,
                                  c->text.size, c->limit, c->runs);
  } else {
    ok = fer_hunt_write_file(f, c->script, &c->text) &&
         fer_hunt_run_all(f, cfg->solvers, cfg->nsolvers, c->script, c->limit, 0, c->runs);
  }
  for (uint32_t i = 0; ok && i < cfg->nsolvers && i < 16; i++) {
    int o = c->runs[i].outcome;
    if (o == FER_RUN_SAT || o == FER_RUN_UNSAT)
      c->recent[i][c->answered[i]++ % MEDIAN_WINDOW] = c->runs[i].seconds;
  }
  return ok;
}

/* The solvers kept running stopped, their counts into the statistics. */
static void close_solvers(fer_hunt_campaign *c) {
  fer_hunt_session_close(c->kept, c->cfg->nsolvers < 16 ? c->cfg->nsolvers : 16);
  c->st->starts = 0;
  for (uint32_t i = 0; i < 16; i++) {
    c->st->starts += c->kept[i].starts;
    c->st->limit[i] = c->limit[i];
  }
}

/* The solvers stopped, the runs' and the script's memory released. */
static void release_runs(fer_hunt_campaign *c) {
  close_solvers(c);
  for (uint32_t i = 0; i < 16; i++) fer_hunt_run_release(c->f, &c->runs[i]);
  FER_RELEASE(c->f, c->text);
}

/* Generate-only mode: COUNT scripts from the generator into
 * OUT/NNNNNN.smt2. */
static ferret_status generate_only(fer_hunt_campaign *c) {
  ferret *f = c->f;
  fer_hunt_formula x = {{0}};
  for (uint64_t i = 0; i < (c->cfg->count ? c->cfg->count : 1); i++) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%06llu.smt2", c->cfg->out_dir, (unsigned long long)i);
    FER_CLEAR(c->text);
    if (!fer_hunt_generate(f, &c->rng, &c->cfg->shape, &x) ||
        !fer_hunt_script(f, &x, NULL, &c->text) || !fer_hunt_write_file(f, path, &c->text))
      break;
    c->st->formulas++, c->st->generated++;
  }
  fer_hunt_formula_release(f, &x);
  return f->error.status;
}

int fer_hunt_replay(ferret *f, const fer_hunt_config *cfg, const fer_term *a,
                    size_t n, fer_buf *line) {
  fer_hunt_campaign c;
  memset(&c, 0, sizeof c);
  fer_hunt_stats st;
  memset(&st, 0, sizeof st);
  c.f = f, c.cfg = cfg, c.st = &st;
  snprintf(c.script, sizeof c.script, "%s/replay.smt2", cfg->out_dir);
  fer_hunt_formula x = {{0}};
  int ok = 1;
  for (size_t i = 0; ok && i < n; i++) ok = FER_PUSH(f, x.a, a[i]);
  ok = ok && fer_hunt_run_formula(&c, &x);
  if (ok) {
    fer_hunt_verdict v = fer_hunt_check(&c, &x);
    ok = fer_buf_str(f, line, fer_hunt_find_name[v.kind]);
    for (uint32_t i = 0; ok && i < cfg->nsolvers; i++)
      ok = fer_buf_printf(f, line, "\t%s %.3f", fer_hunt_outcome_name[c.runs[i].outcome],
                          c.runs[i].seconds);
  }
  remove(c.script);
  release_runs(&c);
  fer_hunt_formula_release(f, &x);
  return ok;
}

/* ------------------------------------------------------------- the loop */

/* Open the campaign in out_dir: the findings folder, the agent, OUT/log.tsv
 * started, or resumed with a seed stream of its own for the rest of the
 * campaign.  0 with the error set. */
static int open_campaign(fer_hunt_campaign *c) {
  ferret *f = c->f;
  const fer_hunt_config *cfg = c->cfg;
  char dir[4096];
  snprintf(dir, sizeof dir, "%s/findings", cfg->out_dir);
  if (!fer_hunt_make_dir(f, dir)) return 0;
  snprintf(c->script, sizeof c->script, "%s/current.smt2", cfg->out_dir);
  char logpath[4096];
  snprintf(logpath, sizeof logpath, "%s/log.tsv", cfg->out_dir);
  char header[1024];
  int hl = snprintf(header, sizeof header, "formula\torigin\tfinding\tmargin");
  for (uint32_t i = 0; i < cfg->nsolvers; i++)
    hl += snprintf(header + hl, sizeof header - (size_t)hl, "\tanswer%u\tseconds%u", i + 1, i + 1);
  fer_hunt_agent_init(&c->ag, cfg->agent, fer_hunt_narms(&cfg->shape));
  int resumed = cfg->resume ? fer_hunt_resume(c, logpath, header, &c->ag, &c->first, &c->log) : 0;
  if (resumed < 0) return 0;
  if (resumed) {
    uint64_t seed = cfg->seed ^ (c->first * 0x9e3779b97f4a7c15u);
    fer_rng_seed(&c->rng, fer_splitmix64(&seed) ^ ((uint64_t)cfg->shard << 48));
    if (!cfg->quiet)
      fer_diag(f, "hunt: resuming at formula %llu (finding %llu next)\n",
               (unsigned long long)c->first, (unsigned long long)c->first_finding);
  } else {
    if (!(c->log = fopen(logpath, "w")))
      return fer_error(f, FERRET_ERROR_IO, 0, 0, "hunt: cannot write '%s'", logpath), 0;
    fprintf(c->log, "%s\n", header);
  }
  return 1;
}

/* The next formula into *next: cur mutated with the construct or format
 * the agent chooses (*arm), or a fresh one (*arm -1: every 16th formula,
 * with no agent, or when cur has nothing to mutate).  0 when the
 * generator failed. */
static int next_formula(fer_hunt_campaign *c, uint64_t iter, const fer_hunt_formula *cur,
                        fer_hunt_formula *next, int *arm) {
  const fer_hunt_config *cfg = c->cfg;
  *arm = -1;
  bool fresh = cfg->agent == FER_AGENT_NONE || !cur->a.size || iter % 16 == 0;
  if (!fresh) {
    *arm = (int)fer_hunt_agent_choose(&c->ag, &c->rng);
    if (!fer_hunt_mutate(c->f, &c->rng, &cfg->shape, cur, (uint32_t)*arm, next)) {
      fer_hunt_agent_update(&c->ag, (uint32_t)*arm, 0); /* nothing to mutate */
      fresh = true, *arm = -1;
    }
  }
  if (fresh && !fer_hunt_generate(c->f, &c->rng, &cfg->shape, next)) return 0;
  c->st->formulas++;
  if (fresh) c->st->generated++;
  else c->st->mutated++;
  return 1;
}

/* The formula's row of OUT/log.tsv: its number, origin, verdict, margin
 * and every solver's answer and time. */
static void log_row(fer_hunt_campaign *c, uint64_t number, const char *origin,
                    fer_hunt_verdict v, double mg) {
  FILE *log = c->log;
  fprintf(log, "%llu\t%s\t%s\t%.3f", (unsigned long long)number, origin,
          fer_hunt_find_name[v.kind], mg);
  for (uint32_t i = 0; i < c->cfg->nsolvers; i++)
    fprintf(log, "\t%s\t%.4f", fer_hunt_outcome_name[c->runs[i].outcome], c->runs[i].seconds);
  fprintf(log, "\n");
  fflush(log);
}

/* An error or crash whose message is known already: its cause's key (it
 * is counted for its cause, neither reduced nor saved again, nor
 * rewarded: one invalid-size complaint would otherwise fill the
 * campaign); NULL for any other verdict. */
static char *known_cause(fer_hunt_campaign *c, const fer_hunt_formula *x, fer_hunt_verdict v) {
  char *known = v.kind == FIND_ERROR || v.kind == FIND_CRASH ? fer_hunt_cause_key(c, x, v) : NULL;
  if (known && !fer_hunt_cause_seen(c, known))
    fer_free(c->f, known, strlen(known) + 1), known = NULL;
  return known;
}

/* Verdict v on formula x (number `number`, from origin) counted: a known
 * cause counted again (takes known), or a finding reduced, saved and
 * grouped by its cause. */
static void count_finding(fer_hunt_campaign *c, const fer_hunt_formula *x, fer_hunt_verdict v,
                          char *known, uint64_t number, const char *origin) {
  ferret *f = c->f;
  fer_hunt_stats *st = c->st;
  st->disagreements += v.kind == FIND_DISAGREE;
  if (known) {
    fer_hunt_add_cause_key(c, known, "", 0, 1);
    fer_hunt_write_causes(c);
  } else if (fer_hunt_counts(v)) {
    fer_hunt_formula red = {{0}};
    if (st->first_finding < 0) st->first_finding = fer_now() - c->t0;
    /* the unreduced formula's key: its cause predicted once PREDICT_AFTER
     * reductions of that key agreed (counted, neither reduced nor saved) */
    char *pre = c->cfg->reduce ? fer_hunt_cause_key(c, x, v) : NULL;
    const char *guess = pre ? fer_hunt_predicted(c, pre) : NULL;
    if (guess) {
      fer_hunt_add_cause_key(c, fer_strdup(f, guess), "", 0, 1);
      st->unreduced++;
      fer_hunt_write_causes(c);
    } else if (fer_hunt_formula_copy(f, x, &red)) {
      if (c->cfg->reduce) fer_hunt_reduce(c, &red, v);
      fer_hunt_save_finding(c, &red, v, number, origin, pre);
      char *key = fer_hunt_cause_key(c, &red, v);
      if (pre && key) fer_hunt_learn(c, pre, key);
      fer_hunt_add_cause_key(c, key, c->last_file, fer_now() - c->t0, 1);
      fer_hunt_write_causes(c);
    }
    if (pre) fer_free(f, pre, strlen(pre) + 1);
    fer_hunt_formula_release(f, &red);
  } else {
    return;
  }
  st->findings++;
  st->by_kind[v.kind]++;
}

static void report_progress(const fer_hunt_campaign *c) {
  const fer_hunt_config *cfg = c->cfg;
  if (!cfg->progress) return;
  ferret_hunt_progress p = {c->st->formulas, c->st->runs, c->st->findings, fer_now() - c->t0,
                            cfg->budget};
  cfg->progress(cfg->progress_user, &p);
}

ferret_status fer_hunt(ferret *f, const fer_hunt_config *cfg, fer_hunt_stats *st) {
  memset(st, 0, sizeof *st);
  st->first_finding = -1;
  fer_hunt_campaign c;
  memset(&c, 0, sizeof c);
  c.f = f, c.cfg = cfg, c.st = st;
  uint64_t seed = cfg->seed;
  fer_rng_seed(&c.rng, fer_splitmix64(&seed) ^ ((uint64_t)cfg->shard << 48));
  fer_error_clear(f);
  if (!fer_hunt_make_dir(f, cfg->out_dir)) return f->error.status;
  if (cfg->mode == 0) {
    ferret_status gs = generate_only(&c);
    FER_RELEASE(f, c.text);
    return gs;
  }
  if (!open_campaign(&c)) return f->error.status;
  fer_hunt_formula cur = {{0}}, next = {{0}};
  double cur_margin = 0;
  c.t0 = fer_now();
  for (uint64_t iter = 0; !cfg->count || iter < cfg->count; iter++) {
    if (cfg->budget > 0 && fer_now() - c.t0 >= cfg->budget) break;
    if (atomic_load(&f->interrupt)) break;
    int arm;
    if (!next_formula(&c, iter, &cur, &next, &arm) || !fer_hunt_run_formula(&c, &next)) break;
    fer_hunt_verdict v = fer_hunt_check(&c, &next);
    char arm_name[64];
    const char *origin = arm >= 0 ? fer_hunt_arm_name(&cfg->shape, (uint32_t)arm, arm_name,
                                                      sizeof arm_name)
                                  : "generate";
    double mg = cfg->nsolvers > 1 ? fer_hunt_margin(&c) : 0;
    log_row(&c, c.first + iter, origin, v, mg);
    if (v.kind == FIND_DISAGREE) fer_hunt_save_disagreement(&c, &next, c.first + iter, origin);
    char *known = known_cause(&c, &next, v);
    /* the reward: a finding of a new cause (bug mode), a wider margin
     * than the parent's (performance mode, Algorithm 1) */
    if (arm >= 0)
      fer_hunt_agent_update(&c.ag, (uint32_t)arm,
                            cfg->mode == 2 ? mg > cur_margin : fer_hunt_counts(v) && !known);
    cur_margin = mg;
    count_finding(&c, &next, v, known, c.first + iter, origin);
    /* every other solver whose model fails: a finding of its own */
    for (uint32_t i = 0; i < cfg->nsolvers && i < 32; i++)
      if ((v.wrong >> i & 1) && !(v.kind == FIND_WRONG_MODEL && v.who == i))
        count_finding(&c, &next, (fer_hunt_verdict){FIND_WRONG_MODEL, i, v.wrong}, NULL,
                      c.first + iter, origin);
    fer_hunt_formula_copy(f, &next, &cur);
    if (iter % 32 == 31) fer_hunt_write_ranking(&c, &c.ag);
    report_progress(&c);
  }
  fer_hunt_write_ranking(&c, &c.ag);
  fer_hunt_write_causes(&c);
  st->seconds = fer_now() - c.t0;
  st->causes = c.causes.size;
  release_runs(&c);
  fclose(c.log);
  fer_hunt_release_causes(&c);
  fer_hunt_formula_release(f, &cur);
  fer_hunt_formula_release(f, &next);
  remove(c.script);
  return f->error.status == FERRET_ERROR_IO ? FERRET_ERROR_IO : FERRET_OK;
}
