/* The hunt call of the public API (ferret.h, "hunt"): options checked and
 * turned into the job's configuration (hunt/hunt.h). */
#include <dirent.h>
#include <stdio.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "base/context.h"
#include "base/process.h"
#include "smt/print.h"
#include "hunt/hunt.h"
#include "api/smt_query.h"

void ferret_hunt_options_init(ferret_hunt_options *o) {
  memset(o, 0, sizeof *o);
  o->mode = "bug", o->timeout = 5, o->seed = 1, o->nshards = 1;
  o->agent = "thompson", o->vars = 2, o->asserts = 2, o->depth = 3;
  o->timeout_factor = 5; /* docs/hunt.md: the replay of the hour campaigns */
}

/* "2.3,16,bf16" -> the shape's formats (repeats dropped); 0 with *bad
 * the first bad item. */
static bool formats(const char *s, fer_hunt_shape *shape, const char **bad, size_t *badlen) {
  shape->nformats = 0;
  while (*s) {
    size_t n = strcspn(s, ",");
    uint32_t eb, sb, k = 0;
    *bad = s, *badlen = n;
    if (!fer_hunt_parse_format(s, n, &eb, &sb)) return false;
    while (k < shape->nformats && (shape->eb[k] != eb || shape->sb[k] != sb)) k++;
    if (k == shape->nformats) {
      if (k == FER_HUNT_MAX_FORMATS) return false;
      shape->eb[k] = eb, shape->sb[k] = sb, shape->nformats++;
    }
    s += n + (s[n] == ',');
  }
  *bad = s, *badlen = 0;
  return shape->nformats != 0;
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static void quiet(void *user, const char *text, size_t len) {
  (void)user, (void)text, (void)len;
}

/* Replay: each .smt2 file of out_dir/findings, read back in a context of its
 * own, run and checked again; one line per file on the output channel:
 * FILE, then what the solvers' answers make of it now ("none": the
 * finding is gone), then each solver's answer and seconds. */
static ferret_status replay(ferret *f, const fer_hunt_config *cfg, uint64_t *still) {
  char dir[4096];
  snprintf(dir, sizeof dir, "%s/findings", cfg->out_dir);
  DIR *d = opendir(dir);
  if (!d) return fer_error(f, FERRET_ERROR_IO, 0, 0, "hunt replay: cannot read '%s'", dir);
  FER_STACK(char *) names = {0};
  bool ok = true;
  for (struct dirent *e; ok && (e = readdir(d));) {
    size_t n = strlen(e->d_name);
    if (n < 6 || strcmp(e->d_name + n - 5, ".smt2")) continue;
    char *s = fer_strdup(f, e->d_name);
    ok = s && FER_PUSH(f, names, s);
  }
  closedir(d);
  if (names.size) qsort(names.data, names.size, sizeof *names.data, by_name);
  for (size_t i = 0; ok && i < names.size; i++) {
    char path[8192];
    snprintf(path, sizeof path, "%s/%s", dir, names.data[i]);
    ferret *g = ferret_new();
    fer_buf line = {0};
    if (!g) break;
    ferret_set_output(g, quiet, NULL);
    ferret_set_diagnostic(g, quiet, NULL);
    ferret_set_option(g, "parse_only", "1");
    const fer_term *a;
    size_t n;
    if (ferret_execute_file(g, path) == FERRET_OK) {
      fer_smt_query(g, &a, &n);
      if (fer_hunt_replay(g, cfg, a, n, &line) && fer_buf_add(g, &line, "", 1)) {
        fer_printf(f, "%s\t%s\n", names.data[i], line.data);
        *still += strncmp(line.data, "none", 4) != 0;
      }
    } else {
      fer_printf(f, "%s\tunreadable: %s\n", names.data[i], ferret_error(g)->message);
    }
    FER_RELEASE(g, line);
    ferret_delete(g);
  }
  for (size_t i = 0; i < names.size; i++) fer_free(f, names.data[i], strlen(names.data[i]) + 1);
  FER_RELEASE(f, names);
  return ok ? FERRET_OK : f->error.status;
}

ferret_status ferret_hunt(ferret *f, const ferret_hunt_options *o,
                          uint64_t *findings) {
  FER_REQUIRE(f, f && o, "NULL argument");
  FER_REQUIRE(f, o->solvers || !o->nsolvers, "NULL solvers");
  if (findings) *findings = 0;
  fer_hunt_config cfg;
  memset(&cfg, 0, sizeof cfg);
  const char *mode = o->mode ? o->mode : "bug";
  if (!strcmp(mode, "gen")) cfg.mode = 0;
  else if (!strcmp(mode, "bug")) cfg.mode = 1;
  else if (!strcmp(mode, "perf")) cfg.mode = 2;
  else if (!strcmp(mode, "replay")) cfg.mode = 3;
  else return fer_error(f, FERRET_ERROR_OPTION, 0, 0, "hunt: mode is gen, bug or perf, not '%s'", mode);
  if (cfg.mode == 2 && o->nsolvers < 2)
    return fer_error(f, FERRET_ERROR_OPTION, 0, 0, "hunt: perf mode needs a --reference");
  if (!o->out_dir || !*o->out_dir)
    return fer_error(f, FERRET_ERROR_OPTION, 0, 0, "hunt: no output directory");
  if (cfg.mode != 0 && !o->nsolvers)
    return fer_error(f, FERRET_ERROR_OPTION, 0, 0, "hunt: no solver (a --target at least)");
  if (o->nsolvers > 16)
    return fer_error(f, FERRET_ERROR_OPTION, 0, 0, "hunt: at most 16 solvers");
  for (size_t i = 0; i < o->nsolvers; i++)
    if (!fer_proc_command_found(o->solvers[i]))
      return fer_error(f, FERRET_ERROR_OPTION, 0, 0, "hunt: '%s' not found", o->solvers[i]);
  cfg.agent = -1;
  for (int a = 0; a <= FER_AGENT_NONE; a++)
    if (!strcmp(o->agent ? o->agent : "thompson", fer_hunt_agent_name[a])) cfg.agent = a;
  if (cfg.agent < 0)
    return fer_error(f, FERRET_ERROR_OPTION, 0, 0,
                     "hunt: agent is thompson, ucb1, egreedy, random or none");
  if (o->nshards < 1 || o->shard >= o->nshards)
    return fer_error(f, FERRET_ERROR_OPTION, 0, 0, "hunt: shard i/n needs i < n");
  if (!o->vars || !o->asserts || o->depth > 12 || o->vars > 64 || o->asserts > 64)
    return fer_error(f, FERRET_ERROR_OPTION, 0, 0,
                     "hunt: vars and asserts 1..64, depth at most 12");
  fer_hunt_shape shape = {o->vars, o->asserts, o->depth, 0, {0}, {0}};
  fer_hunt_default_formats(&shape);
  const char *bad;
  size_t badlen;
  if (o->formats && !formats(o->formats, &shape, &bad, &badlen))
    return fer_error(f, FERRET_ERROR_OPTION, 0, 0,
                     "hunt: bad format '%.*s': formats are EB.SB (2 <= EB <= 30, 2 <= SB, "
                     "EB + SB <= 128) or 16, 32, 64, 128, bf16, tf32, at most %d",
                     (int)(badlen > 40 ? 40 : badlen), bad, FER_HUNT_MAX_FORMATS);
  cfg.out_dir = o->out_dir, cfg.solvers = o->solvers, cfg.nsolvers = (uint32_t)o->nsolvers;
  cfg.budget = o->budget, cfg.count = cfg.mode == 0 && !o->count ? 10 : o->count;
  cfg.timeout = o->timeout > 0 ? o->timeout : 5, cfg.seed = o->seed;
  cfg.shard = o->shard, cfg.nshards = o->nshards;
  cfg.shape = shape;
  cfg.reduce = !o->no_reduce, cfg.resume = o->resume != 0;
  cfg.persistent = o->persistent != 0;
  if (o->timeout_factor < 0)
    return fer_error(f, FERRET_ERROR_OPTION, 0, 0, "hunt: timeout_factor is at least 0");
  cfg.timeout_factor = o->timeout_factor;
  cfg.progress = o->progress, cfg.progress_user = o->progress_user;
  atomic_store(&f->interrupt, 0);
  if (cfg.mode == 3) {
    cfg.mode = 1; /* checked as in bug mode */
    return replay(f, &cfg, findings ? findings : &(uint64_t){0});
  }
  fer_hunt_stats st;
  ferret_status s = fer_hunt(f, &cfg, &st);
  if (findings) *findings = st.findings;
  if (cfg.mode)
    fer_diag(f, "hunt: %llu formulas (%llu generated, %llu mutated), %llu solver runs, "
                "%llu findings\n",
             (unsigned long long)st.formulas, (unsigned long long)st.generated,
             (unsigned long long)st.mutated, (unsigned long long)st.runs,
             (unsigned long long)st.findings);
  if (cfg.mode == 1) {
    char first[32] = "none";
    if (st.first_finding >= 0) snprintf(first, sizeof first, "%.1f s", st.first_finding);
    fer_diag(f, "hunt: %.2f formulas/s, %llu distinct causes (causes.tsv), first finding %s, "
                "%llu disagreements without proof (logged), %llu searches by ferret\n",
             st.seconds > 0 ? (double)st.formulas / st.seconds : 0.0,
             (unsigned long long)st.causes, first, (unsigned long long)st.disagreements,
             (unsigned long long)st.searches);
    if (st.unreduced)
      fer_diag(f, "hunt: %llu findings counted for their cause unreduced (the first 3 of the "
                  "same kind, solver, formats and operators reduced to it), not saved\n",
               (unsigned long long)st.unreduced);
  }
  if (cfg.mode && (cfg.persistent || (cfg.mode == 1 && cfg.timeout_factor > 0))) {
    fer_diag(f, "hunt: time limits");
    for (uint32_t i = 0; i < cfg.nsolvers; i++)
      fer_diag(f, "%s %.2f s", i ? "," : "", st.limit[i]);
    if (cfg.persistent)
      fer_diag(f, "; %llu solver processes started", (unsigned long long)st.starts);
    fer_diag(f, "\n");
  }
  return s;
}
