/*
 * Internal state of the ferret backend for SymCC (build.c: expression
 * builders; path.c: input bytes, path constraints, new inputs, memory).
 *
 * SymCC's runtime interface is a set of free functions with no context
 * argument, called from instrumented code in one thread, so the backend
 * keeps its state in one process-wide struct (the library itself keeps none:
 * everything ferret owns hangs off the `ferret *` in it).
 */
#ifndef FERRET_SYMCC_FSYM_H
#define FERRET_SYMCC_FSYM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "Runtime.h"
#include "ferret.h"

#define FSYM_HIDDEN __attribute__((visibility("hidden")))

/* Term <-> SymExpr: the id is the pointer's value (0 is NULL, "concrete"). */
#define FSYM_T(e) ((ferret_term)(uintptr_t)(e))
#define FSYM_E(t) ((SymExpr)(uintptr_t)(t))

/* The back-off map: QSYM's idea of an AFL bitmap over (site, direction,
 * calling context), each cell a hit count whose AFL bucket (1, 2, 3, 4-7,
 * 8-15, 16-31, 32-127, 128+) must be new for the branch to be solved. */
#define FSYM_MAP_SIZE (1u << 16)
#define FSYM_CALL_DEPTH 256 /* calling contexts deeper than this share one */
/* A branch whose query ended on its budget gets twice the budget at its
 * next query, up to SYMCC_FERRET_TIMEOUT_MAX_MS; one that ends on that
 * cap too is not asked again (QSYM's back-off of hard branches). */
#define FSYM_GIVEN_UP 255
/* A flag in a cell's level (below FSYM_GIVEN_UP; the doublings are the
 * other bits): the cell's optimistic retry ended on its budget, so later
 * queries there get no retry. */
#define FSYM_NO_RETRY 0x80
/* Decay of the back-off map (SYMCC_FERRET_BACKOFF_DECAY = K): a cell's
 * buckets are forgotten once it has been visited in K executions sharing
 * SYMCC_AFL_COVERAGE_MAP since it was last forgotten, then after 2K, 4K,
 * ... (doubled at most FSYM_DECAY_MAX times), so that a branch is asked
 * again under later inputs, ever more rarely. */
#define FSYM_DECAY_MAX 12
/* Per-query CPU time histogram: below 0.1, 1, 4, 16, 64, 256, 1024 ms,
 * and above. */
#define FSYM_HIST 8

/* A set of nonzero 64-bit keys (path.c, set_has). */
typedef struct fsym_set {
  uint64_t *slot;
  size_t cap, n;
} fsym_set;

typedef struct fsym_state {
  ferret *f;
  ferret_concolic *cc;      /* NULL until the first query, or when stale */
  size_t cc_size;           /* input bytes the concolic context covers */
  bool seed_dirty;          /* a byte below cc_size changed since */
  bool ready;               /* _sym_initialize ran and a ferret exists */

  /* constants of the store */
  ferret_sort s_bool, s_f32, s_f64, s_bv[257]; /* s_bv: 0 = not made yet */
  ferret_term t_true, t_false, rm_rne, rm_rtz;

  /* the input: its bytes (the seed of every query) and their variables */
  uint8_t *seed;
  ferret_term *vars;        /* vars[i]: the BV8 variable of byte i, or 0 */
  size_t nbytes, cap;       /* bytes known (read so far, or the whole file) */
  bool whole_input;         /* seed holds the whole file, read at start */

  /* the path constraint (kept to rebuild the concolic context) */
  ferret_term *path;
  size_t npath, path_cap;

  /* settings (environment, read once by _sym_initialize) */
  const char *outdir;
  unsigned timeout_ms, timeout_max_ms, max_execs; /* CPU ms per query */
  bool solve, optimistic, backoff, stats;
  unsigned decay;           /* SYMCC_FERRET_BACKOFF_DECAY; 0: permanent */
  uint64_t max_terms, max_path;
  FILE *log, *trace;
  const char *map_file;     /* SYMCC_AFL_COVERAGE_MAP, saved on change */
  const char *dump_dir;     /* SYMCC_FERRET_DUMP: queries ended on budget */

  /* back-off */
  uint8_t *map;             /* FSYM_MAP_SIZE hit counts */
  uint8_t *virgin;          /* buckets seen per cell */
  uint8_t *level;           /* per cell: budget doublings, FSYM_NO_RETRY;
                               FSYM_GIVEN_UP */
  uint8_t *forgot;          /* per cell: times its buckets were forgotten */
  uint16_t *seen;           /* per cell: executions that visited it since */
  uint64_t ctx_stack[FSYM_CALL_DEPTH];
  unsigned depth;

  /* memory policy: past max_terms or max_path, builders return one
   * placeholder variable per sort and no query is solved (concrete mode) */
  bool concrete;
  ferret_term placeholder[4]; /* Bool, F32, F64, unused; BV widths below */
  ferret_term *ph_bv;         /* ph_bv[w] for w <= 256 */

  /* output */
  unsigned next_file;
  fsym_set written;         /* hashes of the inputs written */
  fsym_set opt_failed;      /* b ids whose optimistic retry failed */
  fsym_set keys;            /* with stats: the back-off keys of the branches */
  void (*handler)(const void *, size_t);
  bool outdir_warned;

  /* counters, printed at exit with SYMCC_FERRET_STATS=1 */
  uint64_t branches, queries, sat, unsat, unknown, opt_sat, skipped,
      duplicates, files, errors, diverged;
  uint64_t on_budget, given_up, given_up_skips, escalated, opt_no_budget,
      opt_on_budget, opt_skips, repeats;
  uint64_t cells, forgotten; /* cells visited in this execution; forgotten at its end */
  uint64_t hist[4][FSYM_HIST]; /* by answer: sat, unsat, unknown, optimistic sat */
  uint64_t by_stage[16];       /* sat/unsat answers per ferret stage */
  double seconds, cpu_seconds, slowest_cpu;
} fsym_state;

extern FSYM_HIDDEN fsym_state fsym;

/* build.c */
FSYM_HIDDEN ferret_sort fsym_bv_sort(uint32_t width);
FSYM_HIDDEN ferret_term fsym_as_bool(ferret_term t);
FSYM_HIDDEN ferret_term fsym_placeholder(ferret_sort s);
FSYM_HIDDEN void fsym_failed(const char *what);
/* path.c */
FSYM_HIDDEN void fsym_enter_concrete(const char *why);

#endif
