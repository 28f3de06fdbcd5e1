/* Answers across seeds: restarts of the search (worker.c, option
 * restart_unit): the Luby schedule, the corpus keeping its best entries,
 * and a search that a fixed seed leaves stuck getting out by restarts; and
 * the comparison operands (mutate.c, fer_cmp_snap, option cmp_snap), which
 * solve at every seed a shape no single-variable move reaches.  Budgets are
 * executions, never wall time, so the results do not depend on the
 * machine's load. */
#include <string.h>

#include "engine/search.h"
#include "base/context.h"
#include "api/smt_session.h"
#include "test.h"

TEST(restart_luby_sequence) {
  /* the sequence written out by its definition: 2^(k-1) at 2^k - 1, else
   * the sequence again from the start */
  static const uint64_t want[] = {1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8,
                                  1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 16};
  for (uint64_t i = 1; i <= sizeof want / sizeof *want; i++)
    CHECK_MSG(fer_luby(i) == want[i - 1], "luby(%llu) = %llu", (unsigned long long)i,
              (unsigned long long)fer_luby(i));
  CHECK(fer_luby(((uint64_t)1 << 20) - 1) == (uint64_t)1 << 19);
  CHECK(fer_luby((uint64_t)1 << 20) == 1);
  CHECK(fer_luby(UINT64_MAX) >= 1); /* no endless loop at the far end */
}

TEST(restart_corpus_keeps_best) {
  ferret *f = ferret_new();
  fer_corpus c;
  fer_rng rng;
  fer_rng_seed(&rng, 1);
  CHECK(fer_corpus_init(f, &c, 2, 16));
  /* entries i = 0..9 with value (i, 100 + i) and nsat (i * 7) % 10: the
   * best three have nsat 9, 8, 7 (i = 7, 4, 1) */
  for (uint32_t i = 0; i < 10; i++) {
    fer_u128 in[2] = {i, 100 + i};
    fer_entry e = {(i * 7) % 10, 0, 3};
    fer_corpus_add(&c, &rng, in, e);
  }
  fer_corpus_keep_best(&c, 3);
  CHECK(c.size == 3 && c.best == 0);
  static const uint32_t want[3] = {7, 4, 1};
  for (uint32_t k = 0; k < 3; k++) {
    const fer_u128 *in = fer_corpus_input(&c, k);
    CHECK_MSG(in[0] == want[k] && in[1] == 100 + want[k], "entry %u holds %u", k, (unsigned)in[0]);
    CHECK(c.meta[k].nsat == (want[k] * 7) % 10 && c.meta[k].picked == 0);
  }
  fer_corpus_keep_best(&c, 8); /* more than it holds: unchanged */
  CHECK(c.size == 3);
  fer_corpus_release(f, &c);
  ferret_delete(f);
}

/* Two finite numbers of an 8-bit-exponent, 8-bit-significand format, one
 * bounded by the other minus (or plus) the largest finite number, whose
 * difference overflows: the difference is infinite only when x - max
 * rounds away from zero on a tie, so x must sit in one of a few binades
 * with exactly the right low bits and y on the rounded bound.  The
 * coverage cannot tell the near misses from the rest; a search that has
 * settled on a wrong region stays there. */
static const char overflow_tie[] =
    "(declare-fun x () (_ FloatingPoint 8 8))(declare-fun y () (_ FloatingPoint 8 8))"
    "(define-fun m () (_ FloatingPoint 8 8) (fp #b0 #xfe #b1111111))"
    "(assert (not (or (fp.isNaN x) (fp.isInfinite x))))"
    "(assert (not (or (fp.isNaN y) (fp.isInfinite y))))"
    "(assert (ite (fp.isNegative x) (fp.leq y (fp.add RNE x m)) (fp.geq y (fp.sub RNE x m))))"
    "(assert (fp.isInfinite (fp.sub RNE x y)))(check-sat)";

/* Solve `text` with the given seed, execution budget and options
 * restart_unit, cmp_snap, and ls_project and ls_kick (both set to
 * `local_joint`); the stats' executions and restarts. */
static ferret_result run_opts(const char *text, uint64_t seed, const char *restart_unit,
                              const char *cmp_snap, const char *local_joint, uint64_t budget,
                              uint64_t *execs, uint64_t *restarts) {
  ferret *f = fer_test_search_context(seed, budget);
  CHECK(ferret_set_option(f, "restart_unit", restart_unit) == FERRET_OK);
  CHECK(ferret_set_option(f, "cmp_snap", cmp_snap) == FERRET_OK);
  CHECK(ferret_set_option(f, "ls_project", local_joint) == FERRET_OK);
  CHECK(ferret_set_option(f, "ls_kick", local_joint) == FERRET_OK);
  CHECK(ferret_execute(f, "test", text, strlen(text)) == FERRET_OK);
  ferret_result r = f->smt->last;
  *execs = f->stats.execs, *restarts = f->stats.restarts;
  ferret_delete(f);
  return r;
}

static ferret_result run_with(const char *text, uint64_t seed, const char *restart_unit,
                              const char *cmp_snap, uint64_t budget, uint64_t *execs,
                              uint64_t *restarts) {
  return run_opts(text, seed, restart_unit, cmp_snap, "1", budget, execs, restarts);
}

