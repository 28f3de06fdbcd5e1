/* The concolic job (Fuzzy-SAT's approach, extended to floating point): a
 * context bound to an input of bytes and a seed input that satisfies a
 * path constraint pi; each query asks for an input close to the seed that
 * satisfies a branch condition b together with pi (or b alone, the
 * "optimistic" answer).  The input is changed, not solved from scratch:
 * cheap stages first, each a few candidate inputs derived from the seed,
 * the search engine (objective NEAR, engine.h) last.
 *
 * Analysis (Fuzzy-SAT §III-C, analysis.h), after the seed stage: the
 * wrapped interval of each input group that b's and the related
 * conjuncts' comparisons with constants allow (conjuncts' facts cached at
 * notify); bytes a single-value interval defines are set in the base input
 * every stage starts from and left out of the bytes they mutate; a
 * candidate outside an interval or changing a defined byte is discarded
 * before it is evaluated.  When the seed fails pi (no stage starts from
 * it) the analysis still runs: a contradiction is unsat, and the base, when
 * the facts define bytes, is one candidate judged on every conjunct.
 *
 * Stages, in the order they run (each can be switched off; FER_CONC_*,
 * whose numbering is not that order):
 *   seed     b already holds on the seed;
 *   i2s      the base input when b's equalities define bytes; then
 *            input-to-state: an operand of a comparison in b whose seed
 *            value is found in the input bytes (1, 2, 4, 8 bytes, either
 *            endianness) is replaced there by the other operand's value
 *            (and its neighbours: +-1, or the next floats), also through
 *            one FP/BV conversion;
 *   intervals  the analysis's contradictions (an empty interval, a byte
 *            defined twice), the one candidate left when every byte b
 *            reads is defined; interval propagation on b and the
 *            connected conjuncts: a proof of unsat, no input (before the
 *            brute-force stages);
 *   consts   interesting constants: b's constants (and neighbours) written
 *            into the variables and byte groups b reads (last, in fewer
 *            bytes when they fit: a 16-bit field compared as an int);
 *   range    every value of the undefined bytes b reads, when they are at
 *            most 2; more: every value of the group of b's bytes with the
 *            smallest interval when it has at most 2048, else its ends (a
 *            proof of unsat when the enumeration covers every undefined
 *            byte and the related conjuncts read no byte b does not;
 *            when it covers every undefined byte, the next four stages,
 *            which change only those bytes, are skipped);
 *   bytes    every value of one byte b reads, byte by byte;
 *   gradient coordinate descent on b's variables (FP in order-key steps)
 *            towards distance 0 between the sides of b's comparisons;
 *   det      AFL's deterministic stage on those bytes: walking 1/2/4-bit
 *            flips, +-1..35 per byte, interesting 16/32-bit values;
 *   havoc    AFL-like random stacked mutations of the bytes b reads (and
 *            values drawn inside groups' intervals);
 *   multigoal  the candidate that made b true and broke fewest path
 *            conjuncts, repaired greedily byte by byte (b's bytes frozen;
 *            that candidate is looked for only when this stage is on);
 *   engine   ferret's coverage-guided search with local search, started
 *            from the seed (NEAR), on b and every pi conjunct connected
 *            to it through shared bytes.
 * Every answer is validated by the reference evaluator on b and every
 * conjunct of pi whose bytes changed (the others are true on the seed and
 * read nothing that changed): a solve never returns an input that fails
 * pi or b.  `unsat` only when proved: the analysis, the range stage's
 * exhaustive enumeration, preprocessing or intervals on the connected
 * part, or the engine enumerating it.
 *
 * Caching: a pi conjunct's variables and its truth on the seed are worked
 * out once (notify) and kept across queries (the store is hash-consed:
 * the same conjunct in two queries is one term). */
#ifndef FER_CONCOLIC_H
#define FER_CONCOLIC_H

#include "base/map.h"
#include "smt/model.h"
#include "engine/pre.h"
#include "concolic/analysis.h"

enum {
  FER_CONC_SEED,
  FER_CONC_I2S,
  FER_CONC_CONSTS,
  FER_CONC_INTERVALS,
  FER_CONC_RANGE,
  FER_CONC_BYTES,
  FER_CONC_GRADIENT,
  FER_CONC_DET,
  FER_CONC_HAVOC,
  FER_CONC_MULTIGOAL,
  FER_CONC_ENGINE,
  FER_CONC_NSTAGES
};

extern const char *const fer_conc_stage_name[FER_CONC_NSTAGES];

