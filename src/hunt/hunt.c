/* The hunt campaign (hunt.h).
 *
 *   gen   COUNT scripts from the generator into OUT/NNNNNN.smt2;
 *   bug   until the budget: a formula (generated, or the current one
 *         mutated with the construct or format the agent chose), every
 *         solver run on it at once, the runs checked: a crash, an error on
 *         valid input, a sat whose model ferret's evaluator rejects (even
 *         when every solver agrees), an unsat where a model shows sat
 *         (another solver's, or one ferret's own search finds within
 *         SEARCH_SECONDS; each checked by the evaluator here).  A model
 *         whose truth rests on a value SMT-LIB leaves open (fp.to_ubv out
 *         of range, fp.min of two zeros) settles nothing.  A sat/unsat
 *         disagreement no model settles is logged ("disagree"), not a
 *         finding.  A finding is reduced (the same kind by the same solver
 *         must stay: assertions dropped, then subterms replaced by an
 *         argument of their sort or by +0), saved in OUT/findings with a
 *         header, and grouped by cause (kind, solver, formats and operator
 *         multiset of the reduced formula; for an error its message) in
 *         OUT/causes.tsv; an error with a message seen before is counted
 *         for its cause, not reduced again.  The agent is rewarded 1 for a
 *         finding, else 0.  OUT/log.tsv has every formula's runs,
 *         OUT/ranking.tsv the constructs ranked by the agent.
 *   perf  the same loop, scored by Algorithm 1: the margin is the
 *         target's PAR-2 time over the best reference's; the agent is
 *         rewarded when a mutation widens the margin over its parent's, and
 *         a margin of SLOW_MARGIN or more with a reference answering is a
 *         finding ("slow"), reduced while the margin stays.
 * Timeouts and unsupported-construct errors are logged, never findings. */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/engine.h"
#include "engine/pre.h"
#include "engine/query.h"
#include "smt/eval.h"
#include "smt/model.h"
#include "smt/model_read.h"
#include "hunt/hunt.h"

enum { FIND_NONE, FIND_CRASH, FIND_ERROR, FIND_WRONG_MODEL, FIND_WRONG_UNSAT,
       FIND_DISAGREE, FIND_SLOW, FIND_KINDS };
static const char *const find_name[FIND_KINDS] = {
    "none", "crash", "error", "wrong-model", "wrong-unsat", "disagree", "slow"};

/* Performance mode: a finding when the target's PAR-2 time is at least
 * this many times the best reference's. */
#define SLOW_MARGIN 10.0
/* Bug mode: ferret's own search for a model after an unsat, at most this
 * many seconds (and at most the solvers' time limit). */
#define SEARCH_SECONDS 1.0
/* Time limits from the median (timeout_factor): the lowest limit, the
 * answers needed before the median counts, the answers it is taken over. */
#define TIMEOUT_FLOOR 0.5
enum { MEDIAN_AFTER = 16, MEDIAN_WINDOW = 64 };

typedef struct verdict {
  int kind;       /* FIND_* */
  uint32_t who;   /* the solver at fault (the first one for disagree) */
} verdict;

/* A cause: findings of one kind by one solver whose reduced formulas
 * have the same operators (with their counts) in the same formats. */
typedef struct cause {
  char *key;        /* "KIND\tsolver N\tFORMATS\tOPERATORS" */
  uint64_t count;
  char *first;      /* the first finding's file */
  double seconds;   /* when it was found */
} cause;

typedef struct campaign {
  ferret *f;
  const fer_hunt_config *cfg;
  fer_hunt_stats *st;
  fer_rng rng;
  fer_hunt_run runs[16];
  fer_buf text;
  char script[4096];
  uint64_t reduce_runs;
  uint64_t first_finding; /* resume: the number of the next finding file */
  FER_STACK(cause) causes; /* the findings grouped by cause */
  char last_file[64];      /* the last finding's file name */
  fer_hunt_solver kept[16]; /* persistent: the solvers kept running */
  double limit[16];        /* each solver's time limit */
  double recent[16][MEDIAN_WINDOW]; /* its last answers' seconds (a ring) */
  uint64_t answered[16];
} campaign;

/* ------------------------------------------------------------- checking */

/* Does the model printed after a sat in run r satisfy the formula?  1 yes,
 * 0 no, -1 undecided (no model printed, a variable of the formula missing
 * from it, or its truth depends on a value SMT-LIB leaves open). */
