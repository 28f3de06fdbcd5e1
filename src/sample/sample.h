/* The sample job: many distinct satisfying assignments of one formula
 * (JFSampler, shared/papers/001, and beyond it: projection).  Used by the
 * public ferret_sample (api/sample.c).  A client of the search interface
 * (engine.h) with its sampling hooks.
 *
 * Contract: every sample given to the callback is a model on which every
 * assertion a[0..n) was checked true by the reference evaluator (the
 * engine validates it on the ORIGINAL formula, as solve's answer is);
 * no two samples have the same bits on the output variables (the
 * projection, else every output variable), every NaN counting as one
 * value.  Distinctness is exact (what was emitted is never emitted again);
 * the dedup filter is a Bloom filter of fixed size (dedup.h), so a new
 * sample may be taken for a duplicate and dropped, with the probability
 * the stats report (false_dup_rate).
 *
 * Answer: FERRET_SAT when at least one sample was given, FERRET_UNSAT when
 * proved (a ground assertion false, preprocessing, or an enumeration that
 * found no solution), else FERRET_UNKNOWN with *reason as solve gives it
 * ("timeout", "budget", "interrupted", "unsupported", "unspecified",
 * "memory", ...).  A sampling run ends with the count reached ("count"),
 * the callback's stop ("stopped"), every solution emitted ("complete": the
 * input space was enumerated, or the solutions were counted before the
 * run and that many were given), or a limit; stats.end says which, and
 * stats.solutions how many distinct samples exist when that is known.
 *
 * Counting: when the whole input space (narrowed by the intervals) is at
 * most 2^enum_bits, the run enumerates it and its end proves that every
 * sample was given.  Otherwise, if the formula splits into independent
 * components, each component holding an output variable and small enough
 * is enumerated first and its distinct output values counted; their
 * product is the number of samples, and the run ends "complete" when it
 * has given that many (an unsat component proves the query unsat).  While
 * a count matters, an exact set of fingerprints (dedup.h) decides what is
 * new, so no Bloom false duplicate can keep a solution out.
 *
 * Preferences (GuidedSampler's predicates): with prefer terms, a first
 * phase samples the formula with every prefer term added (each sample is
 * still validated on a[0..n) alone), for half the count and half the time
 * (without a time limit at most 10 s), or until its solutions are
 * exhausted, then the
 * formula alone for the rest; the dedup filter is shared, so no sample is
 * given twice. */
#ifndef FER_SAMPLE_H
#define FER_SAMPLE_H

#include "engine/engine.h"
#include "smt/model.h"

typedef enum fer_sample_strategy {
  FER_SAMPLE_NAIVE, /* §III-A: every solution the search meets */
  FER_SAMPLE_DE,    /* §III-B: diversity features */
  FER_SAMPLE_SM,    /* §III-C: sampling mutator */
  FER_SAMPLE_SM_DE  /* both (the default) */
} fer_sample_strategy;

extern const char *const fer_sample_strategy_name[]; /* "naive", ... */
/* The strategy named s ("sm+de", ...); -1 if none. */
int fer_sample_strategy_parse(const char *s);

typedef struct fer_sample_config {
  uint64_t count;            /* stop after this many samples; 0: none */
  double deadline;           /* fer_now() seconds; 0: none */
  uint64_t max_execs;        /* 0: none */
  int strategy;              /* fer_sample_strategy */
  const fer_term *out;       /* the variables of a sample, in order (the */
  size_t nout;               /* projection, or every declared variable) */
  size_t dedup_bytes;        /* Bloom filter size (0: FER_DEDUP_DEFAULT) */
  bool coverage;             /* track SMT coverage of the samples */
  bool neighbours;           /* also the neighbour mutator (engine.h) */
  const fer_term *prefer;    /* soft Bool terms: samples satisfying all */
  size_t nprefer;            /* of them first (see fer_sample) */
  bool values;               /* give fer_sample_item.values (else NULL) */
} fer_sample_config;

/* One sample, as the callback receives it; valid until it returns. */
typedef struct fer_sample_item {
  uint64_t index;            /* 0, 1, ... */
  const fer_term *vars;      /* config.out */
  const fer_term *values;    /* constants, one per variable (NULL without
                                config.values) */
  const fer_u128 *bits;      /* the same values as bits (Bool 0/1,
                                RoundingMode its fer_rm, BV/FP the pattern
                                as the model has it: a NaN keeps its own) */
  size_t n;
  uint64_t execs;            /* executions so far */
  double elapsed;            /* seconds since the job started */
  double coverage;           /* config.coverage: SMT coverage so far, % */
} fer_sample_item;

/* Return true to go on, false to stop.  Runs on the job's thread. */
typedef bool (*fer_sample_fn)(void *user, const fer_sample_item *);

typedef struct fer_sample_stats {
  const char *result, *reason, *end, *strategy;
  uint64_t seed;
  uint32_t jobs;
  uint64_t samples;          /* given to the callback */
  int64_t solutions;         /* the number of distinct samples the query
                                has (on the output variables), when the
                                job knows it: the whole input space was
                                enumerated, or each independent component
                                holding an output was (the product of
                                their counts), or unsat (0); else -1 */
  uint64_t execs, candidates;
  uint64_t duplicates;       /* candidates skipped by the engine (same input) */
  uint64_t projected_dups;   /* validated, but equal on the output variables */
  uint64_t unspecified;
  uint64_t sm_mutations, nb_mutations, de_features;
  uint64_t preferred;        /* samples of the prefer phase */
  double time_total, time_preprocess, time_compile, time_search,
      time_validate;
  double time_output;        /* giving samples: projection, dedup,
                                coverage, the callback (formatting and
                                writing) */
  double time_wait;          /* judge apart: the search waited for it */
  bool judge_apart;          /* the judge ran on the calling thread while
                                the search ran on its own */
  /* The share of the search's time left to executing candidates: with
   * the judge apart, 1 - time_wait / time_search; else 1 - (time_validate
   * + time_output) / time_search, which is sampling's executions/s over
   * what the engine does on this formula with no per-sample work */
  double search_share;
  double samples_per_sec, execs_per_sec;
  uint64_t dedup_bits;       /* Bloom filter size */
  uint32_t dedup_hashes;
  double dedup_fill;         /* share of its bits set */
  double false_dup_rate;     /* chance that the next new sample is taken
                                for a duplicate: fill ^ hashes */
  double coverage;           /* config.coverage: SMT coverage, % (else -1) */
  uint32_t slots, instructions, nodes;
} fer_sample_stats;

ferret_result fer_sample(ferret *, const fer_term *a, size_t n,
                         const fer_sample_config *, fer_sample_fn, void *user,
                         const char **reason, fer_sample_stats *);

#endif