/* A variable bound to bytes [offset, offset + nbytes) of the input. */
typedef struct fer_conc_var {
  fer_term var;
  uint32_t offset, nbytes, bits;
  bool big_endian;
} fer_conc_var;

/* A pi conjunct: its bound variables (indices into vars), the wrapped
 * intervals of input groups it implies (analysis.h), and whether it holds
 * on the seed. */
typedef struct fer_conc_conj {
  fer_term t;
  uint32_t deps, ndeps;   /* into deps_pool */
  uint32_t facts, nfacts; /* into facts_pool */
  bool seed_true;
} fer_conc_conj;

typedef struct fer_conc_stats {
  uint64_t queries, sat, unsat, unknown;
  uint64_t by_stage[FER_CONC_NSTAGES]; /* sat answers per stage */
  uint64_t tried[FER_CONC_NSTAGES];    /* candidates per stage */
  double time;                          /* seconds in solve calls */
  uint64_t clock_reads;                 /* reads of the CPU clock (cpu_time) */
} fer_conc_stats;

typedef struct fer_concolic {
  ferret *f;
  uint8_t *seed, *cur, *out; /* size bytes each */
  size_t size;
  FER_STACK(fer_conc_var) vars;
  fer_map var_index;           /* var term -> index + 1 */
  FER_STACK(fer_conc_conj) conjs;
  fer_map conj_index;          /* conjunct term -> index + 1 */
  FER_STACK(uint32_t) deps_pool;
  fer_conc_fact_stack facts_pool;
  FER_STACK(uint32_t) path;    /* the active pi: conjunct indices */
  fer_model model;             /* values of the bound variables */
  /* variables wider than 128 bits: each bound as parts of at most 128
   * bits (fresh variables over its bytes), replaced in every term the
   * context is given by the concat of the parts (to_fp of it for FP) */
  fer_subst wide;
  bool has_wide;
  /* options */
  uint64_t max_execs;          /* engine stage budget (0: none) */
  uint64_t timeout_ms;         /* per query (0: none) */
  bool cpu_time;               /* timeout_ms counts the process's CPU time */
  uint32_t stages;             /* bit i: stage i on */
  uint64_t rng_seed;
  /* the last answer */
  int last_stage;              /* FER_CONC_* or -1 */
  const char *reason;          /* why unknown */
  fer_conc_stats st;
  /* scratch */
  FER_STACK(fer_term) tmp;
  FER_STACK(uint32_t) tmp_u32;
} fer_concolic;

int fer_concolic_init(ferret *, fer_concolic *, const uint8_t *seed,
                      size_t size);
void fer_concolic_release(fer_concolic *);
/* Bind var (Bool, BV or FP; wider than 128 bits too, up to FER_FPW_MAX_BITS
 * for FP) to the input bytes from offset on. */
ferret_status fer_concolic_bind(fer_concolic *, fer_term var, size_t offset,
                                bool big_endian);
/* Replace the seed (same size); every cached conjunct's truth on it is
 * worked out again. */
ferret_status fer_concolic_set_seed(fer_concolic *, const uint8_t *seed,
                                    size_t size);
/* Add a conjunct to the active path constraint (cached if seen before). */
ferret_status fer_concolic_notify(fer_concolic *, fer_term pi);
/* Forget the active path constraint (the cache stays). */
void fer_concolic_clear_path(fer_concolic *);
/* Solve b with the path constraint (optimistic: without it).  SAT: the
 * input is in c->out. */
ferret_result fer_concolic_solve(fer_concolic *, fer_term b, bool optimistic);

/* Maximize (max) or minimize t (BV unsigned or signed, or FP; NaN is no
 * value) over inputs satisfying pi, by bisection on t's values, each step
 * a solve from the best input so far; the whole call within timeout_ms.
 * SAT: the best input found in c->out, *optimal when every step that
 * narrowed the range proved it. */
ferret_result fer_concolic_optimize(fer_concolic *, fer_term t, bool max,
                                    bool is_signed, bool *optimal);
/* Distinct values of t over inputs satisfying pi, each given to `each`
 * (value, input; return non-zero to stop), at most limit (0: no limit),
 * within timeout_ms; *complete when no other value exists (proved). */
typedef int (*fer_conc_each_fn)(void *user, fer_term value, const uint8_t *input);
ferret_result fer_concolic_solve_all(fer_concolic *, fer_term t,
                                     uint64_t limit, fer_conc_each_fn each,
                                     void *user, bool *complete);

#endif