/* The restart tests run without comparison operands, which solve this
 * formula at every seed by themselves (test cmp_snap_* below), and
 * without the local search's projection steps and kicks, which free some
 * seeds (seed 1: sat after 103k executions without restarts) and, with
 * the kicks, make a restart's fresh region slower to pay off (seeds 7 and
 * 8: 504k and 776k executions with restarts). */
static ferret_result run(uint64_t seed, const char *restart_unit, uint64_t budget,
                         uint64_t *execs, uint64_t *restarts) {
  return run_opts(overflow_tie, seed, restart_unit, "0", "0", budget, execs, restarts);
}

TEST(restart_unsticks_a_seed) {
  /* Seeds 7 and 4 keep a region without a solution for a million
   * executions when the search never restarts; with restart_unit 65536
   * they restart twice and once and solve in 211k and 94k executions.
   * (Seed 8, stuck too with one smart seed of moderate values, is solved
   * without restarts since there are eight.)  (Restarts are off by default: see
   * BENCHMARKS.md, "Answers across seeds".)  Both directions are checked: should a change
   * of the search free these seeds by itself, the first check fails and
   * the test needs seeds that are stuck again. */
  static const uint64_t seeds[] = {7, 4};
  for (int i = 0; i < 2; i++) {
    uint64_t execs, restarts;
    ferret_result r = run(seeds[i], "0", 1000000, &execs, &restarts);
    CHECK_MSG(r == FERRET_UNKNOWN, "seed %llu without restarts: %d after %llu executions",
              (unsigned long long)seeds[i], (int)r, (unsigned long long)execs);
    CHECK(restarts == 0 && execs >= 1000000);
    r = run(seeds[i], "65536", 1000000, &execs, &restarts);
    CHECK_MSG(r == FERRET_SAT, "seed %llu with restarts: %d after %llu executions, %llu restarts",
              (unsigned long long)seeds[i], (int)r, (unsigned long long)execs,
              (unsigned long long)restarts);
    CHECK(restarts >= 1 && execs < 400000);
  }
}

/* The same shape in Float32 and Float64, and in Float32 read from 32-bit
 * vectors as a symbolic executor writes it (bench/shapes/): x - y rounds
 * to infinity only when x -+ max is a tie rounded away from zero and y is
 * that rounded bound itself.  `fmt` is the sort, `max` the indices of to_fp
 * and the pattern of the largest finite number. */
#define OVERFLOW_TIE(decl, x, y, fmt, max)                                       \
  decl "(define-fun m () " fmt " ((_ to_fp " max "))"                           \
       "(assert (not (or (fp.isNaN " x ") (fp.isInfinite " x "))))"             \
       "(assert (not (or (fp.isNaN " y ") (fp.isInfinite " y "))))"             \
       "(assert (ite (fp.isNegative " x ") (fp.leq " y " (fp.add RNE " x " m))" \
       " (fp.geq " y " (fp.sub RNE " x " m))))"                                \
       "(assert (fp.isInfinite (fp.sub RNE " x " " y ")))(check-sat)"
static const char *const overflow_tie_wide[] = {
    OVERFLOW_TIE("(declare-fun x () Float32)(declare-fun y () Float32)", "x", "y", "Float32",
                 "8 24) #x7f7fffff"),
    OVERFLOW_TIE("(declare-fun x () Float64)(declare-fun y () Float64)", "x", "y", "Float64",
                 "11 53) #x7fefffffffffffff"),
    OVERFLOW_TIE("(declare-fun a () (_ BitVec 32))(declare-fun b () (_ BitVec 32))",
                 "((_ to_fp 8 24) a)", "((_ to_fp 8 24) b)", "Float32", "8 24) #x7f7fffff"),
};

TEST(cmp_snap_solves_overflow_tie_at_every_seed) {
  /* Measured with the default cmp_snap 4: seeds 1-10 solve each formula
   * in at most 37k executions.  Without it, their siblings in
   * bench/shapes/ (the same shapes, written a little differently) are
   * solved at no seed of 1-10 in 2M executions in Float32 and Float64,
   * and at 2 of 10 when read from bit-vectors.  The budget is 150k. */
  for (int k = 0; k < 3; k++) {
    for (uint64_t seed = 1; seed <= 5; seed++) {
      uint64_t execs, restarts;
      ferret_result r = run_with(overflow_tie_wide[k], seed, "0", "4", 150000, &execs, &restarts);
      CHECK_MSG(r == FERRET_SAT, "formula %d, seed %llu: %d after %llu executions", k,
                (unsigned long long)seed, (int)r, (unsigned long long)execs);
    }
  }
}

TEST(cmp_snap_off_leaves_overflow_tie_unsolved) {
  /* The other direction: with cmp_snap 0 the same budget solves none of
   * these (seeds 1 and 2), so the test above checks the snap, not the
   * rest of the search; should the search get there without it, this
   * fails and the formulas above need a harder sibling.  (The local
   * search's kicks solve the Float32 formula without the snap at seeds 3
   * and 5 of 1-10, in 76k and 140k executions; before them at none.) */
  for (int k = 0; k < 3; k++) {
    for (uint64_t seed = 1; seed <= 2; seed++) {
      uint64_t execs, restarts;
      ferret_result r = run_with(overflow_tie_wide[k], seed, "0", "0", 150000, &execs, &restarts);
      CHECK_MSG(r == FERRET_UNKNOWN && execs >= 150000,
                "formula %d, seed %llu without cmp_snap: %d after %llu executions", k,
                (unsigned long long)seed, (int)r, (unsigned long long)execs);
    }
  }
}
