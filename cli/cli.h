/* What the sub-commands of the command-line tool share (main.c): exit
 * codes, files read whole and the signal handling; the options are
 * args.h's. */
#ifndef FERRET_CLI_H
#define FERRET_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "ferret.h"

/* Exit codes (documented in --help). */
enum {
  EXIT_UNKNOWN = 0, /* unknown, or no check-sat */
  EXIT_ERROR = 1,   /* an error in the input or while reading it */
  EXIT_USAGE = 2,   /* bad command line */
  EXIT_SAT = 10,
  EXIT_UNSAT = 20
};

struct cli_args;
/* A whole file ("-": standard input) into memory (malloc'ed, *len set);
 * NULL with errno set if unreadable (EISDIR for a directory). */
char *read_all(const char *path, size_t *len);
/* The first SIGINT/SIGTERM interrupts f's search, a second one exits;
 * signal_ctx = NULL when f is gone. */
void install_signals(ferret *f);
/* Has a signal arrived since? */
bool interrupted(void);
extern ferret *volatile signal_ctx;

/* The sub-commands (sample.c, concolic.c, hunt.c, hunt_merge.c), each on
 * its parsed command line (args.h). */
int run_sample(ferret *, const struct cli_args *);
int run_coverage(ferret *, const struct cli_args *);
int run_concolic(ferret *, const struct cli_args *);
int run_hunt(ferret *, const struct cli_args *); /* hunt, gen and replay */
int run_hunt_merge(const struct cli_args *);
int run_hunt_report(const struct cli_args *);

/* ferret bench (bench.c runs the solvers; bench_report.c reads and writes
 * results files, scores them, draws the plots, and is `bench report` and
 * `bench merge`). */
enum { BENCH_EXIT_INTERRUPTED = 3, BENCH_EXIT_WRONG = 4 };
#define BENCH_HEADER \
  "file\tsolver\tanswer\texpected\twrong\twall_s\tcpu_s\tmaxrss_kb\texit\ttimeout_s"
typedef struct bench_row {
  char *file, *solver, *answer, *expected; /* answer: sat unsat unknown
                                            * timeout memout error */
  int wrong, exit;                         /* exit: code, or 128 + signal */
  double wall, cpu, timeout;               /* seconds */
  long maxrss_kb;
} bench_row;
typedef struct bench_rows {
  bench_row *data;
  size_t size, cap;
} bench_rows;
/* Append rows from a results file: 0, -1 when it does not exist, 1 on an
 * error (said on stderr). */
int bench_load(const char *path, bench_rows *);
bool bench_add(bench_rows *, const bench_row *); /* copies the strings */
void bench_free(bench_rows *);
void bench_write_row(FILE *, const bench_row *);
bool bench_is_definite(const char *answer);
/* The Markdown summary; the number of wrong answers, -1 out of memory. */
int bench_report(const bench_rows *, FILE *);
/* quantile, cactus and scatter SVGs in dir through gnuplot; 0 or 1. */
int bench_plots(const bench_rows *, const char *dir);
int run_bench(const struct cli_args *);
int run_bench_report(const struct cli_args *);
int run_bench_merge(const struct cli_args *);

#endif
