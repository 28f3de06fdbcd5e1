/* The reference evaluator's internals, shared by its two drivers: the
 * memo walk (eval.c) and plans (eval_plan.c), both computing a node with
 * the strict operations of eval_ops.c.  Private to src/smt.
 *
 * Values are bit patterns in a fer_u128 (Bool 0/1, RoundingMode a fer_rm);
 * each carries a taint saying how an unspecified choice may change it (the
 * rules are in eval.c's header comment). */
#ifndef FER_EVAL_INTERNAL_H
#define FER_EVAL_INTERNAL_H

#include "fp/fp.h"
#include "smt/eval.h"

enum { TAINT_NONE = 0, TAINT_ZSIGN = 1, TAINT_ANY = 2 };

typedef struct memo_entry {
  fer_u128 val;
  fer_term key;
  uint32_t gen; /* the entry is live iff this is the evaluator's gen */
  uint8_t taint;
} memo_entry;

typedef struct frame {
  fer_term t;
  uint32_t state; /* 0 = not started; else op-specific resume point */
} frame;

/* A memo table keyed by term (open addressing; a new gen empties it) and
 * the walk's explicit stack. */
typedef struct evaluator {
  ferret *f;
  const fer_model *model;
  memo_entry *memo;
  uint32_t cap, count; /* cap is a power of two, load <= 1/2 */
  uint32_t gen;        /* >= 1; a kept table (fer_eval_memo) moves it on */
  FER_STACK(frame) stack;
  /* Values of bit-vectors wider than 128 bits (eval_wide.c): their memo
   * entries hold offsets into this pool.  Only the memo walk sets wide_ok;
   * a plan does not take such widths. */
  FER_STACK(uint64_t) pool;
  bool wide_ok;
} evaluator;

/* Values of up to four argument entries. */
typedef struct args {
  fer_u128 v[4];
  int taint; /* strongest taint of all arguments */
  int ta[4];
} args;

/* What an operation reads of its term besides its arguments' values:
 * looked up per node by the memo walk, once per node by a plan. */
typedef struct node_info {
  fer_term t;
  fer_op op;
  uint32_t n;      /* arguments */
  uint32_t i0, i1; /* the term's indices */
  uint32_t w, w1;  /* the widths (sort_info.a) of arguments 0 and 1 */
  fer_fmt m;       /* the term's FP format */
  fer_fmt am;      /* the first FP argument's (among 0 and 1), or 0 */
  bool fp0;        /* argument 0 is FP */
} node_info;

static inline const fer_sort_info *sort_of(const evaluator *e, fer_term t) {
  return fer_sort_get(e->f, fer_term_sort(e->f, t));
}

static inline int max_taint(int a, int b) { return a > b ? a : b; }

/* A taint as seen by an operation that maps a zero to a zero of the same
 * sign (so ZSIGN stays ZSIGN) or, for other inputs, may change anything. */
static inline int any_if(int taint) { return taint ? TAINT_ANY : TAINT_NONE; }

/* The memo: t's entry or NULL; record t's value (t not yet in it), 0 when
 * out of memory. */
memo_entry *fer_ev_memo_find(const evaluator *, fer_term t);
int fer_ev_memo_put(evaluator *, fer_term t, fer_u128 v, int taint);
/* Push t on the walk's stack at resume point state.  0: memory. */
int fer_ev_push(evaluator *, fer_term t, uint32_t state);
void fer_ev_release(evaluator *);

/* 1 if the semantic library takes t's sort, else 0 with the error set. */
int fer_ev_check_sort(evaluator *, fer_term t);
/* What operation t reads besides its arguments' values. */
void fer_ev_info_of(const evaluator *, fer_term t, node_info *d);
/* The value and taint of a strict operation (not ite, and, or, =>,
 * distinct, arrays) from its arguments'.  0 with the error set when the
 * evaluator does not take it. */
int fer_ev_compute(evaluator *, const node_info *d, const args *a,
                   fer_u128 *out, int *taint);
/* distinct over the n values v (sorted in place). */
bool fer_ev_all_distinct(const node_info *d, fer_u128 *v, uint32_t n);
/* Does argument j with value v decide connective op? */
bool fer_ev_decisive(fer_op op, uint32_t j, fer_u128 v);

/* eval_wide.c: bit-vectors wider than 128 bits.  Is t's sort one; does t
 * or an argument have one; record a wide leaf's limbs; compute a term that
 * touches a wide sort (all arguments in the memo); the limbs of a wide
 * value's memo entry. */
bool fer_ev_is_wide(const evaluator *, fer_term t);
bool fer_ev_touches_wide(const evaluator *, fer_term t);
int fer_ev_wide_leaf(evaluator *, fer_term t, const uint64_t *limbs);
int fer_ev_apply_wide(evaluator *, fer_term t);
const uint64_t *fer_ev_wide_limbs(const evaluator *, fer_u128 off);

#endif
