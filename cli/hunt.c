/* ferret hunt: bugs in SMT solvers (BanditFuzz with exact model checks).
 *
 *   ferret hunt gen [-n N] [--seed S] [SHAPE] -o DIR
 *   ferret hunt [--mode bug] --target CMD [--reference CMD]... [--budget S]
 *               [--timeout S] [--seed S] [--agent A] [--shard I/N]
 *               [--count N] [--no-reduce] [--resume] [SHAPE] -o DIR
 *   ferret hunt replay DIR --target CMD [--reference CMD]...
 *   SHAPE: --vars N --asserts N --depth N --formats 16,32,64,4.6 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int number(const char *flag, const char *v, double *out) {
  char *end;
  if (!v || !*v) return usage_error("%s needs a number", flag);
  double x = strtod(v, &end);
  if (*end || x < 0) return usage_error("bad number '%s'", v);
  *out = x;
  return 0;
}

int run_hunt(ferret *f, int argc, char **argv, int i) {
  ferret_hunt_options o;
  ferret_hunt_options_init(&o);
  const char *solvers[16];
  size_t ns = 0;
  const char *target = NULL;
  int rc = 0;
  if (i < argc && !strcmp(argv[i], "gen")) o.mode = "gen", i++;
  if (i < argc && !strcmp(argv[i], "replay")) { /* replay DIR */
    o.mode = "replay", i++;
    if (i < argc && argv[i][0] != '-') o.out_dir = argv[i++];
  }
  for (; i < argc && !rc; i++) {
    const char *a = argv[i], *v;
    double x = 0;
    if (is_flag(a, "-o") || is_flag(a, "--out")) {
      if (!(o.out_dir = flag_value(argc, argv, &i, a[1] == 'o' ? 2 : 5)))
        return usage_error("%s", "-o needs a directory");
    } else if (is_flag(a, "--mode")) {
      if (!(o.mode = flag_value(argc, argv, &i, 6))) return usage_error("%s", "--mode needs gen or bug");
    } else if (is_flag(a, "--target")) {
      if (!(target = flag_value(argc, argv, &i, 8))) return usage_error("%s", "--target needs a command");
    } else if (is_flag(a, "--reference")) {
      if (!(v = flag_value(argc, argv, &i, 11))) return usage_error("%s", "--reference needs a command");
      if (ns == 15) return usage_error("%s", "at most 15 references");
      solvers[1 + ns++] = v;
    } else if (is_flag(a, "-n") || is_flag(a, "--count")) {
      rc = number(a, flag_value(argc, argv, &i, a[1] == 'n' ? 2 : 7), &x);
      o.count = (uint64_t)x;
    } else if (is_flag(a, "--budget")) {
      rc = number(a, flag_value(argc, argv, &i, 8), &o.budget);
    } else if (is_flag(a, "--timeout")) {
      rc = number(a, flag_value(argc, argv, &i, 9), &o.timeout);
    } else if (is_flag(a, "--seed")) {
      rc = number(a, flag_value(argc, argv, &i, 6), &x);
      o.seed = (uint64_t)x;
    } else if (is_flag(a, "--agent")) {
      if (!(o.agent = flag_value(argc, argv, &i, 7))) return usage_error("%s", "--agent needs a name");
    } else if (is_flag(a, "--shard")) {
      v = flag_value(argc, argv, &i, 7);
      unsigned s = 0, n = 0;
      char end;
      if (!v || sscanf(v, "%u/%u%c", &s, &n, &end) != 2 || s < 1 || s > n)
        return usage_error("--shard is I/N with 1 <= I <= N, not '%s'", v ? v : "");
      o.shard = s - 1, o.nshards = n; /* the API counts from 0 */
    } else if (is_flag(a, "--vars") || is_flag(a, "--asserts") || is_flag(a, "--depth")) {
      size_t len = strcspn(a, "=");
      rc = number(a, flag_value(argc, argv, &i, len), &x);
      if (a[2] == 'v') o.vars = (uint32_t)x;
      else if (a[2] == 'a') o.asserts = (uint32_t)x;
      else o.depth = (uint32_t)x;
    } else if (is_flag(a, "--formats")) {
      if (!(o.formats = flag_value(argc, argv, &i, 9))) return usage_error("%s", "--formats needs a list");
    } else if (!strcmp(a, "--no-reduce")) {
      o.no_reduce = 1;
    } else if (!strcmp(a, "--resume")) {
      o.resume = 1;
    } else {
      rc = usage_error("unknown hunt option '%s'", a);
    }
  }
  if (rc) return rc;
  if (target) solvers[0] = target;
  else if (ns) return usage_error("%s", "--reference without --target");
  o.solvers = target ? solvers : NULL, o.nsolvers = target ? ns + 1 : 0;
  install_signals(f);
  uint64_t found = 0;
  ferret_status st = ferret_hunt(f, &o, &found);
  signal_ctx = NULL;
  if (st != FERRET_OK) {
    fprintf(stderr, "ferret: %s\n", ferret_error(f)->message);
    return st == FERRET_ERROR_OPTION ? EXIT_USAGE : EXIT_ERROR;
  }
  return 0;
}
