/* The ferret command-line tool: a client of the public API only.
 *
 *   ferret [SUB-COMMAND] [OPTIONS] ARGUMENTS
 *
 * The sub-commands and their options are the tables of args.c; this file
 * dispatches, runs solve, opt and smt2c, and holds what the sub-commands
 * share (signals, files read whole). */
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "args.h"
#include "cli.h"

/* Signals: the first SIGINT/SIGTERM asks the running check-sat to stop (it
 * answers unknown, reason "interrupted", and the rest of the script runs
 * without searching); a second one ends the process at once.  The
 * context pointer is the only global, and it lives in the CLI, not in the
 * library. */
ferret *volatile signal_ctx;
static volatile sig_atomic_t signals_seen;

static void on_signal(int sig) {
  if (signals_seen++ || !signal_ctx) {
    static const char msg[] = "ferret: interrupted twice, exiting\n";
    ssize_t ignored = write(2, msg, sizeof msg - 1);
    (void)ignored;
    _exit(128 + sig);
  }
  ferret_interrupt(signal_ctx);
}

bool interrupted(void) { return signals_seen != 0; }

void install_signals(ferret *f) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  signal_ctx = f;
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
}

/* A whole file into memory (malloc'ed, *len set); NULL with errno set if
 * unreadable (EISDIR for a directory). */
char *read_all(const char *path, size_t *len) {
  FILE *fp = !strcmp(path, "-") ? stdin : fopen(path, "rb");
  if (!fp) return NULL;
  char *text = NULL;
  size_t cap = 0, got;
  *len = 0;
  int err = 0;
  do {
    if (*len + 65536 > cap) {
      char *t = realloc(text, cap = 2 * cap + 65536);
      if (!t) {
        err = ENOMEM;
        break;
      }
      text = t;
    }
    got = fread(text + *len, 1, cap - *len, fp);
    *len += got;
  } while (got);
  if (!err && ferror(fp)) err = errno ? errno : EIO;
  if (fp != stdin) fclose(fp);
  if (err) {
    free(text);
    errno = err;
    return NULL;
  }
  return text;
}

/* --seed-file FILE: the assignments in it seed the search. */
static int seed_file(ferret *f, const char *path) {
  size_t len;
  char *text = read_all(path, &len);
  if (!text) /* an option's file: a usage error, as a bad value */
    return cli_usage(SUB_SOLVE, "--seed-file: cannot read '%s': %s", path, strerror(errno));
  ferret_status st = ferret_set_seeds(f, text, len);
  free(text);
  if (st == FERRET_OK) return 0;
  const ferret_error_info *e = ferret_error(f);
  fprintf(stderr, "ferret: --seed-file: %s:%u:%u: %s\n", path, e->line, e->column, e->message);
  return EXIT_ERROR;
}

/* solve, opt and smt2c: execute the script (opt and smt2c read only),
 * then print what opt and smt2c print. */
static int run_solve(ferret *f, const cli_args *a) {
  const char *path = a->pos[0], *v;
  int rc;
  for (size_t g = 0; g < a->ngiven; g++)
    if (!strcmp(a->given[g].opt->name, "portfolio") &&
        ferret_add_portfolio(f, a->given[g].value) != FERRET_OK)
      return cli_usage(a->sub, "--portfolio '%s': %s", a->given[g].value,
                       ferret_error(f)->message);
  if ((v = cli_value(a, "seed-file")) && (rc = seed_file(f, v))) return rc;
  bool read_only = a->sub != SUB_SOLVE;
  if (read_only) ferret_set_option(f, "parse_only", "1");
  /* a search of a file shows its progress on a terminal (after a second) */
  if (!read_only && strcmp(path, "-") && isatty(2) && !cli_value(a, "verbose"))
    ferret_set_option(f, "verbose", "1");
  install_signals(f);
  /* Every error, including a file that cannot be read, is reported by the
   * library on the diagnostic channel (stderr). */
  ferret_status st = ferret_execute_file(f, path);
  if (read_only && st != FERRET_ERROR_IO &&
      (a->sub == SUB_OPT ? ferret_print_assertions(f) : ferret_smt2c(f)) != FERRET_OK) {
    fprintf(stderr, "ferret %s: %s\n", cli_subs[a->sub].name, ferret_error(f)->message);
    st = ferret_error(f)->status;
  }
  if (!read_only && ferret_get_option(f, "stats")) ferret_print_stats(f);
  signal_ctx = NULL;
  if (st != FERRET_OK) return EXIT_ERROR;
  if (read_only) return 0;
  ferret_result r = ferret_last_result(f);
  return r == FERRET_SAT ? EXIT_SAT : r == FERRET_UNSAT ? EXIT_UNSAT : EXIT_UNKNOWN;
}

int main(int argc, char **argv) {
  cli_args a;
  bool done;
  int rc = cli_parse(argc, argv, &a, &done);
  if (rc || done) return rc;
  switch (a.sub) { /* the ones without a context */
  case SUB_BENCH: rc = run_bench(&a); break;
  case SUB_BENCH_REPORT: rc = run_bench_report(&a); break;
  case SUB_BENCH_MERGE: rc = run_bench_merge(&a); break;
  case SUB_HUNT_MERGE: rc = run_hunt_merge(&a); break;
  case SUB_HUNT_REPORT: rc = run_hunt_report(&a); break;
  default: rc = -1;
  }
  if (rc >= 0) {
    cli_args_free(&a);
    return rc;
  }
  ferret *f = ferret_new();
  if (!f) {
    fprintf(stderr, "ferret: out of memory\n");
    cli_args_free(&a);
    return EXIT_ERROR;
  }
  rc = cli_apply(&a, f);
  if (!rc) switch (a.sub) {
    case SUB_SAMPLE: rc = run_sample(f, &a); break;
    case SUB_COVERAGE: rc = run_coverage(f, &a); break;
    case SUB_CONCOLIC: rc = run_concolic(f, &a); break;
    case SUB_HUNT:
    case SUB_HUNT_GEN:
    case SUB_HUNT_REPLAY: rc = run_hunt(f, &a); break;
    default: rc = run_solve(f, &a); break;
    }
  ferret_delete(f);
  cli_args_free(&a);
  return rc;
}
