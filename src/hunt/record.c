/* The campaign's files besides the log and the causes (hunt_internal.h):
 * a finding saved in OUT/findings with a header, a disagreement no model
 * settles in OUT/disagree, OUT/ranking.tsv, and a
 * campaign resumed from its directory (log, finding numbers, causes and
 * the agent's statistics). */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hunt/hunt_internal.h"

int fer_hunt_write_file(ferret *f, const char *path, const fer_buf *b) {
  FILE *fp = fopen(path, "w");
  if (!fp) return fer_error(f, FERRET_ERROR_IO, 0, 0, "hunt: cannot write '%s'", path), 0;
  size_t w = b->size ? fwrite(b->data, 1, b->size, fp) : 0;
  int ok = (w == b->size) & (fclose(fp) == 0);
  if (!ok) fer_error(f, FERRET_ERROR_IO, 0, 0, "hunt: cannot write '%s'", path);
  return ok;
}

/* ------------------------------------------------------------- findings */

/* The header lines after the first: the campaign's seed, the formula's
 * number and origin, and every solver's answer in c->runs (no
 * terminating 0). */
static bool run_lines(fer_hunt_campaign *c, fer_buf *h, uint64_t iter, const char *origin) {
  ferret *f = c->f;
  const fer_hunt_config *cfg = c->cfg;
  bool ok = fer_buf_printf(f, h, "; seed %llu, shard %u/%u, formula %llu, from %s\n",
                           (unsigned long long)cfg->seed, cfg->shard + 1, cfg->nshards,
                           (unsigned long long)iter, origin);
  for (uint32_t i = 0; ok && i < cfg->nsolvers; i++)
    ok = fer_buf_printf(f, h, "; solver %u: %s: %s in %.3f s (exit %d)\n", i + 1,
                        cfg->solvers[i], fer_hunt_outcome_name[c->runs[i].outcome],
                        c->runs[i].seconds, c->runs[i].status);
  return ok;
}

/* "; unreduced formula: formats F, operators O" from the unreduced
 * formula's cause key (kind, solver, formats, operators; tab-separated). */
static bool unreduced_line(ferret *f, fer_buf *h, const char *pre) {
  const char *fmts = strchr(pre, '\t');
  fmts = fmts ? strchr(fmts + 1, '\t') : NULL;
  const char *ops = fmts ? strchr(fmts + 1, '\t') : NULL;
  if (!ops) return true;
  return fer_buf_printf(f, h, "; unreduced formula: formats %.*s, operators %s\n",
                        (int)(ops - fmts - 1), fmts + 1, ops + 1);
}

void fer_hunt_save_finding(fer_hunt_campaign *c, const fer_hunt_formula *x, fer_hunt_verdict v,
                           uint64_t iter, const char *origin, const char *pre) {
  ferret *f = c->f;
  const fer_hunt_config *cfg = c->cfg;
  fer_hunt_run_formula(c, x); /* the answers of the saved (reduced) formula */
  fer_buf h = {0};
  bool ok = fer_buf_printf(f, &h, "; ferret hunt finding: %s by solver %u (%s)\n",
                           fer_hunt_find_name[v.kind], v.who + 1, cfg->solvers[v.who]) &&
            run_lines(c, &h, iter, origin) &&
            (!pre || v.kind == FIND_CRASH || v.kind == FIND_ERROR || unreduced_line(f, &h, pre)) &&
            fer_buf_add(f, &h, "", 1);
  FER_CLEAR(c->text);
  char path[4096];
  snprintf(path, sizeof path, "%s/findings/%06llu-%s.smt2", cfg->out_dir,
           (unsigned long long)(c->first_finding + c->st->findings), fer_hunt_find_name[v.kind]);
  snprintf(c->last_file, sizeof c->last_file, "%06llu-%s.smt2",
           (unsigned long long)(c->first_finding + c->st->findings), fer_hunt_find_name[v.kind]);
  if (ok && fer_hunt_script(f, x, h.data, &c->text)) fer_hunt_write_file(f, path, &c->text);
  FER_RELEASE(f, h);
  if (!cfg->quiet) fer_diag(f, "hunt: finding %s -> %s\n", fer_hunt_find_name[v.kind], path);
}

void fer_hunt_save_disagreement(fer_hunt_campaign *c, const fer_hunt_formula *x, uint64_t iter,
                                const char *origin) {
  ferret *f = c->f;
  const fer_hunt_config *cfg = c->cfg;
  uint32_t sat = 0, unsat = 0;
  while (sat < cfg->nsolvers && c->runs[sat].outcome != FER_RUN_SAT) sat++;
  while (unsat < cfg->nsolvers && c->runs[unsat].outcome != FER_RUN_UNSAT) unsat++;
  if (sat == cfg->nsolvers || unsat == cfg->nsolvers) return;
  char path[4096];
  snprintf(path, sizeof path, "%s/disagree", cfg->out_dir);
  if (!fer_hunt_make_dir(f, path)) return;
  fer_buf h = {0}, text = {0};
  bool ok = fer_buf_printf(f, &h,
                           "; ferret hunt disagreement: sat by solver %u, unsat by solver %u, "
                           "no checked model settles it\n",
                           sat + 1, unsat + 1) &&
            run_lines(c, &h, iter, origin) && fer_buf_add(f, &h, "", 1);
  snprintf(path, sizeof path, "%s/disagree/%06llu.smt2", cfg->out_dir, (unsigned long long)iter);
  if (ok && fer_hunt_script(f, x, h.data, &text)) fer_hunt_write_file(f, path, &text);
  FER_RELEASE(f, h);
  FER_RELEASE(f, text);
}

void fer_hunt_write_ranking(fer_hunt_campaign *c, const fer_hunt_agent *ag) {
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
  if (ok) fer_hunt_write_file(f, path, &b);
  FER_RELEASE(f, b);
}

/* --------------------------------------------------------------- resume */

/* The campaign in out_dir goes on: 1 with *log open for appending, *first
 * the next formula's number, the finding files' next number and the
 * agent's statistics restored; 0 when out_dir has no log (a fresh start);
 * -1 with the error set. */
int fer_hunt_resume(fer_hunt_campaign *c, const char *logpath, const char *header,
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
  fer_hunt_read_causes(c);
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

int fer_hunt_make_dir(ferret *f, const char *path) {
  if (mkdir(path, 0777) == 0 || errno == EEXIST) return 1;
  fer_error(f, FERRET_ERROR_IO, 0, 0, "hunt: cannot create '%s': %s", path, strerror(errno));
  return 0;
}
