/* Preloaded into a program running on SymCC's simple or QSYM runtime (both
   solve with z3 through its C API): counts z3's satisfiability checks by
   answer and the wall and CPU time they take (CPU: the process's, z3
   checks on the calling thread), and at exit writes one JSON line to
   the file named by FSYM_Z3_STATS (rewritten after every check too, so that
   a run killed at its CPU limit leaves its counts), with the keys of the ferret runtime's
   SYMCC_FERRET_STATS line.  "queries" are the checks made inside a
   Z3_solver_push (the simple runtime checks each diverging query in a
   push/pop pair and then re-checks the path without one) or, with
   FSYM_Z3_QUERIES=all, every check (the QSYM runtime resets its solver
   instead).  Build: cc -shared -fPIC -O1 -o z3-stats.so z3-stats.c -ldl */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef int (*check_fn)(void *, void *);
typedef void (*stack_fn)(void *, void *, unsigned);
typedef void (*push_fn)(void *, void *);

static struct {
  unsigned long long checks, queries, sat, unsat, unknown;
  double seconds, query_seconds, cpu_seconds, query_cpu_seconds;
  long depth;
} z3s;

static void z3_stats_report(void);

static double clock_s(clockid_t id)
{
  struct timespec ts;
  clock_gettime(id, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int Z3_solver_check(void *ctx, void *solver)
{
  static check_fn real;
  if (!real)
    real = (check_fn)dlsym(RTLD_NEXT, "Z3_solver_check");
  const char *mode = getenv("FSYM_Z3_QUERIES");
  int query = z3s.depth > 0 || (mode && !strcmp(mode, "all"));
  double t0 = clock_s(CLOCK_MONOTONIC), c0 = clock_s(CLOCK_PROCESS_CPUTIME_ID);
  int r = real(ctx, solver); /* Z3_L_FALSE -1, Z3_L_UNDEF 0, Z3_L_TRUE 1 */
  double dt = clock_s(CLOCK_MONOTONIC) - t0, dc = clock_s(CLOCK_PROCESS_CPUTIME_ID) - c0;
  z3s.cpu_seconds += dc;
  z3s.checks++;
  z3s.seconds += dt;
  if (query) {
    z3s.queries++;
    z3s.query_seconds += dt;
    z3s.query_cpu_seconds += dc;
    if (r > 0)
      z3s.sat++;
    else if (r < 0)
      z3s.unsat++;
    else
      z3s.unknown++;
  }
  z3_stats_report();
  return r;
}

void Z3_solver_push(void *ctx, void *solver)
{
  static push_fn real;
  if (!real)
    real = (push_fn)dlsym(RTLD_NEXT, "Z3_solver_push");
  z3s.depth++;
  real(ctx, solver);
}

void Z3_solver_pop(void *ctx, void *solver, unsigned n)
{
  static stack_fn real;
  if (!real)
    real = (stack_fn)dlsym(RTLD_NEXT, "Z3_solver_pop");
  z3s.depth = z3s.depth > (long)n ? z3s.depth - (long)n : 0;
  real(ctx, solver, n);
}

void Z3_solver_reset(void *ctx, void *solver)
{
  static push_fn real;
  if (!real)
    real = (push_fn)dlsym(RTLD_NEXT, "Z3_solver_reset");
  z3s.depth = 0;
  real(ctx, solver);
}

__attribute__((destructor)) static void z3_stats_at_exit(void)
{
  z3_stats_report();
}

static void z3_stats_report(void)
{
  /* The preload reaches every process of the command line (time, timeout):
     only the one that has z3 loaded reports. */
  const char *path = getenv("FSYM_Z3_STATS");
  FILE *f = path && dlsym(RTLD_NEXT, "Z3_solver_check") ? fopen(path, "w") : 0;
  if (!f)
    return;
  fprintf(f, "{\"checks\": %llu, \"queries\": %llu, \"sat\": %llu, \"unsat\": %llu, "
          "\"unknown\": %llu, \"solver_seconds\": %.6f, \"query_seconds\": %.6f, "
          "\"solver_cpu_seconds\": %.6f, \"query_cpu_seconds\": %.6f}\n",
          z3s.checks, z3s.queries, z3s.sat, z3s.unsat, z3s.unknown, z3s.seconds,
          z3s.query_seconds, z3s.cpu_seconds, z3s.query_cpu_seconds);
  fclose(f);
}
