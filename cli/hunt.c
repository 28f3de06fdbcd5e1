/* ferret hunt: bugs in SMT solvers (BanditFuzz with exact model checks).
 *
 *   ferret hunt gen [-n N] [--seed S] [SHAPE] -o DIR
 *   ferret hunt [--mode bug] --target CMD [--reference CMD]... [--budget S]
 *               [--timeout S] [--seed S] [--agent A] [--shard I/N]
 *               [--count N] [--no-reduce] [--resume] [--persistent]
 *               [--timeout-factor K] [SHAPE] -o DIR
 *   ferret hunt replay DIR --target CMD [--reference CMD]...
 *   SHAPE: --vars N --asserts N --depth N --formats 2.3,16,bf16,... */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "args.h"
#include "cli.h"

/* The progress line of a campaign, twice a second at most. */
typedef struct progress_line {
  double last;
  bool shown;
} progress_line;

static void show_progress(void *user, const ferret_hunt_progress *p) {
  progress_line *l = user;
  if (p->elapsed - l->last < 0.5 && l->shown) return;
  l->last = p->elapsed, l->shown = true;
  fprintf(stderr, "\rformulas %llu  runs %llu  findings %llu  %.1f formulas/s  %.0f",
          (unsigned long long)p->formulas, (unsigned long long)p->runs,
          (unsigned long long)p->findings,
          p->elapsed > 0 ? (double)p->formulas / p->elapsed : 0.0, p->elapsed);
  if (p->budget > 0) fprintf(stderr, " of %.0f", p->budget);
  fprintf(stderr, " s ");
}

/* Diagnostics end the progress line first. */
static void diagnostic(void *user, const char *text, size_t len) {
  progress_line *l = user;
  if (l->shown) fputc('\n', stderr);
  l->shown = false;
  fwrite(text, 1, len, stderr);
}

/* A campaign's directory holds a campaign when it has a log. */
static bool holds_campaign(const char *dir) {
  char path[4096];
  snprintf(path, sizeof path, "%s/log.tsv", dir);
  struct stat st;
  return stat(path, &st) == 0;
}

int run_hunt(ferret *f, const cli_args *a) {
  ferret_hunt_options o;
  ferret_hunt_options_init(&o);
  const char *solvers[16], *v;
  size_t ns = 0;
  const char *target = cli_value(a, "target");
  o.mode = a->sub == SUB_HUNT_GEN ? "gen" : a->sub == SUB_HUNT_REPLAY ? "replay"
                                                                     : cli_value(a, "mode");
  o.out_dir = a->sub == SUB_HUNT_REPLAY ? a->pos[0] : cli_value(a, "output");
  for (size_t g = 0; g < a->ngiven; g++)
    if (!strcmp(a->given[g].opt->name, "reference")) {
      if (ns == 15) return cli_usage(a->sub, "--reference: at most 15");
      solvers[1 + ns++] = a->given[g].value;
    }
  o.count = (uint64_t)cli_int(a, "count", (int64_t)o.count);
  o.budget = cli_time(a, "budget", o.budget);
  o.timeout = cli_time(a, "timeout", o.timeout);
  o.seed = (uint64_t)cli_int(a, "seed", (int64_t)o.seed);
  if ((v = cli_value(a, "agent"))) o.agent = v;
  if ((v = cli_value(a, "shard"))) {
    unsigned s = 0, n = 0;
    char end;
    if (sscanf(v, "%u/%u%c", &s, &n, &end) != 2 || s < 1 || s > n)
      return cli_usage(a->sub, "--shard is I/N with 1 <= I <= N, not '%s'", v);
    o.shard = s - 1, o.nshards = n; /* the API counts from 0 */
  }
  o.vars = (uint32_t)cli_int(a, "vars", o.vars);
  o.asserts = (uint32_t)cli_int(a, "asserts", o.asserts);
  o.depth = (uint32_t)cli_int(a, "depth", o.depth);
  if ((v = cli_value(a, "formats"))) o.formats = v;
  if ((v = cli_value(a, "reduce"))) o.no_reduce = !strcmp(v, "0");
  o.resume = cli_flag(a, "resume");
  o.persistent = cli_flag(a, "persistent");
  o.timeout_factor = (double)cli_int(a, "timeout-factor", (long long)o.timeout_factor);
  if (!o.out_dir) return cli_usage(a->sub, "no output directory (-o DIR)");
  if (a->sub != SUB_HUNT_GEN && !target)
    return cli_usage(a->sub, "no solver to test (--target CMD)");
  if (a->sub == SUB_HUNT && holds_campaign(o.out_dir) && !o.resume &&
      !cli_flag(a, "force"))
    return cli_usage(a->sub, "'%s' holds a campaign (%s/log.tsv): --resume goes on with it, "
                     "--force starts it over", o.out_dir, o.out_dir);
  if (target) solvers[0] = target;
  o.solvers = target ? solvers : NULL, o.nsolvers = target ? ns + 1 : 0;
  progress_line line = {0, false};
  if (a->sub == SUB_HUNT && (isatty(2) || ferret_get_option(f, "verbose") > 0))
    o.progress = show_progress, o.progress_user = &line,
    ferret_set_diagnostic(f, diagnostic, &line);
  install_signals(f);
  uint64_t found = 0;
  ferret_status st = ferret_hunt(f, &o, &found);
  signal_ctx = NULL;
  if (line.shown) fprintf(stderr, "\n");
  if (st != FERRET_OK) {
    fprintf(stderr, "ferret %s: %s\n", cli_subs[a->sub].name, ferret_error(f)->message);
    return st == FERRET_ERROR_OPTION ? EXIT_USAGE : EXIT_ERROR;
  }
  return 0;
}
