/* Statistics of the last check-sat, as --stats prints them.  One owner per
 * field: the search engine fills a per-run struct of its own
 * (fer_engine_stats, engine.h) and returns it; the solve job (solve.c)
 * adds its phases (preprocess, compile, validate), sums its engine runs
 * into a fer_stats and returns it; the SMT-LIB command layer copies that
 * into the context once, at the end of the check-sat.  Plain data in the
 * context: the numbers of the last run stay readable until the next one
 * ends. */
#ifndef FER_STATS_H
#define FER_STATS_H

#include <stddef.h>
#include <stdint.h>

typedef struct fer_stats {
  uint64_t seed;
  uint32_t jobs;
  const char *result;    /* "sat", "unsat", "unknown" */
  const char *reason;    /* for unknown: "timeout", "budget", ... */
  const char *found_by;  /* "preprocess", "evaluation", "enumeration",
                            "seed", "mutation", "local-search", "random",
                            "libfuzzer", "portfolio" or "" */
  double time_total, time_preprocess, time_intervals, time_compile,
      time_search, time_validate; /* seconds */
  uint32_t interval_rounds; /* sweeps of interval propagation (interval.h) */
  uint64_t execs;        /* candidate assignments evaluated, all workers */
  double execs_per_sec;  /* execs / time_search */
  uint64_t corpus;       /* corpus entries at the end, all workers */
  uint64_t local_search_runs, local_search_execs;
  uint64_t restarts;     /* search restarts, all workers */
  uint64_t enumerated;   /* inputs enumerated exhaustively */
  uint32_t assertions_in, assertions_out, eliminated, components, slots,
      instructions, slot_bits;
  /* the portfolio's partners: "CMD=ANSWER@SECONDS;..." with ANSWER sat,
   * unsat, unknown, error, rejected (a sat whose model ferret's evaluator
   * rejected) or stopped; "" without a portfolio */
  char portfolio[256];
  /* unknown because of a construct ferret does not support (a width, a
   * format, an operator): the construct, named, as the warning on the
   * diagnostic sink and (get-info :reason-unknown) say it; else "" */
  char unsupported[192];
} fer_stats;

/* The statistics as one JSON object (no newline) into out[0..cap), NUL
 * terminated when cap > 0; returns the length of the whole text, as
 * snprintf does (>= cap: it was cut). */
int fer_stats_json(const fer_stats *, char *out, size_t cap);

#endif