static int model_holds(campaign *c, const fer_hunt_formula *x, const char *text) {
  ferret *f = c->f;
  const char *after = strstr(text, "sat");
  if (!after) return -1;
  after += 3;
  fer_user_seeds seeds;
  fer_user_seeds_init(&seeds);
  fer_model m;
  fer_model_init(&m);
  fer_term_stack vars = {0};
  int v = -1;
  size_t len = strlen(after);
  if (fer_user_seeds_parse(f, after, len, &seeds) != FERRET_OK || !seeds.var.size ||
      !fer_model_reserve(f, &m) || !fer_collect_vars(f, x->a.data, x->a.size, &vars))
    goto done;
  for (size_t i = 0; i < seeds.var.size; i++) {
    fer_term var = seeds.var.data[i];
    if (!var) break; /* a second model: the first one counts */
    fer_term k = fer_value_term(f, fer_term_sort(f, var), seeds.val.data[i]);
    if (!k) goto done;
    m.value[fer_term_idx(f, var, 0)] = k;
  }
  for (size_t i = 0; i < vars.size; i++) /* a variable left out: undecided */
    if (!m.value[fer_term_idx(f, vars.data[i], 0)]) goto done;
  v = fer_model_validate(f, x->a.data, x->a.size, &m);
  /* not evaluated (memory, a width ferret does not evaluate): undecided,
   * never a finding */
  if (v < 0 || f->error.status != FERRET_OK) v = -1;
done:
  fer_error_clear(f);
  fer_user_seeds_release(f, &seeds);
  fer_model_release(f, &m);
  FER_RELEASE(f, vars);
  return v;
}

/* PAR-2 seconds of run i: its time for a definite answer, else twice the
 * time limit. */
static double par2(const campaign *c, uint32_t i) {
  int o = c->runs[i].outcome;
  return o == FER_RUN_SAT || o == FER_RUN_UNSAT ? c->runs[i].seconds : 2 * c->cfg->timeout;
}

/* The target's PAR-2 over the best reference's (Algorithm 1's margin). */
static double margin(const campaign *c) {
  double best = 1e300;
  for (uint32_t i = 1; i < c->cfg->nsolvers; i++) {
    double t = par2(c, i);
    if (t < best) best = t;
  }
  return par2(c, 0) / (best > 0.001 ? best : 0.001);
}

/* The budget of ferret's own search: a deadline. */
static bool search_budget(void *user, fer_engine_request *r) {
  r->budget.deadline = *(const double *)user;
  return true;
}

/* Search for a model of x with ferret itself (the query's one-model
 * search, engine/query.h, under the default options with the campaign's
 * seed, a time limit of SEARCH_SECONDS) and check the model it finds once
 * more with the evaluator here: 1 a model that holds (x is sat: a proof),
 * 0 none found in time. */
static int ferret_finds_model(campaign *c, const fer_hunt_formula *x) {
  ferret *f = c->f;
  double limit = c->cfg->timeout < SEARCH_SECONDS ? c->cfg->timeout : SEARCH_SECONDS;
  double deadline = fer_now() + limit;
  fer_options opt;
  fer_options_init(&opt);
  opt.seed = (int64_t)(c->cfg->seed % 1000000);
  c->st->searches++;
  fer_query q;
  fer_query_init(&q, f, x->a.data, x->a.size);
  q.opt = &opt;
  q.intervals = opt.intervals != 0, q.relations = opt.relations != 0;
  fer_model m;
  fer_model_init(&m);
  fer_outcome o = fer_query_find(&q, &m, search_budget, &deadline);
  int r = o.result == FERRET_SAT && fer_model_validate(f, x->a.data, x->a.size, &m) == 1 &&
          f->error.status == FERRET_OK;
  fer_error_clear(f);
  fer_model_release(f, &m);
  fer_query_release(&q);
  return r;
}

static verdict check(campaign *c, const fer_hunt_formula *x) {
  uint32_t n = c->cfg->nsolvers;
  if (c->cfg->mode == 2) { /* performance: a wide margin, a reference answering */
    bool answered = false;
    for (uint32_t i = 1; i < n; i++) answered |= par2(c, i) < c->cfg->timeout;
    return (verdict){answered && margin(c) >= SLOW_MARGIN ? FIND_SLOW : FIND_NONE, 0};
  }
  int sat = -1, unsat = -1;
  bool model_ok = false;
  for (uint32_t i = 0; i < n; i++) {
    int o = c->runs[i].outcome;
    if (o == FER_RUN_CRASH) return (verdict){FIND_CRASH, i};
    if (o == FER_RUN_ERROR) return (verdict){FIND_ERROR, i};
    if (o == FER_RUN_SAT) {
      int h = model_holds(c, x, c->runs[i].out.data ? c->runs[i].out.data : "");
      if (h == 0) return (verdict){FIND_WRONG_MODEL, i};
      model_ok |= h == 1;
      if (sat < 0) sat = (int)i;
    }
    if (o == FER_RUN_UNSAT && unsat < 0) unsat = (int)i;
  }
  /* an unsat is wrong when a model shows sat: another solver's, checked
   * here, or one ferret finds and this evaluator checks */
  if (unsat >= 0 && (model_ok || ferret_finds_model(c, x)))
    return (verdict){FIND_WRONG_UNSAT, (uint32_t)unsat};
  /* sat against unsat with no proof either way: logged, not a finding */
  if (sat >= 0 && unsat >= 0) return (verdict){FIND_DISAGREE, (uint32_t)sat};
  return (verdict){FIND_NONE, 0};
}

