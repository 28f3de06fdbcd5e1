/* The hunt job (BanditFuzz, shared/papers/002, with exact model checks):
 * random well-sorted FP scripts, a grammar-preserving mutator whose
 * construct a multi-armed-bandit agent chooses, solvers run on each
 * script, and every finding (disagreement, a sat whose model ferret's
 * evaluator rejects, an unsat for a formula ferret solves, a crash, an
 * error on valid input) reduced and saved.
 *
 *   gen.c    constructs (the agent's arms), the generator, the mutator
 *   agent.c  Thompson sampling, UCB1, epsilon-greedy, uniform random
 *   run.c    a solver process on a script file, with a time limit
 *   session.c solvers kept running, a formula each on their input
 *   hunt.c   the campaign loop (verdict.c, reduce.c, causes.c and
 *            record.c: its checks, reduction, causes and files; their
 *            shared state in hunt_internal.h)
 *
 * A formula is a list of assertions, terms of the context's store over
 * variables named x<i>_<eb>_<sb> (one name per sort, so a model printed by
 * any solver maps back by name). */
#ifndef FER_HUNT_H
#define FER_HUNT_H

#include "base/process.h"
#include "base/rng.h"
#include "smt/print.h"
#include "smt/term.h"

/* ---------------------------------------------------------------- gen.c */

typedef enum fer_hunt_kind {
  FER_HK_OP,   /* an FP operation (result FP) */
  FER_HK_PRED, /* a predicate over FP (result Bool) */
  FER_HK_RM,   /* a rounding mode (or a RoundingMode variable) */
  FER_HK_FMT   /* a format: an arm per format of the shape, after the
                  constructs of the table */
} fer_hunt_kind;

typedef struct fer_hunt_construct {
  const char *name;
  uint8_t kind;  /* fer_hunt_kind */
  fer_op op;     /* OP, PRED */
  uint8_t nfp;   /* FP arguments (OP, PRED) */
  bool rm;       /* takes a rounding mode first */
  uint32_t a, b; /* RM: the fer_rm (5: a RoundingMode variable) */
} fer_hunt_construct;

/* The operations, predicates and rounding modes; the formats of a
 * campaign's shape are arms nconstructs .. nconstructs + nformats - 1. */
extern const fer_hunt_construct fer_hunt_constructs[];
extern const uint32_t fer_hunt_nconstructs;

enum { FER_HUNT_MAX_FORMATS = 16, FER_HUNT_MAX_ARMS = 96 };

typedef struct fer_hunt_shape {
  uint32_t vars;     /* per format */
  uint32_t asserts;
  uint32_t depth;
  uint32_t nformats; /* 0: the default spread (fer_hunt_default_formats) */
  uint32_t eb[FER_HUNT_MAX_FORMATS], sb[FER_HUNT_MAX_FORMATS];
} fer_hunt_shape;

/* Formats: "EB.SB" (2 <= EB <= 30, 2 <= SB, EB + SB <= 128: what ferret
 * evaluates) or a name (16, 32, 64, 128, bf16, tf32, Float16, ...).
 * 1 with *eb, *sb set; 0 for a bad one. */
int fer_hunt_parse_format(const char *s, size_t n, uint32_t *eb, uint32_t *sb);
/* The default spread: tiny formats (EB 2-5, SB 2-8), half, bfloat16,
 * single, double and Float128. */
void fer_hunt_default_formats(fer_hunt_shape *);
/* Arms of a shape: the constructs, then one per format. */
uint32_t fer_hunt_narms(const fer_hunt_shape *);
/* An arm's name ("fp.add", "RNE", "Float32", "(_ FloatingPoint 2 3)")
 * into buf. */
const char *fer_hunt_arm_name(const fer_hunt_shape *, uint32_t arm, char *buf,
                              size_t cap);

typedef struct fer_hunt_formula {
  FER_STACK(fer_term) a;
} fer_hunt_formula;

/* A random formula of `shape` into *out (cleared first); 0: memory. */
int fer_hunt_generate(ferret *, fer_rng *, const fer_hunt_shape *,
                      fer_hunt_formula *out);
/* The formula with construct c put in place of a random node of the same
 * kind (arguments kept where they fit, dropped or grown where the arity
 * differs; a format: one assertion regenerated in it).  0: no such node
 * (out unchanged) or memory. */
int fer_hunt_mutate(ferret *, fer_rng *, const fer_hunt_shape *,
                    const fer_hunt_formula *in, uint32_t c,
                    fer_hunt_formula *out);
/* The script: produce-models, logic, declarations, assertions,
 * (check-sat) (get-model); appended to b.  0: memory. */
int fer_hunt_script(ferret *, const fer_hunt_formula *, const char *header,
                    fer_buf *b);
void fer_hunt_formula_release(ferret *, fer_hunt_formula *);
int fer_hunt_formula_copy(ferret *, const fer_hunt_formula *, fer_hunt_formula *);

/* -------------------------------------------------------------- agent.c */

typedef enum fer_hunt_agent_kind {
  FER_AGENT_THOMPSON,
  FER_AGENT_UCB1,
  FER_AGENT_EGREEDY,
  FER_AGENT_RANDOM,
  FER_AGENT_NONE /* pure generation: no mutation at all */
} fer_hunt_agent_kind;

extern const char *const fer_hunt_agent_name[];

typedef struct fer_hunt_agent {
  int kind;
  uint32_t narms;
  double alpha[FER_HUNT_MAX_ARMS], beta[FER_HUNT_MAX_ARMS]; /* Beta posterior
                                (Thompson), from Beta(1,1) */
  uint64_t pulls[FER_HUNT_MAX_ARMS];
  double reward[FER_HUNT_MAX_ARMS];          /* sum of rewards */
  uint64_t total;
} fer_hunt_agent;

