/* The one option table.  It generates the options struct, the command-line
 * flags (--name=value), the --help text and get/set by name.
 *
 *   OPTION(name, default, min, max, "description")
 *
 * Values are int64_t; booleans use 0..1.  Add a line here and the option
 * exists everywhere. */
#ifndef FER_OPTIONS_H
#define FER_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

/* The most search workers: the engine keeps their threads in arrays of
 * this size. */
#define FER_JOBS_MAX 256

#define FER_OPTIONS(OPTION)                                                  \
  OPTION(seed, 1, 0, INT64_MAX, "random seed (a run with one job is reproducible)") \
  OPTION(timeout, 0, 0, 1000000000, "time limit per check-sat in seconds (0: none)") \
  OPTION(timeout_ms, 0, 0, 1000000000000, "time limit per check-sat in milliseconds, as (set-option :timeout N) sets it (0: --timeout applies)") \
  OPTION(verbose, 0, 0, 5, "verbosity of progress messages on stderr")      \
  OPTION(stats, 0, 0, 1, "print statistics as JSON on stderr at the end")   \
  OPTION(model, 0, 0, 1, "print the model after sat (as get-model would)")  \
  OPTION(max_memory, 0, 0, INT64_MAX, "memory cap in MiB (0: none)")      \
  OPTION(parse_only, 0, 0, 1, "read only: check-sat answers nothing, its query is kept for printing (ferret opt)") \
  OPTION(opt_passes, 1, 0, 1, "ferret opt: print the formula after the enabled pp-* passes (0: as read)") \
  OPTION(opt_trace, 0, 0, 1, "ferret opt: also print the formula after every pass that changed it") \
  OPTION(opt_intervals, 0, 0, 1, "ferret opt: also print each variable's domain after interval propagation") \
  /* search engine (engine.c) */                                            \
  OPTION(jobs, 1, 1, FER_JOBS_MAX, "parallel search workers (1: deterministic)")    \
  OPTION(judge_thread, 0, 0, 2, "sampling with one job: search on a thread of its own while the main thread validates the samples (the CLI writes them on a third); the same samples either way; auto: when a second CPU is online") \
  OPTION(max_execs, 0, 0, INT64_MAX, "execution budget per check-sat (0: none)") \
  OPTION(seeds, 2, 0, 2, "initial inputs: none, naive (zeros/ones) or smart (special values, formula constants)") \
  OPTION(num_seeds, 100, 1, 100000, "number of smart seeds")              \
  OPTION(encoding, 0, 0, 1, "fail-fast (stop at the first false constraint) or try-all") \
  OPTION(pure_random, 0, 0, 1, "pure random search, no coverage feedback (JFS-NR, for ablation)") \
  OPTION(local_search, 1, 0, 1, "interleave distance-guided local search (AVM)") \
  OPTION(ls_real, 0, 0, 1, "local search measures FP distances as real differences (0: in ULPs)") \
  OPTION(ls_project, 1, 0, 1, "local search: at a local optimum, projection steps that move all FP variables of a false constraint at once along the gradient of its gap (linear-like constraints)") \
  OPTION(ls_kick, 1, 0, 1, "solving: local search sign moves (an FP variable negated where its steps do not improve) and, at a local optimum, up to 8 kicks (an FP variable of a false constraint negated, the search resumed, the best optimum kept)") \
  OPTION(enum_bits, 20, 0, 30, "enumerate every input when a component has at most this many bits") \
  OPTION(corpus_max, 4096, 16, 1000000, "corpus capacity per worker")    \
  OPTION(restart_unit, 0, 0, INT64_MAX, "solving: a worker whose corpus gains no coverage feature for this many executions times the Luby sequence (1, 1, 2, 1, 1, 2, 4, ...) restarts: it keeps its best entries and draws fresh seeds (0: never; 65536 helps formulas whose coverage stalls in a wrong region and hurts some that progress without new coverage)") \
  OPTION(cmp_snap, 4, 0, 1000000, "solving: one mutated input in N is followed by the same input with a variable that an order comparison reads set to the other side's value or next to it (input to state, like CmpLog; 0: never)") \
  OPTION(backend, 0, 0, 1, "search backend: engine (in-process) or libfuzzer (the smt2c program under libFuzzer; needs clang)") \
  OPTION(layout, 0, 0, 1, "smt2c and libfuzzer backend input layout: byte (byte-aligned slots, JFS) or bit (bit-packed)") \
  OPTION(portfolio_delay_ms, 20, 0, 1000000, "--portfolio: milliseconds of search before the partners start (a query answered sooner starts none)") \
  OPTION(smt2c_main, 0, 0, 1, "ferret smt2c: define main() reading inputs from files (not LLVMFuzzerTestOneInput)") \
  /* preprocessing passes (pre.c) */                                        \
  OPTION(pp_hoist, 1, 0, 1, "preprocess: and-hoisting")                    \
  OPTION(pp_propagate, 1, 0, 1, "preprocess: constant propagation (x = c, p, not p)") \
  OPTION(pp_dedup, 1, 0, 1, "preprocess: duplicate constraint elimination") \
  OPTION(pp_simplify, 1, 0, 1, "preprocess: expression simplification and constant folding") \
  OPTION(pp_contradiction, 1, 0, 1, "preprocess: e and (not e) -> false") \
  OPTION(pp_true, 1, 0, 1, "preprocess: true elimination")                 \
  OPTION(pp_eqx, 1, 0, 1, "preprocess: equality extraction (x = y shares one slot)") \
  OPTION(pp_solve, 1, 0, 1, "preprocess: eliminate x defined by x = t")   \
  OPTION(pp_split, 1, 0, 1, "preprocess: search independent components separately") \
  OPTION(intervals, 1, 0, 1, "interval propagation over FP and BV after preprocessing: proves unsat when a domain empties") \
  OPTION(relations, 1, 0, 1, "order and equality reasoning between terms after intervals: proves unsat when the asserted orders close a strict cycle (x < y, y <= x; x - y == 0 with x < y)")

/* Names for the values of choice options, in value order (0, 1, ...):
 * --backend=libfuzzer is --backend=1.  Numbers stay accepted. */
#define FER_OPTION_VALUES(VALUES)                                           \
  VALUES(seeds, "none|naive|smart")                                        \
  VALUES(encoding, "fail-fast|try-all")                                    \
  VALUES(backend, "engine|libfuzzer")                                      \
  VALUES(layout, "byte|bit")                                               \
  VALUES(judge_thread, "auto|off|on")

typedef struct fer_options {
#define FER_OPTION_FIELD(N, D, LO, HI, DESC) int64_t N;
  FER_OPTIONS(FER_OPTION_FIELD)
#undef FER_OPTION_FIELD
} fer_options;

typedef struct fer_option_info {
  const char *name;
  int64_t def, lo, hi;
  const char *desc;
  size_t offset;
} fer_option_info;

/* The table, terminated by a NULL name. */
extern const fer_option_info fer_option_table[];

void fer_options_init(fer_options *);
/* NULL if no such option. */
const fer_option_info *fer_option_find(const char *name);
/* Parse a value of option o: a decimal integer, true/false, or one of its
 * value names ('-' and '_' alike).  Returns 0 if it is none of these (the
 * range is the caller's check). */
int fer_option_parse(const fer_option_info *o, const char *s, int64_t *v);
/* "name0|name1|..." for a choice option, else NULL. */
const char *fer_option_value_names(const fer_option_info *o);

#endif
