/* Internals shared by the hunt campaign's files (the campaign's contract
 * is fer_hunt in hunt.h):
 *   hunt.c     the campaign loop: a formula generated or mutated, every
 *              solver run on it, the agent rewarded, the log written; the
 *              time limits per solver; generate-only mode and replay;
 *   verdict.c  the judge of one formula's runs: a crash, an error, a model
 *              the evaluator rejects, an unsat a model refutes, a slow
 *              target (fer_hunt_check);
 *   reduce.c   a finding's formula made smaller while the verdict stays;
 *   causes.c   findings grouped by cause (OUT/causes.tsv);
 *   record.c   the campaign's other files: findings, OUT/ranking.tsv, and
 *              resuming a campaign from its directory. */
#ifndef FER_HUNT_INTERNAL_H
#define FER_HUNT_INTERNAL_H

#include <stdio.h>

#include "hunt/hunt.h"

enum { FIND_NONE, FIND_CRASH, FIND_ERROR, FIND_WRONG_MODEL, FIND_WRONG_UNSAT,
       FIND_DISAGREE, FIND_SLOW, FIND_KINDS };
/* The kinds' names, as the log, the finding files and causes.tsv print them. */
extern const char *const fer_hunt_find_name[FIND_KINDS];

/* Time limits from the median (timeout_factor): the answers it is taken
 * over. */
enum { MEDIAN_WINDOW = 64 };

typedef struct fer_hunt_verdict {
  int kind;       /* FIND_* */
  uint32_t who;   /* the solver at fault (the first one for disagree) */
  uint32_t wrong; /* bug mode: bit i set when solver i's sat has a model
                     the evaluator rejects (every solver's model is judged,
                     whatever `kind` says; each is a finding of its own) */
} fer_hunt_verdict;

/* A cause: findings of one kind by one solver whose reduced formulas
 * have the same operators (with their counts) in the same formats. */
typedef struct fer_hunt_cause {
  char *key;        /* "KIND\tsolver N\tFORMATS\tOPERATORS" */
  uint64_t count;
  char *first;      /* the first finding's file */
  double seconds;   /* when it was found */
} fer_hunt_cause;

/* Findings whose cause is predicted without reduction: the findings of one
 * kind by one solver whose UNREDUCED formulas have the same operators in
 * the same formats (the cause key of the unreduced formula).  The first
 * PREDICT_AFTER of them are reduced; when all of those reduced to one
 * cause, the later ones are counted for it unreduced; when they reduced
 * to different causes, every later one is reduced too. */
enum { PREDICT_AFTER = 3 };
typedef struct fer_hunt_guess {
  char *key;        /* the unreduced formula's cause key */
  char *cause;      /* the cause its reductions gave (NULL: they differ) */
  uint32_t reduced; /* its findings reduced so far */
  uint64_t skipped; /* its findings counted for `cause` unreduced */
} fer_hunt_guess;

typedef struct fer_hunt_campaign {
  ferret *f;
  const fer_hunt_config *cfg;
  fer_hunt_stats *st;
  fer_rng rng;
  fer_hunt_run runs[16];
  fer_buf text;
  char script[4096];
  uint64_t reduce_runs;
  uint64_t first_finding; /* resume: the number of the next finding file */
  FER_STACK(fer_hunt_cause) causes; /* the findings grouped by cause */
  FER_STACK(fer_hunt_guess) guesses; /* causes predicted from unreduced
                                        formulas */
  char last_file[64];      /* the last finding's file name */
  fer_hunt_solver kept[16]; /* persistent: the solvers kept running */
  double limit[16];        /* each solver's time limit */
  double recent[16][MEDIAN_WINDOW]; /* its last answers' seconds (a ring) */
  uint64_t answered[16];
  /* the loop (fer_hunt) */
  fer_hunt_agent ag;
  FILE *log;               /* OUT/log.tsv */
  uint64_t first;          /* the first formula's number in the log */
  double t0;               /* when the campaign started */
} fer_hunt_campaign;

