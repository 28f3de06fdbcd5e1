/* What the sub-commands of the command-line tool share (main.c): exit
 * codes, usage errors, the library's options on the command line, flags
 * of the sub-commands, files read whole and the signal handling. */
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

/* "ferret: MESSAGE" (fmt with one %s), the usage lines; EXIT_USAGE. */
int usage_error(const char *fmt, const char *arg);
/* Apply the library option --name[=value] at argv[*i] (may consume the
 * next word); 0 or a usage error's exit code. */
int apply_option(ferret *, int argc, char **argv, int *i);
/* A whole file ("-": standard input) into memory (malloc'ed, *len set);
 * NULL if unreadable. */
char *read_all(const char *path, size_t *len);
/* Is a the flag `name` ("--name" or "--name=v")?  Its value ("--name=v"
 * or "--name v", consuming argv[*i + 1]); NULL if missing.  len is
 * strlen(name). */
bool is_flag(const char *a, const char *name);
const char *flag_value(int argc, char **argv, int *i, size_t len);
/* The first SIGINT/SIGTERM interrupts f's search, a second one exits;
 * signal_ctx = NULL when f is gone. */
void install_signals(ferret *f);
/* Has a signal arrived since? */
bool interrupted(void);
extern ferret *volatile signal_ctx;

/* The concolic and hunt sub-commands (concolic.c, hunt.c). */
int run_concolic(ferret *, int argc, char **argv, int i);
int run_hunt(ferret *, int argc, char **argv, int i);
/* ferret hunt merge -o DIR PART... and ferret hunt report DIR
 * (hunt_merge.c), before a context. */
int run_hunt_merge(int argc, char **argv, int i);
int run_hunt_report(int argc, char **argv, int i);

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
int run_bench(int argc, char **argv, int i);
int run_bench_report(int argc, char **argv, int i);
int run_bench_merge(int argc, char **argv, int i);

#endif