void fer_hunt_agent_init(fer_hunt_agent *, int kind, uint32_t narms);
uint32_t fer_hunt_agent_choose(fer_hunt_agent *, fer_rng *);
void fer_hunt_agent_update(fer_hunt_agent *, uint32_t arm, double reward);
/* The arms ranked best first (by posterior or empirical mean). */
void fer_hunt_agent_rank(const fer_hunt_agent *, uint32_t *order);
double fer_hunt_agent_mean(const fer_hunt_agent *, uint32_t arm);

/* ---------------------------------------------------------------- run.c */

typedef enum fer_hunt_outcome {
  FER_RUN_SAT,
  FER_RUN_UNSAT,
  FER_RUN_UNKNOWN,
  FER_RUN_TIMEOUT,
  FER_RUN_CRASH,       /* killed by a signal, or failed without answering */
  FER_RUN_ERROR,       /* an (error ...) on valid input */
  FER_RUN_UNSUPPORTED, /* an error naming an unsupported construct */
  FER_RUN_CANNOT_START
} fer_hunt_outcome;

extern const char *const fer_hunt_outcome_name[];

typedef struct fer_hunt_run {
  int outcome;     /* fer_hunt_outcome */
  double seconds;
  int status;      /* exit code, or 128 + signal */
  fer_buf out;     /* standard output */
} fer_hunt_run;

/* Run the command line cmd (split at blanks, no shell) with the script
 * file appended as its last argument, each in its own process group, all
 * at once, at most timeout[i] seconds for cmds[i] (and `mem_mb` MiB of
 * address space, 0: no limit).  0 on memory failure. */
int fer_hunt_run_all(ferret *, const char *const *cmds, uint32_t n,
                     const char *script_path, const double *timeout, uint32_t mem_mb,
                     fer_hunt_run *runs);
void fer_hunt_run_release(ferret *, fer_hunt_run *);
/* What a solver's output says (the first answer line, an error, or
 * nothing), with its exit status (128 + a signal) and whether it was
 * killed at the time limit: a fer_hunt_outcome. */
int fer_hunt_classify(const char *text, int status, bool killed);

/* ------------------------------------------------------------ session.c */

/* A solver kept running across formulas (reading commands on its standard
 * input: z3 -in, cvc5 --incremental --interactive, bitwuzla). */
typedef struct fer_hunt_solver {
  fer_proc p;       /* the process (base/process.h); p.pid 0: not running;
                       p.out its output and error (a pipe) */
  int in;           /* its input (a socket) */
  uint64_t starts;  /* processes started */
} fer_hunt_solver;

/* The script text (len bytes) to every solver s[i] (started from cmds[i]
 * when not running; (reset) first otherwise), all at once, at most
 * timeout[i] seconds each; the answer is the output up to an echoed
 * marker.  A solver killed at its limit or ended is started again for the
 * next formula.  0 on memory failure. */
int fer_hunt_session_run_all(ferret *, fer_hunt_solver *s, const char *const *cmds,
                             uint32_t n, const char *script, size_t len,
                             const double *timeout, fer_hunt_run *runs);
/* Stop the n solvers (killed with their process groups, reaped). */
void fer_hunt_session_close(fer_hunt_solver *s, uint32_t n);

/* --------------------------------------------------------------- hunt.c */

typedef struct fer_hunt_config {
  int mode;                  /* 0 gen, 1 bug, 2 perf */
  const char *out_dir;
  const char *const *solvers; /* the target first, then the references */
  uint32_t nsolvers;
  double budget;             /* seconds of the campaign (gen: unused) */
  uint64_t count;            /* gen: scripts; bug: stop after so many
                                formulas (0: the budget only) */
  double timeout;            /* per solver run */
  uint64_t seed;
  uint32_t shard, nshards;   /* seed stream shard of nshards */
  int agent;                 /* fer_hunt_agent_kind */
  fer_hunt_shape shape;
  bool reduce;
  bool quiet;
  bool resume;               /* go on with out_dir's log and ranking */
  bool persistent;           /* solvers kept running (session.c), a formula
                                each on their input, (reset) between */
  double timeout_factor;     /* bug mode, > 0: a solver's limit is
                                min(timeout, max(TIMEOUT_FLOOR, factor x the
                                median of its last answers' times)) once it
                                has answered MEDIAN_AFTER times */
  void (*progress)(void *, const struct ferret_hunt_progress *);
  void *progress_user;       /* progress (may be NULL) after each formula */
} fer_hunt_config;

typedef struct fer_hunt_stats {
  uint64_t formulas, runs, findings, generated, mutated;
  uint64_t by_kind[8];
  uint64_t searches;      /* ferret's own searches after an unsat */
  uint64_t disagreements; /* sat against unsat, no proof either way */
  uint64_t causes;        /* distinct causes of the findings */
  uint64_t unreduced;     /* findings counted for a predicted cause,
                             not reduced (PREDICT_AFTER in hunt_internal.h) */
  double first_finding;   /* seconds into the campaign (-1: none) */
  double seconds;         /* the campaign's length */
  uint64_t starts;        /* persistent: solver processes started */
  double limit[16];       /* each solver's time limit at the end */
} fer_hunt_stats;

ferret_status fer_hunt(ferret *, const fer_hunt_config *, fer_hunt_stats *);
/* Replay: the solvers of cfg on the formula a[0..n) (a saved finding read
 * back), checked as the campaign checks; a line "FINDING-KIND\tANSWER
 * SECONDS\t..." appended to line (without a newline).  0 on failure. */
int fer_hunt_replay(ferret *, const fer_hunt_config *, const fer_term *a,
                    size_t n, fer_buf *line);

#endif