/* hunt.c: write formula x and run every solver on it, the runs into
 * c->runs; 0 with the error set. */
int fer_hunt_run_formula(fer_hunt_campaign *, const fer_hunt_formula *x);

/* verdict.c: the verdict on formula x from the runs in c->runs: the
 * first solver's crash, error or rejected model, else a refuted unsat, a
 * disagreement or none; v.wrong names every solver whose model fails. */
fer_hunt_verdict fer_hunt_check(fer_hunt_campaign *, const fer_hunt_formula *x);
/* The target's PAR-2 over the best reference's (Algorithm 1's margin). */
double fer_hunt_margin(const fer_hunt_campaign *);
/* A finding to save and count (a disagreement nobody's model settles is
 * only logged). */
bool fer_hunt_counts(fer_hunt_verdict);

/* reduce.c: x made smaller while it still gives v (a budget of runs). */
void fer_hunt_reduce(fer_hunt_campaign *, fer_hunt_formula *x, fer_hunt_verdict v);

/* causes.c */
/* The cause of finding v on the reduced formula x (fer_malloc'ed). */
char *fer_hunt_cause_key(fer_hunt_campaign *, const fer_hunt_formula *x, fer_hunt_verdict v);
/* One more finding of its cause (a new cause for a new key); takes key. */
void fer_hunt_add_cause_key(fer_hunt_campaign *, char *key, const char *file, double seconds,
                            uint64_t count);
bool fer_hunt_cause_seen(const fer_hunt_campaign *, const char *key);
/* The cause predicted for a finding whose unreduced formula has cause key
 * `pre` (PREDICT_AFTER reductions of that key agreed; counted as skipped),
 * or NULL: reduce it. */
const char *fer_hunt_predicted(fer_hunt_campaign *, const char *pre);
/* A finding of unreduced key `pre` reduced to cause `cause` (neither
 * taken): the prediction table learns it. */
void fer_hunt_learn(fer_hunt_campaign *, const char *pre, const char *cause);
/* OUT/causes.tsv: a row per cause, the most frequent first (bug mode). */
void fer_hunt_write_causes(fer_hunt_campaign *);
/* Resume: the causes found so far, read back from OUT/causes.tsv. */
void fer_hunt_read_causes(fer_hunt_campaign *);
void fer_hunt_release_causes(fer_hunt_campaign *);

/* record.c */
/* b into the file path: 1, or 0 with an I/O error set. */
int fer_hunt_write_file(ferret *, const char *path, const fer_buf *b);
/* The directory path (an existing one is fine): 1, or 0 with the error set. */
int fer_hunt_make_dir(ferret *, const char *path);
/* Finding v on the (reduced) formula x saved in OUT/findings with a header
 * naming its origin, the unreduced formula's formats and operators (from
 * its cause key pre, when not NULL) and every solver's answer;
 * c->last_file its name. */
void fer_hunt_save_finding(fer_hunt_campaign *, const fer_hunt_formula *x, fer_hunt_verdict v,
                           uint64_t iter, const char *origin, const char *pre);
/* A sat/unsat disagreement no model settles (the runs in c->runs) saved
 * whole as OUT/disagree/NNNNNN.smt2, NNNNNN the formula's number, for a
 * check by hand. */
void fer_hunt_save_disagreement(fer_hunt_campaign *, const fer_hunt_formula *x, uint64_t iter,
                                const char *origin);
/* OUT/ranking.tsv: the agent's arms, best first. */
void fer_hunt_write_ranking(fer_hunt_campaign *, const fer_hunt_agent *);
/* The campaign in out_dir goes on: 1 with *log open for appending, *first
 * the next formula's number, the finding files' next number and the
 * agent's statistics restored; 0 when out_dir has no log (a fresh start);
 * -1 with the error set. */
int fer_hunt_resume(fer_hunt_campaign *, const char *logpath, const char *header,
                    fer_hunt_agent *ag, uint64_t *first, FILE **log);

#endif