/* A finding to save and count (a disagreement nobody's model settles is
 * only logged). */
static bool counts(verdict v) { return v.kind != FIND_NONE && v.kind != FIND_DISAGREE; }

/* ---------------------------------------------------------------- files */

static int write_file(ferret *f, const char *path, const fer_buf *b) {
  FILE *fp = fopen(path, "w");
  if (!fp) return fer_error(f, FERRET_ERROR_IO, 0, 0, "hunt: cannot write '%s'", path), 0;
  size_t w = b->size ? fwrite(b->data, 1, b->size, fp) : 0;
  int ok = (w == b->size) & (fclose(fp) == 0);
  if (!ok) fer_error(f, FERRET_ERROR_IO, 0, 0, "hunt: cannot write '%s'", path);
  return ok;
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Each solver's time limit: the campaign's, or (timeout_factor) factor
 * times the median of its recent answers, within [TIMEOUT_FLOOR, timeout]. */
static void set_limits(campaign *c) {
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
static int run_formula(campaign *c, const fer_hunt_formula *x) {
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
    ok = write_file(f, c->script, &c->text) &&
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
static void close_solvers(campaign *c) {
  fer_hunt_session_close(c->kept, c->cfg->nsolvers < 16 ? c->cfg->nsolvers : 16);
  c->st->starts = 0;
  for (uint32_t i = 0; i < 16; i++) {
    c->st->starts += c->kept[i].starts;
    c->st->limit[i] = c->limit[i];
  }
}

/* ------------------------------------------------------------ reduction */

/* Does formula x still give finding v? */
static bool still(campaign *c, const fer_hunt_formula *x, verdict v) {
  /* the reduction's budget (a slow formula costs up to the time limit) */
  if (c->reduce_runs >= (v.kind == FIND_SLOW ? 24u : 80u)) return false;
  c->reduce_runs++;
  if (!run_formula(c, x)) return false;
  verdict w = check(c, x);
  return w.kind == v.kind && w.who == v.who;
}

/* t with every occurrence of `from` replaced by `to`. */
static fer_term subst(ferret *f, fer_term t, fer_term from, fer_term to) {
  if (t == from) return to;
  uint32_t n = fer_term_nargs(f, t);
  if (!n || n > 8) return t;
  fer_term a[8];
  bool changed = false;
  for (uint32_t i = 0; i < n; i++) {
    fer_term x = fer_term_arg(f, t, i);
    a[i] = subst(f, x, from, to);
    if (!a[i]) return 0;
    changed |= a[i] != x;
  }
  return changed ? fer_mk(f, fer_term_op(f, t), n, a, fer_term_idx(f, t, 0),
                          fer_term_idx(f, t, 1))
                 : t;
}

/* The FP and Bool inner nodes of t, outermost first (at most cap). */
static void nodes(ferret *f, fer_term t, fer_term *out, uint32_t *n, uint32_t cap) {
  if (*n >= cap || !fer_term_nargs(f, t)) return;
  out[(*n)++] = t;
  for (uint32_t i = 0; i < fer_term_nargs(f, t); i++)
    nodes(f, fer_term_arg(f, t, i), out, n, cap);
}

static void reduce(campaign *c, fer_hunt_formula *x, verdict v) {
  ferret *f = c->f;
  c->reduce_runs = 0;
  fer_hunt_formula y = {{0}};
  /* fewer assertions */
  for (size_t i = x->a.size; i-- > 0 && x->a.size > 1;) {
    if (!fer_hunt_formula_copy(f, x, &y)) break;
    memmove(y.a.data + i, y.a.data + i + 1, (y.a.size - i - 1) * sizeof *y.a.data);
    y.a.size--;
    if (still(c, &y, v)) fer_hunt_formula_copy(f, &y, x);
  }
  /* smaller terms: a node replaced by an argument of its sort, or by a
   * constant (+0, false) */
  for (size_t i = 0; i < x->a.size; i++) {
    fer_term list[64];
    uint32_t n = 0;
    nodes(f, x->a.data[i], list, &n, 64);
    for (uint32_t k = 0; k < n; k++) {
      fer_term t = list[k];
      fer_sort s = fer_term_sort(f, t);
      fer_term cand[9];
      uint32_t nc = 0;
      for (uint32_t j = 0; j < fer_term_nargs(f, t) && nc < 8; j++)
        if (fer_term_sort(f, fer_term_arg(f, t, j)) == s) cand[nc++] = fer_term_arg(f, t, j);
      if (fer_sort_get(f, s)->kind == FER_SORT_FP) cand[nc++] = fer_value_term(f, s, 0);
      for (uint32_t j = 0; j < nc; j++) {
        if (!cand[j] || !fer_hunt_formula_copy(f, x, &y)) continue;
        fer_term r = subst(f, y.a.data[i], t, cand[j]);
        if (!r || r == y.a.data[i]) continue;
        y.a.data[i] = r;
        if (still(c, &y, v)) {
          fer_hunt_formula_copy(f, &y, x);
          n = 0; /* the node list is stale: start this assertion again */
          nodes(f, x->a.data[i], list, &n, 64);
          k = (uint32_t)-1;
          break;
        }
      }
    }
  }
  fer_hunt_formula_release(f, &y);
}

/* ------------------------------------------------------------- campaign */

static void save_finding(campaign *c, const fer_hunt_formula *x, verdict v,
                         uint64_t iter, const char *origin) {
  ferret *f = c->f;
  const fer_hunt_config *cfg = c->cfg;
  run_formula(c, x); /* the answers of the saved (reduced) formula */
  fer_buf h = {0};
  bool ok = fer_buf_printf(f, &h, "; ferret hunt finding: %s by solver %u (%s)\n",
                           find_name[v.kind], v.who + 1, cfg->solvers[v.who]) &&
            fer_buf_printf(f, &h, "; seed %llu, shard %u/%u, formula %llu, from %s\n",
                           (unsigned long long)cfg->seed, cfg->shard + 1, cfg->nshards,
                           (unsigned long long)iter, origin);
  for (uint32_t i = 0; ok && i < cfg->nsolvers; i++)
    ok = fer_buf_printf(f, &h, "; solver %u: %s: %s in %.3f s (exit %d)\n", i + 1,
                        cfg->solvers[i], fer_hunt_outcome_name[c->runs[i].outcome],
                        c->runs[i].seconds, c->runs[i].status);
  ok = ok && fer_buf_add(f, &h, "", 1);
  FER_CLEAR(c->text);
  char path[4096];
  snprintf(path, sizeof path, "%s/findings/%06llu-%s.smt2", cfg->out_dir,
           (unsigned long long)(c->first_finding + c->st->findings), find_name[v.kind]);
  snprintf(c->last_file, sizeof c->last_file, "%06llu-%s.smt2",
           (unsigned long long)(c->first_finding + c->st->findings), find_name[v.kind]);
  if (ok && fer_hunt_script(f, x, h.data, &c->text)) write_file(f, path, &c->text);
  FER_RELEASE(f, h);
  if (!cfg->quiet) fer_diag(f, "hunt: finding %s -> %s\n", find_name[v.kind], path);
}

/* ---------------------------------------------------------------- causes */

typedef struct census {
  uint32_t ops[FER_OP_COUNT];
  uint32_t eb[8], sb[8], nfmt;
} census;

static void take_census(ferret *f, fer_term t, census *k) {
  const fer_sort_info *si = fer_sort_get(f, fer_term_sort(f, t));
  if (si->kind == FER_SORT_FP) {
    uint32_t i = 0;
    while (i < k->nfmt && (k->eb[i] != si->a || k->sb[i] != si->b)) i++;
    if (i == k->nfmt && i < 8) k->eb[i] = si->a, k->sb[i] = si->b, k->nfmt++;
  }
  uint32_t n = fer_term_nargs(f, t);
  if (!n) return;
  k->ops[fer_term_op(f, t)]++;
  for (uint32_t i = 0; i < n; i++) take_census(f, fer_term_arg(f, t, i), k);
}

static const char *op_name(fer_op op) {
  switch (op) {
  case FER_OP_TO_FP_FP: return "to_fp(fp)";
  case FER_OP_TO_FP_SBV: return "to_fp(sbv)";
  case FER_OP_TO_FP_REAL: return "to_fp(real)";
  case FER_OP_TO_FP_BV: return "to_fp(bv)";
  default: return fer_op_table[op].name;
  }
}

/* The cause of finding v on the reduced formula x (fer_malloc'ed). */
static char *cause_key(campaign *c, const fer_hunt_formula *x, verdict v) {
  ferret *f = c->f;
  census k;
  memset(&k, 0, sizeof k);
  for (size_t i = 0; i < x->a.size; i++) take_census(f, x->a.data[i], &k);
  for (uint32_t i = 1; i < k.nfmt; i++) /* formats in order */
    for (uint32_t j = i; j > 0 && (k.eb[j] < k.eb[j - 1] ||
                                   (k.eb[j] == k.eb[j - 1] && k.sb[j] < k.sb[j - 1])); j--) {
      uint32_t e = k.eb[j], m = k.sb[j];
      k.eb[j] = k.eb[j - 1], k.sb[j] = k.sb[j - 1], k.eb[j - 1] = e, k.sb[j - 1] = m;
    }
  fer_buf b = {0};
  bool ok = fer_buf_printf(f, &b, "%s\tsolver %u\t", find_name[v.kind], v.who + 1);
  const bool by_message = v.kind == FIND_ERROR || v.kind == FIND_CRASH;
  if (by_message) k.nfmt = 0, memset(k.ops, 0, sizeof k.ops);
  for (uint32_t i = 0; ok && i < k.nfmt; i++)
    ok = fer_buf_printf(f, &b, "%s%u.%u", i ? "," : "", k.eb[i], k.sb[i]);
  ok = ok && fer_buf_str(f, &b, k.nfmt ? "\t" : "-\t");
  bool any = false;
  for (uint32_t op = 0; ok && op < FER_OP_COUNT; op++)
    if (k.ops[op]) {
      ok = k.ops[op] > 1 ? fer_buf_printf(f, &b, "%s%s*%u", any ? " " : "", op_name(op), k.ops[op])
                         : fer_buf_printf(f, &b, "%s%s", any ? " " : "", op_name(op));
      any = true;
    }
  ok = ok && (any || by_message || fer_buf_str(f, &b, "-"));
  /* an error: its message without places and numbers; a crash: the first
   * lines it printed (an assertion's file and line), or its exit status */
  const char *out = c->runs[v.who].out.data ? c->runs[v.who].out.data : "";
  const char *m = v.kind == FIND_ERROR ? strstr(out, "(error") : out;
  if (ok && v.kind == FIND_CRASH && !*m)
    ok = fer_buf_printf(f, &b, "exit %d", c->runs[v.who].status);
  for (size_t i = 0, lines = 0; ok && by_message && m && m[i] && i < 200; i++) {
    bool digit = m[i] >= '0' && m[i] <= '9';
    if (m[i] == '\n' && (v.kind == FIND_ERROR || ++lines == 3)) break;
    if ((digit && v.kind == FIND_ERROR) || m[i] == '\r') continue;
    ok = fer_buf_add(f, &b, m[i] == '\n' || m[i] == '\t' ? " " : m + i, 1);
  }
  ok = ok && fer_buf_add(f, &b, "", 1);
  char *key = ok ? fer_strdup(f, b.data) : NULL;
  FER_RELEASE(f, b);
  return key;
}

static void release_causes(campaign *c) {
  for (size_t i = 0; i < c->causes.size; i++) {
    cause *k = &c->causes.data[i];
    fer_free(c->f, k->key, strlen(k->key) + 1);
    fer_free(c->f, k->first, strlen(k->first) + 1);
  }
  FER_RELEASE(c->f, c->causes);
}

/* One more finding of its cause (a new cause for a new key). */
static void add_cause_key(campaign *c, char *key, const char *file, double seconds,
                          uint64_t count) {
  ferret *f = c->f;
  if (!key) return;
  for (size_t i = 0; i < c->causes.size; i++)
    if (!strcmp(c->causes.data[i].key, key)) {
      c->causes.data[i].count += count;
      fer_free(f, key, strlen(key) + 1);
      return;
    }
  cause k = {key, count, fer_strdup(f, file), seconds};
  if (!k.first || !FER_PUSH(f, c->causes, k)) {
    fer_free(f, key, strlen(key) + 1);
    if (k.first) fer_free(f, k.first, strlen(k.first) + 1);
  }
}

static bool cause_seen(const campaign *c, const char *key) {
  for (size_t i = 0; i < c->causes.size; i++)
    if (!strcmp(c->causes.data[i].key, key)) return true;
  return false;
}

static void add_cause(campaign *c, const fer_hunt_formula *x, verdict v, double seconds) {
  add_cause_key(c, cause_key(c, x, v), c->last_file, seconds, 1);
}

/* OUT/causes.tsv: a row per cause, the most frequent first. */
static void write_causes(campaign *c) {
  ferret *f = c->f;
  if (c->cfg->mode != 1) return;
  for (size_t i = 1; i < c->causes.size; i++) /* stable: by count, then found first */
    for (size_t j = i; j > 0 && c->causes.data[j].count > c->causes.data[j - 1].count; j--) {
      cause t = c->causes.data[j];
      c->causes.data[j] = c->causes.data[j - 1], c->causes.data[j - 1] = t;
    }
  fer_buf b = {0};
  bool ok = fer_buf_str(f, &b, "kind\tsolver\tformats\toperators\tfindings\tfirst\tseconds\n");
  for (size_t i = 0; ok && i < c->causes.size; i++)
    ok = fer_buf_printf(f, &b, "%s\t%llu\t%s\t%.1f\n", c->causes.data[i].key,
                        (unsigned long long)c->causes.data[i].count, c->causes.data[i].first,
                        c->causes.data[i].seconds);
  char path[4096];
  snprintf(path, sizeof path, "%s/causes.tsv", c->cfg->out_dir);
  if (ok) write_file(f, path, &b);
  FER_RELEASE(f, b);
}

/* Resume: the causes found so far, read back from OUT/causes.tsv. */
static void read_causes(campaign *c) {
  char path[4096];
  snprintf(path, sizeof path, "%s/causes.tsv", c->cfg->out_dir);
  FILE *in = fopen(path, "r");
  if (!in) return;
  char *line = NULL;
  size_t cap = 0;
  ssize_t len;
  for (int row = 0; (len = getline(&line, &cap, in)) > 0; row++) {
    if (!row || line[len - 1] != '\n') continue;
    line[len - 1] = 0;
    /* key = the first four fields; then count, first, seconds */
    char *p = line;
    for (int t = 0; t < 4 && p; t++) p = strchr(p + (t > 0), '\t');
    if (!p) continue;
    *p++ = 0;
    char *end, *file;
    unsigned long long n = strtoull(p, &end, 10);
    if (*end != '\t') continue;
    file = end + 1;
    char *tab = strchr(file, '\t');
    if (!tab) continue;
    *tab = 0;
    add_cause_key(c, fer_strdup(c->f, line), file, strtod(tab + 1, NULL), n);
  }
  free(line);
  fclose(in);
}

static void write_ranking(campaign *c, const fer_hunt_agent *ag) {
  ferret *f = c->f;
  uint32_t order[FER_HUNT_MAX_ARMS];
  fer_hunt_agent_rank(ag, order);
  fer_buf b = {0};
  bool ok = fer_buf_str(f, &b, "rank\tconstruct\tkind\tpulls\trewards\tmean\n");
  static const char *const kinds[] = {"op", "predicate", "rounding-mode", "format"};
  for (uint32_t i = 0; ok && i < ag->narms; i++) {
    char name[64];
    fer_hunt_arm_name(&c->cfg->shape, order[i], name, sizeof name);
    int kind = order[i] < fer_hunt_nconstructs ? fer_hunt_constructs[order[i]].kind : FER_HK_FMT;
    ok = fer_buf_printf(f, &b, "%u\t%s\t%s\t%llu\t%.0f\t%.4f\n", i + 1, name,
                        kinds[kind], (unsigned long long)ag->pulls[order[i]],
                        ag->reward[order[i]], fer_hunt_agent_mean(ag, order[i]));
  }
  char path[4096];
  snprintf(path, sizeof path, "%s/ranking.tsv", c->cfg->out_dir);
  if (ok) write_file(f, path, &b);
  FER_RELEASE(f, b);
}

/* --------------------------------------------------------------- resume */

/* The campaign in out_dir goes on: 1 with *log open for appending, *first
 * the next formula's number, the finding files' next number and the
 * agent's statistics restored; 0 when out_dir has no log (a fresh start);
 * -1 with the error set. */
static int resume(campaign *c, const char *logpath, const char *header,
                  fer_hunt_agent *ag, uint64_t *first, FILE **log) {
  ferret *f = c->f;
  const fer_hunt_config *cfg = c->cfg;
  FILE *in = fopen(logpath, "r");
  if (!in) return 0;
  char *line = NULL;
  size_t cap = 0;
  ssize_t len;
  long keep = 0; /* the log's length without a row cut short */
  int rc = 1;
  for (uint64_t row = 0; (len = getline(&line, &cap, in)) > 0; row++) {
    if (line[len - 1] != '\n') break; /* cut short by a kill: dropped */
    keep += (long)len;
    line[len - 1] = 0;
    if (!row && strcmp(line, header)) {
      rc = -1;
      fer_error(f, FERRET_ERROR_OPTION, 0, 0, "hunt --resume: %s has other columns "
                "(another number of solvers?)", logpath);
      break;
    }
    if (row) *first = strtoull(line, NULL, 10) + 1;
  }
  free(line);
  fclose(in);
  if (rc < 0) return rc;
  if (truncate(logpath, keep) != 0 || !(*log = fopen(logpath, "a"))) {
    fer_error(f, FERRET_ERROR_IO, 0, 0, "hunt: cannot append to '%s'", logpath);
    return -1;
  }
  char path[4096];
  snprintf(path, sizeof path, "%s/findings", cfg->out_dir);
  DIR *d = opendir(path);
  for (struct dirent *e; d && (e = readdir(d));) {
    char *end;
    unsigned long long n = strtoull(e->d_name, &end, 10);
    if (end != e->d_name && *end == '-' && n + 1 > c->first_finding) c->first_finding = n + 1;
  }
  if (d) closedir(d);
  read_causes(c);
  snprintf(path, sizeof path, "%s/ranking.tsv", cfg->out_dir);
  FILE *rk = fopen(path, "r");
  char name[128], arm[64];
  unsigned long long pulls;
  double rewards;
  for (int got; rk && (got = fscanf(rk, "%*u\t%127[^\t]\t%*[^\t]\t%llu\t%lf\t%*f\n",
                                     name, &pulls, &rewards)) != EOF;) {
    if (got != 3) { /* the header */
      if (fscanf(rk, "%*[^\n]\n") == EOF) break;
      continue;
    }
    /* the agent's Beta(1 + rewards, 1 + pulls - rewards) must be proper:
     * Thompson sampling's gamma draws never end on a parameter below 1/3 */
    if (!(rewards >= 0 && rewards <= (double)pulls)) {
      rc = -1;
      fer_error(f, FERRET_ERROR_OPTION, 0, 0, "hunt --resume: %s: '%s' has %g rewards "
                "for %llu pulls (0 <= rewards <= pulls)", path, name, rewards, pulls);
      break;
    }
    for (uint32_t i = 0; i < ag->narms; i++)
      if (!strcmp(fer_hunt_arm_name(&cfg->shape, i, arm, sizeof arm), name)) {
        ag->pulls[i] = pulls, ag->reward[i] = rewards, ag->total += pulls;
        ag->alpha[i] = 1 + rewards, ag->beta[i] = 1 + (double)pulls - rewards;
        break;
      }
  }
  if (rk) fclose(rk);
  if (rc < 0) {
    fclose(*log);
    *log = NULL;
  }
  return rc;
}

static int make_dir(ferret *f, const char *path) {
  if (mkdir(path, 0777) == 0 || errno == EEXIST) return 1;
  fer_error(f, FERRET_ERROR_IO, 0, 0, "hunt: cannot create '%s': %s", path, strerror(errno));
  return 0;
}

static ferret_status generate_only(campaign *c) {
  ferret *f = c->f;
  fer_hunt_formula x = {{0}};
  for (uint64_t i = 0; i < (c->cfg->count ? c->cfg->count : 1); i++) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%06llu.smt2", c->cfg->out_dir, (unsigned long long)i);
    FER_CLEAR(c->text);
    if (!fer_hunt_generate(f, &c->rng, &c->cfg->shape, &x) ||
        !fer_hunt_script(f, &x, NULL, &c->text) || !write_file(f, path, &c->text))
      break;
    c->st->formulas++, c->st->generated++;
  }
  fer_hunt_formula_release(f, &x);
  return f->error.status;
}

int fer_hunt_replay(ferret *f, const fer_hunt_config *cfg, const fer_term *a,
                    size_t n, fer_buf *line) {
  campaign c;
  memset(&c, 0, sizeof c);
  fer_hunt_stats st;
  memset(&st, 0, sizeof st);
  c.f = f, c.cfg = cfg, c.st = &st;
  snprintf(c.script, sizeof c.script, "%s/replay.smt2", cfg->out_dir);
  fer_hunt_formula x = {{0}};
  int ok = 1;
  for (size_t i = 0; ok && i < n; i++) ok = FER_PUSH(f, x.a, a[i]);
  ok = ok && run_formula(&c, &x);
  if (ok) {
    verdict v = check(&c, &x);
    ok = fer_buf_str(f, line, find_name[v.kind]);
    for (uint32_t i = 0; ok && i < cfg->nsolvers; i++)
      ok = fer_buf_printf(f, line, "\t%s %.3f", fer_hunt_outcome_name[c.runs[i].outcome],
                          c.runs[i].seconds);
  }
  remove(c.script);
  close_solvers(&c);
  for (uint32_t i = 0; i < 16; i++) fer_hunt_run_release(f, &c.runs[i]);
  FER_RELEASE(f, c.text);
  fer_hunt_formula_release(f, &x);
  return ok;
}

ferret_status fer_hunt(ferret *f, const fer_hunt_config *cfg, fer_hunt_stats *st) {
  memset(st, 0, sizeof *st);
  st->first_finding = -1;
  campaign c;
  memset(&c, 0, sizeof c);
  c.f = f, c.cfg = cfg, c.st = st;
  uint64_t seed = cfg->seed;
  fer_rng_seed(&c.rng, fer_splitmix64(&seed) ^ ((uint64_t)cfg->shard << 48));
  fer_error_clear(f);
  if (!make_dir(f, cfg->out_dir)) return f->error.status;
  if (cfg->mode == 0) {
    ferret_status gs = generate_only(&c);
    FER_RELEASE(f, c.text);
    return gs;
  }
  char dir[4096];
  snprintf(dir, sizeof dir, "%s/findings", cfg->out_dir);
  if (!make_dir(f, dir)) return f->error.status;
  snprintf(c.script, sizeof c.script, "%s/current.smt2", cfg->out_dir);
  char logpath[4096];
  snprintf(logpath, sizeof logpath, "%s/log.tsv", cfg->out_dir);
  char header[1024];
  int hl = snprintf(header, sizeof header, "formula\torigin\tfinding\tmargin");
  for (uint32_t i = 0; i < cfg->nsolvers; i++)
    hl += snprintf(header + hl, sizeof header - (size_t)hl, "\tanswer%u\tseconds%u", i + 1, i + 1);
  fer_hunt_agent ag;
  fer_hunt_agent_init(&ag, cfg->agent, fer_hunt_narms(&cfg->shape));
  uint64_t first = 0; /* the first formula's number in the log */
  FILE *log = NULL;
  int resumed = cfg->resume ? resume(&c, logpath, header, &ag, &first, &log) : 0;
  if (resumed < 0) return f->error.status;
  if (resumed) { /* a seed stream of its own for the rest of the campaign */
    seed = cfg->seed ^ (first * 0x9e3779b97f4a7c15u);
    fer_rng_seed(&c.rng, fer_splitmix64(&seed) ^ ((uint64_t)cfg->shard << 48));
    if (!cfg->quiet)
      fer_diag(f, "hunt: resuming at formula %llu (finding %llu next)\n",
               (unsigned long long)first, (unsigned long long)c.first_finding);
  } else {
    if (!(log = fopen(logpath, "w")))
      return fer_error(f, FERRET_ERROR_IO, 0, 0, "hunt: cannot write '%s'", logpath);
    fprintf(log, "%s\n", header);
  }
  fer_hunt_formula cur = {{0}}, next = {{0}};
  double cur_margin = 0;
  double t0 = fer_now();
  for (uint64_t iter = 0; !cfg->count || iter < cfg->count; iter++) {
    if (cfg->budget > 0 && fer_now() - t0 >= cfg->budget) break;
    if (atomic_load(&f->interrupt)) break;
    int arm = -1;
    bool fresh = cfg->agent == FER_AGENT_NONE || !cur.a.size || iter % 16 == 0;
    if (!fresh) {
      arm = (int)fer_hunt_agent_choose(&ag, &c.rng);
      if (!fer_hunt_mutate(f, &c.rng, &cfg->shape, &cur, (uint32_t)arm, &next)) {
        fer_hunt_agent_update(&ag, (uint32_t)arm, 0); /* nothing to mutate */
        fresh = true, arm = -1;
      }
    }
    if (fresh && !fer_hunt_generate(f, &c.rng, &cfg->shape, &next)) break;
    st->formulas++;
    if (fresh) st->generated++;
    else st->mutated++;
    if (!run_formula(&c, &next)) break;
    verdict v = check(&c, &next);
    char arm_name[64];
    const char *origin = arm >= 0 ? fer_hunt_arm_name(&cfg->shape, (uint32_t)arm, arm_name,
                                                      sizeof arm_name)
                                  : "generate";
    double mg = cfg->nsolvers > 1 ? margin(&c) : 0;
    fprintf(log, "%llu\t%s\t%s\t%.3f", (unsigned long long)(first + iter), origin,
            find_name[v.kind], mg);
    for (uint32_t i = 0; i < cfg->nsolvers; i++)
      fprintf(log, "\t%s\t%.4f", fer_hunt_outcome_name[c.runs[i].outcome], c.runs[i].seconds);
    fprintf(log, "\n");
    fflush(log);
    st->disagreements += v.kind == FIND_DISAGREE;
    /* an error or crash whose message is known already: counted for its
     * cause, neither reduced nor saved again, nor rewarded (one
     * invalid-size complaint would otherwise fill the campaign) */
    char *known = v.kind == FIND_ERROR || v.kind == FIND_CRASH ? cause_key(&c, &next, v) : NULL;
    if (known && !cause_seen(&c, known)) fer_free(f, known, strlen(known) + 1), known = NULL;
    /* the reward: a finding of a new cause (bug mode), a wider margin
     * than the parent's (performance mode, Algorithm 1) */
    if (arm >= 0)
      fer_hunt_agent_update(&ag, (uint32_t)arm,
                            cfg->mode == 2 ? mg > cur_margin : counts(v) && !known);
    cur_margin = mg;
    if (known) {
      add_cause_key(&c, known, "", 0, 1);
      write_causes(&c);
      st->findings++;
      st->by_kind[v.kind]++;
    } else if (counts(v)) {
      fer_hunt_formula red = {{0}};
      if (st->first_finding < 0) st->first_finding = fer_now() - t0;
      if (fer_hunt_formula_copy(f, &next, &red)) {
        if (cfg->reduce) reduce(&c, &red, v);
        save_finding(&c, &red, v, first + iter, origin);
        add_cause(&c, &red, v, fer_now() - t0);
        write_causes(&c);
      }
      fer_hunt_formula_release(f, &red);
      st->findings++;
      st->by_kind[v.kind]++;
    }
    fer_hunt_formula_copy(f, &next, &cur);
    if (iter % 32 == 31) write_ranking(&c, &ag);
    if (cfg->progress) {
      ferret_hunt_progress p = {st->formulas, st->runs, st->findings, fer_now() - t0,
                                cfg->budget};
      cfg->progress(cfg->progress_user, &p);
    }
  }
  write_ranking(&c, &ag);
  write_causes(&c);
  st->seconds = fer_now() - t0;
  st->causes = c.causes.size;
  close_solvers(&c);
  fclose(log);
  release_causes(&c);
  for (uint32_t i = 0; i < 16; i++) fer_hunt_run_release(f, &c.runs[i]);
  FER_RELEASE(f, c.text);
  fer_hunt_formula_release(f, &cur);
  fer_hunt_formula_release(f, &next);
  remove(c.script);
  return f->error.status == FERRET_ERROR_IO ? FERRET_ERROR_IO : FERRET_OK;
}
