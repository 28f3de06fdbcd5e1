/* Statistics of the last check-sat (filled by engine.c, printed as JSON by
 * fer_stats_json / ferret_print_stats).  Plain data in the context: the
 * numbers of the last run stay readable until the next one starts. */
#ifndef FER_STATS_H
#define FER_STATS_H

#include <stdint.h>

typedef struct fer_stats {
  uint64_t seed;
  uint32_t jobs;
  const char *result;    /* "sat", "unsat", "unknown" */
  const char *reason;    /* for unknown: "timeout", "budget", ... */
  const char *found_by;  /* "preprocess", "enumeration", "seed", "mutation",
                            "local-search", "random" or "" */
  double time_total, time_preprocess, time_compile, time_search,
      time_validate;     /* seconds */
  uint64_t execs;        /* candidate assignments evaluated, all workers */
  double execs_per_sec;  /* execs / time_search */
  uint64_t corpus;       /* corpus entries at the end, all workers */
  uint64_t local_search_runs, local_search_execs;
  uint64_t enumerated;   /* inputs enumerated exhaustively */
  uint32_t assertions_in, assertions_out, eliminated, components, slots,
      instructions, slot_bits;
} fer_stats;

#endif
