/* The reference evaluator (contract in eval.h).
 *
 * Shape: an explicit-stack post-order walk (terms may be 10^6 deep) with a
 * memo table keyed by term id, so a DAG with heavy sharing costs time linear
 * in its number of distinct nodes.  Values live in the memo as IEEE / BV bit
 * patterns in a fer_u128 (Bool as 0/1, RoundingMode as fer_rm); only the
 * root's value becomes a term, so evaluation does not fill the store with
 * intermediate constants.
 *
 * ite, and, or and => are lazy: only the arguments needed to decide them
 * are evaluated, so an unassigned variable in a dead branch is harmless.
 *
 * Unspecified results (see eval.h) are tracked per value by a taint:
 *   TAINT_ZSIGN  the value is either determined or a zero whose sign is an
 *                unspecified choice (fp.min/fp.max of +0 and -0).  fp.neg,
 *                fp.sqrt, fp.roundToIntegral, to_fp of FP and min/max keep
 *                that invariant; fp.abs, classification other than
 *                isNegative/isPositive and the IEEE comparisons cannot see
 *                the difference, so they clean it;
 *   TAINT_ANY    the value itself may differ under another choice.
 * An array value is ZSIGN when each of its elements (at any depth) is
 * determined or such a zero: select, store and constant arrays at clean
 * indices keep it, so a read of an element that was never such a zero
 * stays as clean as the rest; = and distinct on arrays see the signs.
 * and/or/=>/ite decided by a clean argument are clean whatever their other
 * arguments are.  Everything else propagates the strongest taint. */
#include <stdlib.h>
#include <string.h>

#include "bv/bv.h"
#include "smt/array.h"
#include "smt/eval.h"
#include "fp/fp.h"

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

typedef struct evaluator {
  ferret *f;
  const fer_model *model;
  memo_entry *memo;
  uint32_t cap, count; /* cap is a power of two, load <= 1/2 */
  uint32_t gen;        /* >= 1; a kept table (fer_eval_memo) moves it on */
  FER_STACK(frame) stack;
} evaluator;

/* ------------------------------------------------------------ memo table */

static uint32_t slot_of(fer_term t, uint32_t cap) {
  return (t * 0x9E3779B1u) & (cap - 1);
}

static memo_entry *memo_find(const evaluator *e, fer_term t) {
  if (!e->cap) return NULL;
  for (uint32_t j = slot_of(t, e->cap);; j = (j + 1) & (e->cap - 1)) {
    memo_entry *m = &e->memo[j];
    if (m->gen != e->gen) return NULL;
    if (m->key == t) return m;
  }
}

static int memo_grow(evaluator *e) {
  uint32_t cap = e->cap ? e->cap * 2 : 64;
  memo_entry *n = fer_calloc(e->f, (size_t)cap * sizeof *n);
  if (!n) return 0;
  for (uint32_t i = 0; i < e->cap; i++) {
    if (e->memo[i].gen != e->gen) continue;
    uint32_t j = slot_of(e->memo[i].key, cap);
    while (n[j].gen == e->gen) j = (j + 1) & (cap - 1);
    n[j] = e->memo[i];
  }
  fer_free(e->f, e->memo, (size_t)e->cap * sizeof *e->memo);
  e->memo = n, e->cap = cap;
  return 1;
}

/* Record t's value (t is not yet in the table). */
static int memo_put(evaluator *e, fer_term t, fer_u128 v, int taint) {
  if ((e->count + 1) * 2 > e->cap && !memo_grow(e)) return 0;
  uint32_t j = slot_of(t, e->cap);
  while (e->memo[j].gen == e->gen) j = (j + 1) & (e->cap - 1);
  e->memo[j].key = t, e->memo[j].val = v, e->memo[j].taint = (uint8_t)taint;
  e->memo[j].gen = e->gen;
  e->count++;
  return 1;
}

static void evaluator_release(evaluator *e) {
  fer_free(e->f, e->memo, (size_t)e->cap * sizeof *e->memo);
  FER_RELEASE(e->f, e->stack);
}

/* -------------------------------------------------------------- helpers */

static const fer_sort_info *sort_of(const evaluator *e, fer_term t) {
  return fer_sort_get(e->f, fer_term_sort(e->f, t));
}

/* Widths the semantic library handles: BV <= 128, FP eb+sb <= 128 with
 * eb <= 30 (fp.h).  Anything wider is valid SMT-LIB we do not evaluate. */
static int check_sort(evaluator *e, fer_term t) {
  const fer_sort_info *s = sort_of(e, t);
  if (s->kind == FER_SORT_BV && s->a > FER_BV_MAX_WIDTH) {
    fer_error(e->f, FERRET_ERROR_UNSUPPORTED, 0, 0,
              "unsupported: bit-vector width %u exceeds %d bits", s->a,
              FER_BV_MAX_WIDTH);
    return 0;
  }
  if (s->kind == FER_SORT_FP &&
      ((uint64_t)s->a + s->b > FER_FMT_MAX_BITS || s->a > 30)) {
    fer_error(e->f, FERRET_ERROR_UNSUPPORTED, 0, 0,
              "unsupported: floating-point format (_ FloatingPoint %u %u) "
              "exceeds %d bits (or 30 exponent bits)",
              s->a, s->b, FER_FMT_MAX_BITS);
    return 0;
  }
  return 1;
}

static int max_taint(int a, int b) { return a > b ? a : b; }

/* A taint as seen by an operation that cannot tell +0 from -0. */
static int sign_blind(int taint) {
  return taint == TAINT_ZSIGN ? TAINT_NONE : taint;
}

/* A taint as seen by an operation that maps a zero to a zero of the same
 * sign (so ZSIGN stays ZSIGN) or, for other inputs, may change anything. */
static int any_if(int taint) { return taint ? TAINT_ANY : TAINT_NONE; }

/* -------------------------------------------------------------- leaves */

static int ground(ferret *, fer_term);

static int eval_var(evaluator *e, fer_term t) {
  ferret *f = e->f;
  uint32_t num = fer_term_idx(f, t, 0);
  fer_term v = e->model && num < e->model->size ? e->model->value[num] : 0;
  if (!v) {
    fer_error(f, FERRET_ERROR_COMMAND, 0, 0, "unassigned variable '%s'",
              fer_var_name(f, t));
    return 0;
  }
  if (fer_term_sort(f, v) != fer_term_sort(f, t)) {
    fer_error(f, FERRET_ERROR_SORT, 0, 0,
              "model value of '%s' has the wrong sort", fer_var_name(f, t));
    return 0;
  }
  fer_op op = fer_term_op(f, v);
  if (op == FER_OP_TRUE || op == FER_OP_FALSE)
    return memo_put(e, t, op == FER_OP_TRUE, TAINT_NONE);
  if (op == FER_OP_STORE || op == FER_OP_CONST_ARRAY) {
    int g = ground(f, v); /* an array value: its canonical id */
    if (g < 0) return 0;  /* out of memory, not a bad model */
    if (g) {
      fer_term c = fer_array_canon(f, v);
      return c && memo_put(e, t, c, TAINT_NONE);
    }
  }
  if (op != FER_OP_CONST) {
    fer_error(f, FERRET_ERROR_SORT, 0, 0,
              "model value of '%s' is not a constant", fer_var_name(f, t));
    return 0;
  }
  return memo_put(e, t, fer_const_u128(f, v), TAINT_NONE);
}

static int eval_leaf(evaluator *e, fer_term t) {
  ferret *f = e->f;
  switch (fer_term_op(f, t)) {
  case FER_OP_TRUE: return memo_put(e, t, 1, TAINT_NONE);
  case FER_OP_FALSE: return memo_put(e, t, 0, TAINT_NONE);
  case FER_OP_CONST: return memo_put(e, t, fer_const_u128(f, t), TAINT_NONE);
  case FER_OP_VAR: return eval_var(e, t);
  case FER_OP_REAL:
    /* Read directly by TO_FP_REAL; the memo entry only marks it done. */
    return memo_put(e, t, 0, TAINT_NONE);
  default: /* FER_OP_PARAM */
    fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0,
              "cannot evaluate a define-fun parameter outside its body");
    return 0;
  }
}

/* ------------------------------------------------- strict bit-vector ops */

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

static void info_of(const evaluator *e, fer_term t, node_info *d) {
  ferret *f = e->f;
  const fer_sort_info *s = sort_of(e, t);
  memset(d, 0, sizeof *d);
  d->t = t, d->op = fer_term_op(f, t), d->n = fer_term_nargs(f, t);
  d->i0 = fer_term_idx(f, t, 0), d->i1 = fer_term_idx(f, t, 1);
  d->m = (fer_fmt){s->a, s->b};
  for (uint32_t i = 0; i < d->n && i < 2; i++) {
    const fer_sort_info *as = sort_of(e, fer_term_arg(f, t, i));
    if (i) d->w1 = as->a;
    else d->w = as->a, d->fp0 = as->kind == FER_SORT_FP;
    if (as->kind == FER_SORT_FP && !d->am.eb) d->am = (fer_fmt){as->a, as->b};
  }
}

static bool bv_op(fer_op op, const args *a, uint32_t w, uint32_t i0,
                  fer_u128 *out) {
  fer_u128 x = a->v[0], y = a->v[1];
  switch (op) {
  case FER_OP_BVNOT: *out = fer_bv_not(x, w); break;
  case FER_OP_BVNEG: *out = fer_bv_neg(x, w); break;
  case FER_OP_BVAND: *out = x & y; break;
  case FER_OP_BVOR: *out = x | y; break;
  case FER_OP_BVXOR: *out = x ^ y; break;
  case FER_OP_BVNAND: *out = fer_bv_not(x & y, w); break;
  case FER_OP_BVNOR: *out = fer_bv_not(x | y, w); break;
  case FER_OP_BVXNOR: *out = fer_bv_not(x ^ y, w); break;
  case FER_OP_BVCOMP: *out = x == y; break;
  case FER_OP_BVADD: *out = fer_bv_add(x, y, w); break;
  case FER_OP_BVSUB: *out = fer_bv_sub(x, y, w); break;
  case FER_OP_BVMUL: *out = fer_bv_mul(x, y, w); break;
  case FER_OP_BVUDIV: *out = fer_bv_udiv(x, y, w); break;
  case FER_OP_BVUREM: *out = fer_bv_urem(x, y, w); break;
  case FER_OP_BVSDIV: *out = fer_bv_sdiv(x, y, w); break;
  case FER_OP_BVSREM: *out = fer_bv_srem(x, y, w); break;
  case FER_OP_BVSMOD: *out = fer_bv_smod(x, y, w); break;
  case FER_OP_BVSHL: *out = fer_bv_shl(x, y, w); break;
  case FER_OP_BVLSHR: *out = fer_bv_lshr(x, y, w); break;
  case FER_OP_BVASHR: *out = fer_bv_ashr(x, y, w); break;
  case FER_OP_ROTATE_LEFT: *out = fer_bv_rotl(x, i0 % w, w); break;
  case FER_OP_ROTATE_RIGHT: *out = fer_bv_rotr(x, i0 % w, w); break;
  case FER_OP_BVULT: *out = fer_bv_ult(x, y, w); break;
  case FER_OP_BVULE: *out = !fer_bv_ult(y, x, w); break;
  case FER_OP_BVUGT: *out = fer_bv_ult(y, x, w); break;
  case FER_OP_BVUGE: *out = !fer_bv_ult(x, y, w); break;
  case FER_OP_BVSLT: *out = fer_bv_slt(x, y, w); break;
  case FER_OP_BVSLE: *out = !fer_bv_slt(y, x, w); break;
  case FER_OP_BVSGT: *out = fer_bv_slt(y, x, w); break;
  case FER_OP_BVSGE: *out = !fer_bv_slt(x, y, w); break;
  case FER_OP_BVNEGO: *out = fer_bv_nego(x, w); break;
  case FER_OP_BVUADDO: *out = fer_bv_uaddo(x, y, w); break;
  case FER_OP_BVSADDO: *out = fer_bv_saddo(x, y, w); break;
  case FER_OP_BVUMULO: *out = fer_bv_umulo(x, y, w); break;
  case FER_OP_BVSMULO: *out = fer_bv_smulo(x, y, w); break;
  case FER_OP_BVUSUBO: *out = fer_bv_usubo(x, y, w); break;
  case FER_OP_BVSSUBO: *out = fer_bv_ssubo(x, y, w); break;
  case FER_OP_BVSDIVO: *out = fer_bv_sdivo(x, y, w); break;
  case FER_OP_BVREDAND: *out = x == fer_bv_mask(w); break;
  case FER_OP_BVREDOR: *out = x != 0; break;
  default: return false;
  }
  return true;
}

/* ----------------------------------------------- strict floating point */

/* FP operators: value and taint.  Returns false if `op` is not one. */
static bool fp_op(evaluator *e, const node_info *d, const args *a,
                  fer_u128 *out, int *taint) {
  ferret *f = e->f;
  fer_op op = d->op;
  fer_fmt m = d->m;
  fer_rm rm = (fer_rm)a->v[0];
  *taint = a->taint;
  switch (op) {
  case FER_OP_FP: {
    *out = fer_fp_canon(m, fer_fp_make(m, (unsigned)a->v[0], a->v[1], a->v[2]));
    return true;
  }
  case FER_OP_FP_ABS:
    *out = fer_fp_abs(m, a->v[0]);
    *taint = sign_blind(a->taint);
    return true;
  case FER_OP_FP_NEG: *out = fer_fp_neg(m, a->v[0]); return true;
  default: break;
  }
  switch (op) {
  case FER_OP_FP_ADD: *out = fer_fp_add(m, rm, a->v[1], a->v[2]); break;
  case FER_OP_FP_SUB: *out = fer_fp_sub(m, rm, a->v[1], a->v[2]); break;
  case FER_OP_FP_MUL: *out = fer_fp_mul(m, rm, a->v[1], a->v[2]); break;
  case FER_OP_FP_DIV: *out = fer_fp_div(m, rm, a->v[1], a->v[2]); break;
  case FER_OP_FP_FMA:
    *out = fer_fp_fma(m, rm, a->v[1], a->v[2], a->v[3]);
    break;
  case FER_OP_FP_SQRT: /* sqrt(+-0) = +-0: a ZSIGN zero stays one */
    *out = fer_fp_sqrt(m, rm, a->v[1]);
    *taint = a->taint > TAINT_ZSIGN || a->ta[0] ? TAINT_ANY : a->taint;
    return true;
  case FER_OP_FP_RTI: /* rti(+-0) = +-0 likewise */
    *out = fer_fp_rti(m, rm, a->v[1]);
    *taint = a->taint > TAINT_ZSIGN || a->ta[0] ? TAINT_ANY : a->taint;
    return true;
  case FER_OP_FP_REM: *out = fer_fp_rem(m, a->v[0], a->v[1]); break;
  case FER_OP_FP_MIN:
  case FER_OP_FP_MAX: {
    fer_u128 x = a->v[0], y = a->v[1];
    *out = op == FER_OP_FP_MIN ? fer_fp_min(m, x, y) : fer_fp_max(m, x, y);
    /* A zero result may be either argument's zero; when their signs differ
     * SMT-LIB leaves the choice open. */
    if (fer_fp_is_zero(m, x) && fer_fp_is_zero(m, y) && x != y)
      *taint = max_taint(*taint, TAINT_ZSIGN);
    return true;
  }
  case FER_OP_TO_FP_BV: *out = fer_fp_canon(m, a->v[0]); break;
  case FER_OP_TO_FP_FP: {
    *out = fer_fp_convert(m, rm, d->am, a->v[1]);
    *taint = a->taint > TAINT_ZSIGN || a->ta[0] ? TAINT_ANY : a->taint;
    return true;
  }
  case FER_OP_TO_FP_SBV:
  case FER_OP_TO_FP_UBV: {
    *out = op == FER_OP_TO_FP_SBV ? fer_fp_from_sbv(m, rm, a->v[1], d->w1)
                                  : fer_fp_from_ubv(m, rm, a->v[1], d->w1);
    break;
  }
  case FER_OP_TO_FP_REAL: {
    fer_term r = fer_term_arg(f, d->t, 1);
    if (fer_term_op(f, r) != FER_OP_REAL) {
      fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0,
                "unsupported: to_fp of a Real that is not a literal");
      *taint = -1;
      return true;
    }
    bool neg;
    const uint32_t *num, *den;
    uint32_t nlen, dlen;
    fer_real_get(f, r, &neg, &num, &nlen, &den, &dlen);
    *out = fer_fp_from_rational(m, rm, neg, num, nlen, den, dlen);
    break;
  }
  default: return false;
  }
  *taint = any_if(*taint);
  return true;
}

/* Operators from FP to Bool or BV. */
static bool fp_query(const node_info *d, const args *a, fer_u128 *out,
                     int *taint) {
  fer_op op = d->op;
  fer_fmt m = d->am; /* of argument 0, or 1 after a rounding mode */
  fer_u128 u = a->v[0], v = a->v[1];
  /* Comparisons and classification (but the sign tests) cannot tell the
   * two zeros apart. */
  *taint = sign_blind(a->ta[0]) > sign_blind(a->ta[1])
               ? sign_blind(a->ta[0])
               : sign_blind(a->ta[1]);
  switch (op) {
  case FER_OP_FP_LEQ: *out = fer_fp_leq(m, u, v); break;
  case FER_OP_FP_LT: *out = fer_fp_lt(m, u, v); break;
  case FER_OP_FP_GEQ: *out = fer_fp_leq(m, v, u); break;
  case FER_OP_FP_GT: *out = fer_fp_lt(m, v, u); break;
  case FER_OP_FP_EQ: *out = fer_fp_eq(m, u, v); break;
  case FER_OP_FP_IS_NORMAL: *out = fer_fp_is_normal(m, u); break;
  case FER_OP_FP_IS_SUBNORMAL: *out = fer_fp_is_subnormal(m, u); break;
  case FER_OP_FP_IS_ZERO: *out = fer_fp_is_zero(m, u); break;
  case FER_OP_FP_IS_INF: *out = fer_fp_is_inf(m, u); break;
  case FER_OP_FP_IS_NAN: *out = fer_fp_is_nan(m, u); break;
  case FER_OP_FP_IS_NEG:
    *out = fer_fp_is_negative(m, u);
    *taint = any_if(a->taint);
    break;
  case FER_OP_FP_IS_POS:
    *out = fer_fp_is_positive(m, u);
    *taint = any_if(a->taint);
    break;
  case FER_OP_FP_TO_UBV:
  case FER_OP_FP_TO_SBV: {
    bool defined = true;
    uint32_t w = d->i0;
    fer_rm rm = (fer_rm)a->v[0];
    *out = op == FER_OP_FP_TO_UBV ? fer_fp_to_ubv(m, rm, a->v[1], w, &defined)
                                  : fer_fp_to_sbv(m, rm, a->v[1], w, &defined);
    *taint = defined ? any_if(a->taint) : TAINT_ANY;
    break;
  }
  case FER_OP_FP_TO_IEEE_BV: /* NaN has many patterns: which is open */
    *out = u;
    *taint = fer_fp_is_nan(m, u) ? TAINT_ANY : any_if(a->taint);
    break;
  default: return false;
  }
  return true;
}

/* ------------------------------------------------------------ strict ops */

/* SMT-LIB equality of two values of a sort: FP (format m) when fp. */
static bool values_equal(bool fp, fer_fmt m, fer_u128 u, fer_u128 v) {
  return fp ? fer_fp_smt_eq(m, u, v) : u == v;
}

static int cmp_u128(const void *p, const void *q) {
  fer_u128 a = *(const fer_u128 *)p, b = *(const fer_u128 *)q;
  return a < b ? -1 : a > b;
}

/* distinct: pairwise, or by sorting when there are many arguments (values
 * are canonical, so for every sort SMT-LIB equality is bit equality). */
/* The strongest taint of t's arguments (all in the memo). */
static int args_taint(const evaluator *e, fer_term t) {
  uint32_t n = fer_term_nargs(e->f, t);
  const fer_term *arg = fer_term_args(e->f, t);
  int taint = TAINT_NONE;
  for (uint32_t i = 0; i < n; i++)
    taint = max_taint(taint, memo_find(e, arg[i])->taint);
  return taint;
}

/* Are the n values v[0..n) of the arguments' sort (d: distinct's)
 * pairwise different?  May reorder v. */
static bool all_distinct(const node_info *d, fer_u128 *v, uint32_t n) {
  if (n <= 16) {
    for (uint32_t i = 0; i < n; i++)
      for (uint32_t j = i + 1; j < n; j++)
        if (values_equal(d->fp0, d->am, v[i], v[j])) return false;
    return true;
  }
  qsort(v, n, sizeof *v, cmp_u128);
  for (uint32_t i = 1; i < n; i++)
    if (v[i] == v[i - 1]) return false;
  return true;
}

static int eval_distinct(evaluator *e, fer_term t) {
  ferret *f = e->f;
  uint32_t n = fer_term_nargs(f, t);
  const fer_term *arg = fer_term_args(f, t);
  fer_u128 small[16], *v = n <= 16 ? small : fer_malloc(f, n * sizeof *v);
  if (!v) return 0;
  for (uint32_t i = 0; i < n; i++) v[i] = memo_find(e, arg[i])->val;
  node_info d;
  info_of(e, t, &d);
  bool r = all_distinct(&d, v, n);
  if (v != small) fer_free(f, v, n * sizeof *v);
  return memo_put(e, t, r, any_if(args_taint(e, t)));
}

/* The value term of memo bits v of sort s (array.h). */
static fer_term value_term(evaluator *e, fer_sort s, fer_u128 v) {
  switch (fer_sort_get(e->f, s)->kind) {
  case FER_SORT_BOOL: return fer_mk_bool(e->f, v != 0);
  case FER_SORT_ARRAY: return (fer_term)v;
  default: return fer_mk_const_u128(e->f, s, v);
  }
}

/* select, store, constant arrays and function applications on array
 * values (array.h).  A tainted index might name another element: ANY;
 * otherwise the strongest taint of the array and the element, ZSIGN kept
 * (see the top of this file). */
static int eval_array(evaluator *e, fer_term t, fer_op op) {
  ferret *f = e->f;
  uint32_t n = fer_term_nargs(f, t);
  const fer_term *arg = fer_term_args(f, t);
  int taint = args_taint(e, t);
  bool clean_index = true;
  if (op == FER_OP_STORE) clean_index = memo_find(e, arg[1])->taint == TAINT_NONE;
  for (uint32_t k = 1; op != FER_OP_STORE && op != FER_OP_CONST_ARRAY && k < n; k++)
    clean_index &= memo_find(e, arg[k])->taint == TAINT_NONE;
  if (!clean_index) taint = TAINT_ANY;
  fer_term r = 0;
  if (op == FER_OP_CONST_ARRAY) {
    fer_term v = value_term(e, fer_term_sort(f, arg[0]), memo_find(e, arg[0])->val);
    r = v ? fer_array_const(f, fer_term_sort(f, t), v) : 0;
  } else if (op == FER_OP_STORE) {
    fer_term i = value_term(e, fer_term_sort(f, arg[1]), memo_find(e, arg[1])->val);
    fer_term v = value_term(e, fer_term_sort(f, arg[2]), memo_find(e, arg[2])->val);
    r = i && v ? fer_array_store(f, (fer_term)memo_find(e, arg[0])->val, i, v) : 0;
  } else { /* SELECT (array, index) or APPLY (function, arguments) */
    fer_term a = (fer_term)memo_find(e, arg[0])->val;
    for (uint32_t k = 1; a && k < n; k++) {
      fer_term i = value_term(e, fer_term_sort(f, arg[k]), memo_find(e, arg[k])->val);
      a = i ? fer_array_select(f, a, i) : 0;
    }
    r = a;
  }
  if (!r) return 0;
  return memo_put(e, t, fer_value_bits(f, r), taint);
}

/* The value and taint of node d (not a leaf, connective, ite, distinct
 * or array operator) from its arguments' values a.  1, or 0 with
 * the context's error set (an operator this evaluator does not know). */
static int compute(evaluator *e, const node_info *d, const args *a,
                   fer_u128 *value, int *taint_out) {
  fer_op op = d->op;
  fer_u128 out = 0;
  int taint = any_if(a->taint);
  uint32_t w = d->w; /* first argument's width */
  switch (op) {
  case FER_OP_NOT: out = !a->v[0]; break;
  case FER_OP_XOR: out = a->v[0] != a->v[1]; break;
  case FER_OP_EQ: out = values_equal(d->fp0, d->am, a->v[0], a->v[1]); break;
  case FER_OP_CONCAT: out = fer_bv_concat(a->v[0], a->v[1], d->w1); break;
  case FER_OP_EXTRACT: out = fer_bv_extract(a->v[0], d->i0, d->i1); break;
  case FER_OP_REPEAT: out = fer_bv_repeat(a->v[0], d->i0, w); break;
  case FER_OP_ZERO_EXTEND: out = a->v[0]; break;
  case FER_OP_SIGN_EXTEND: out = fer_bv_sign_extend(a->v[0], d->i0, w); break;
  default:
    if (bv_op(op, a, w, d->i0, &out)) break;
    if (fp_op(e, d, a, &out, &taint) || fp_query(d, a, &out, &taint)) {
      if (taint < 0) return 0;
      break;
    }
    fer_error(e->f, FERRET_ERROR_UNSUPPORTED, 0, 0,
              "unsupported: cannot evaluate '%s'", fer_op_table[op].name);
    return 0;
  }
  *value = out, *taint_out = taint;
  return 1;
}

/* All arguments of t are in the memo: compute t. */
static int apply(evaluator *e, fer_term t) {
  ferret *f = e->f;
  fer_op op = fer_term_op(f, t);
  if (op == FER_OP_DISTINCT) return eval_distinct(e, t);
  if (op == FER_OP_SELECT || op == FER_OP_STORE || op == FER_OP_CONST_ARRAY ||
      op == FER_OP_APPLY)
    return eval_array(e, t, op);
  uint32_t n = fer_term_nargs(f, t);
  args a;
  memset(&a, 0, sizeof a);
  for (uint32_t i = 0; i < n && i < 4; i++) {
    const memo_entry *m = memo_find(e, fer_term_arg(f, t, i));
    a.v[i] = m->val, a.ta[i] = m->taint;
    a.taint = max_taint(a.taint, m->taint);
  }
  node_info d;
  info_of(e, t, &d);
  fer_u128 out;
  int taint;
  return compute(e, &d, &a, &out, &taint) && memo_put(e, t, out, taint);
}

/* --------------------------------------------------------------- driver */

static int push(evaluator *e, fer_term t, uint32_t state) {
  frame fr = {t, state};
  return FER_PUSH(e->f, e->stack, fr);
}

/* ite at resume point 1 (condition known): take the chosen branch. */
static int step_ite(evaluator *e, fer_term t) {
  const fer_term *arg = fer_term_args(e->f, t);
  const memo_entry *c = memo_find(e, arg[0]);
  fer_term b = c->val ? arg[1] : arg[2];
  const memo_entry *v = memo_find(e, b);
  if (!v) return push(e, t, 1) && push(e, b, 0);
  /* A tainted condition might pick the other branch. */
  int taint = c->taint ? TAINT_ANY : v->taint;
  return memo_put(e, t, v->val, taint);
}

/* and / or / =>: resume at argument `i` (arguments before it are done and
 * none of them is a clean decisive one).  An argument is decisive when it
 * alone fixes the result (false for and; true for or; for =>, a false
 * premise or a true conclusion).  Stop at the first clean decisive one;
 * otherwise one last pass over all arguments finds the value and taint,
 * so a connective of n arguments costs O(n) however often it resumes. */
static bool decisive(fer_op op, uint32_t j, fer_u128 v) {
  if (op == FER_OP_AND || (op == FER_OP_IMPLIES && j == 0)) return !v;
  return v != 0;
}

static int step_connective(evaluator *e, fer_term t, fer_op op, uint32_t i) {
  const fer_term *arg = fer_term_args(e->f, t);
  uint32_t n = fer_term_nargs(e->f, t);
  for (uint32_t j = i; j < n; j++) {
    const memo_entry *m = memo_find(e, arg[j]);
    if (!m) return push(e, t, j) && push(e, arg[j], 0);
    if (!m->taint && decisive(op, j, m->val))
      return memo_put(e, t, op != FER_OP_AND, TAINT_NONE);
  }
  bool decided = false;
  int taint = TAINT_NONE;
  for (uint32_t j = 0; j < n; j++) {
    const memo_entry *m = memo_find(e, arg[j]);
    decided |= decisive(op, j, m->val);
    taint = max_taint(taint, m->taint);
  }
  bool value = op == FER_OP_AND ? !decided : decided;
  return memo_put(e, t, value, any_if(taint));
}

/* Process one frame.  Returns 0 on error (recorded in the context). */
static int step(evaluator *e, frame fr) {
  ferret *f = e->f;
  fer_term t = fr.t;
  fer_op op = fer_term_op(f, t);
  if (fr.state == 0) {
    if (memo_find(e, t)) return 1; /* shared: already evaluated */
    if (!check_sort(e, t)) return 0;
    if (fer_op_table[op].kind == FER_KIND_LEAF) return eval_leaf(e, t);
  }
  switch (op) {
  case FER_OP_ITE:
    if (fr.state == 0) {
      fer_term c = fer_term_arg(f, t, 0);
      if (!memo_find(e, c)) return push(e, t, 1) && push(e, c, 0);
    }
    return step_ite(e, t);
  case FER_OP_AND:
  case FER_OP_OR:
  case FER_OP_IMPLIES: return step_connective(e, t, op, fr.state);
  default: break;
  }
  if (fr.state == 0) {
    uint32_t n = fer_term_nargs(f, t);
    const fer_term *arg = fer_term_args(f, t);
    bool ready = true;
    for (uint32_t i = 0; i < n; i++) {
      if (memo_find(e, arg[i])) continue;
      if (ready && !push(e, t, 1)) return 0;
      ready = false;
      if (!push(e, arg[i], 0)) return 0;
    }
    if (!ready) return 1;
  }
  return apply(e, t);
}

/* Evaluate t into the memo; returns its entry or NULL. */
static const memo_entry *run(evaluator *e, fer_term t) {
  if (!push(e, t, 0)) return NULL;
  while (e->stack.size) {
    frame fr = FER_POP(e->stack);
    if (!step(e, fr)) return NULL;
  }
  return memo_find(e, t);
}

fer_term fer_eval(ferret *f, fer_term t, const fer_model *model,
                  bool *unspecified) {
  FER_REQUIRE(f, f && t && t < f->store->nodes.size, "invalid term");
  if (unspecified) *unspecified = false;
  const fer_sort_info *s = fer_sort_get(f, fer_term_sort(f, t));
  if (s->kind == FER_SORT_REAL) {
    if (fer_term_op(f, t) == FER_OP_REAL) return t;
    fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0,
              "unsupported: evaluating a Real term");
    return 0;
  }
  evaluator e;
  memset(&e, 0, sizeof e);
  e.f = f, e.model = model, e.gen = 1;
  fer_term r = 0;
  const memo_entry *m = run(&e, t);
  if (m) {
    if (unspecified) *unspecified = m->taint != TAINT_NONE;
    r = value_term(&e, fer_term_sort(f, t), m->val);
  }
  evaluator_release(&e);
  return r;
}

int fer_eval_holds_memo(ferret *f, fer_eval_memo *kept, const fer_term *a,
                        size_t n, const fer_model *model) {
  FER_REQUIRE(f, f && kept && (a || !n), "NULL argument");
  evaluator e;
  memset(&e, 0, sizeof e);
  e.f = f, e.model = model;
  e.memo = kept->table, e.cap = kept->cap, e.gen = kept->gen + 1;
  e.stack.data = kept->frames, e.stack.cap = kept->frames_cap;
  if (!e.gen) { /* after 2^32 - 1 uses: every entry dead again */
    memset(e.memo, 0, (size_t)e.cap * sizeof *e.memo);
    e.gen = 1;
  }
  int r = 1;
  for (size_t i = 0; r && i < n; i++) {
    FER_REQUIRE(f, a[i] && a[i] < f->store->nodes.size, "invalid term");
    const memo_entry *m = run(&e, a[i]);
    if (!m || (m->taint == TAINT_NONE && m->val != 1)) r = 0;
    else if (m->taint != TAINT_NONE) r = -1;
  }
  kept->table = e.memo, kept->cap = e.cap, kept->gen = e.gen;
  kept->frames = e.stack.data, kept->frames_cap = e.stack.cap;
  return r;
}

void fer_eval_memo_release(ferret *f, fer_eval_memo *kept) {
  evaluator e;
  memset(&e, 0, sizeof e);
  e.f = f, e.memo = kept->table, e.cap = kept->cap;
  e.stack.data = kept->frames, e.stack.cap = kept->frames_cap;
  evaluator_release(&e);
  memset(kept, 0, sizeof *kept);
}

int fer_eval_holds(ferret *f, const fer_term *a, size_t n, const fer_model *model) {
  fer_eval_memo kept = {0};
  int r = fer_eval_holds_memo(f, &kept, a, n, model);
  fer_eval_memo_release(f, &kept);
  return r;
}

int fer_eval_visit(ferret *f, const fer_term *a, size_t n,
                   const fer_model *model, fer_eval_visit_fn visit,
                   void *user) {
  FER_REQUIRE(f, f && (a || !n) && visit, "NULL argument");
  evaluator e;
  memset(&e, 0, sizeof e);
  e.f = f, e.model = model, e.gen = 1;
  int ok = 1;
  for (size_t i = 0; ok && i < n; i++) {
    FER_REQUIRE(f, a[i] && a[i] < f->store->nodes.size, "invalid term");
    ok = run(&e, a[i]) != NULL;
  }
  for (uint32_t j = 0; ok && j < e.cap; j++)
    if (e.memo[j].gen == e.gen) visit(user, e.memo[j].key, e.memo[j].val);
  evaluator_release(&e);
  return ok;
}

/* ---------------------------------------------------------------- plans */

typedef struct plan_node {
  node_info d;
  uint32_t arg; /* arguments: positions args[arg .. arg + d.n) */
  uint32_t var; /* FER_OP_VAR: its index in vars */
} plan_node;

/* Stage k < nelim computes elim_def[k] in nodes [stage[k], stage[k + 1])
 * and gives its value, root[k], to vars[elim[k]]; the last stage computes
 * the assertions, root[nelim ..]. */
typedef struct plan_fp {
  uint32_t var; /* an FP variable's index, and its format */
  fer_fmt m;
} plan_fp;

struct fer_eval_plan {
  FER_STACK(plan_node) nodes;
  FER_STACK(uint32_t) args, stage, elim, root;
  FER_STACK(plan_fp) fp;     /* the FP variables */
  fer_fmt *elim_fmt;         /* per eliminated variable: FP format or 0 */
  size_t nval;       /* entries of val, taint and changed */
  fer_u128 *val;     /* per node */
  uint8_t *taint;
  /* Per node: did its value or taint change in this check?  A check
   * recomputes only the nodes with a changed argument, the rest keep the
   * last check's results (every operation is a function of its arguments'
   * values and taints alone); `warm` says there are such results. */
  uint8_t *changed;
  bool warm;
  fer_u128 *scratch; /* distinct's values */
  uint32_t nscratch;
};

void fer_eval_plan_free(ferret *f, fer_eval_plan *p) {
  if (!p) return;
  fer_free(f, p->val, p->nval * sizeof *p->val);
  fer_free(f, p->taint, p->nval);
  fer_free(f, p->changed, p->nval);
  fer_free(f, p->scratch, p->nscratch * sizeof *p->scratch);
  FER_RELEASE(f, p->nodes);
  FER_RELEASE(f, p->args);
  FER_RELEASE(f, p->stage);
  FER_RELEASE(f, p->elim);
  FER_RELEASE(f, p->root);
  FER_RELEASE(f, p->fp);
  fer_free(f, p->elim_fmt, (p->elim.size ? p->elim.size : 1) * sizeof *p->elim_fmt);
  fer_free(f, p, sizeof *p);
}

/* Can a plan take node d?  Sets the error if not. */
static int plannable(evaluator *e, const node_info *d) {
  ferret *f = e->f;
  fer_op op = d->op;
  const fer_sort_info *s = sort_of(e, d->t);
  if (!check_sort(e, d->t)) return 0;
  if (s->kind != FER_SORT_BOOL && s->kind != FER_SORT_BV &&
      s->kind != FER_SORT_FP && s->kind != FER_SORT_RM &&
      !(op == FER_OP_REAL && s->kind == FER_SORT_REAL)) {
    fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0, "plan: a term of this sort");
    return 0;
  }
  switch (op) {
  case FER_OP_TRUE: case FER_OP_FALSE: case FER_OP_CONST: case FER_OP_VAR:
  case FER_OP_REAL: case FER_OP_ITE: case FER_OP_AND: case FER_OP_OR:
  case FER_OP_IMPLIES: case FER_OP_DISTINCT:
    return 1;
  default: break;
  }
  if (fer_op_table[op].kind == FER_KIND_LEAF) {
    fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0, "plan: a parameter");
    return 0;
  }
  /* A dry run on zeros fails exactly where compute cannot go: that
   * depends on the operator and the term alone. */
  args a;
  memset(&a, 0, sizeof a);
  fer_u128 out;
  int taint;
  return compute(e, d, &a, &out, &taint);
}

/* Lay out the DAG of `root` as the next nodes, in post-order, each shared
 * node once within the stage (e's memo maps a term to its position; vi's
 * maps a variable to its index).  Its position in *pos. */
static int plan_dag(evaluator *e, fer_eval_plan *p, fer_term root,
                    const evaluator *vi, uint32_t *pos) {
  ferret *f = e->f;
  if (!push(e, root, 0)) return 0;
  while (e->stack.size) {
    frame fr = FER_POP(e->stack);
    fer_term t = fr.t;
    if (memo_find(e, t)) continue;
    uint32_t n = fer_term_nargs(f, t);
    const fer_term *arg = fer_term_args(f, t);
    if (!fr.state) { /* the arguments first */
      if (!push(e, t, 1)) return 0;
      for (uint32_t i = n; i-- > 0;)
        if (!memo_find(e, arg[i]) && !push(e, arg[i], 0)) return 0;
      continue;
    }
    plan_node nd = {.arg = (uint32_t)p->args.size};
    info_of(e, t, &nd.d);
    if (!plannable(e, &nd.d)) return 0;
    fer_op op = nd.d.op;
    if (op == FER_OP_VAR) {
      const memo_entry *m = memo_find(vi, t);
      if (!m) {
        fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0, "plan: variable '%s' not given",
                  fer_var_name(f, t));
        return 0;
      }
      nd.var = (uint32_t)m->val;
    }
    for (uint32_t i = 0; i < n; i++)
      if (!FER_PUSH(f, p->args, (uint32_t)memo_find(e, arg[i])->val)) return 0;
    if (op == FER_OP_DISTINCT && n > p->nscratch) p->nscratch = n;
    if (!FER_PUSH(f, p->nodes, nd) || !memo_put(e, t, p->nodes.size - 1, 0)) return 0;
  }
  *pos = (uint32_t)memo_find(e, root)->val;
  return 1;
}

/* Stage k of the plan: the eliminated variable k, or (k == nelim) the
 * assertions. */
static int plan_stage(evaluator *e, fer_eval_plan *p, const evaluator *vi,
                      const fer_term *roots, size_t n) {
  e->gen++, e->count = 0; /* a fresh memo, as each fer_eval has */
  if (!FER_PUSH(e->f, p->stage, (uint32_t)p->nodes.size)) return 0;
  for (size_t i = 0; i < n; i++) {
    uint32_t pos;
    if (!plan_dag(e, p, roots[i], vi, &pos) || !FER_PUSH(e->f, p->root, pos)) return 0;
  }
  return 1;
}

/* The arrays a check fills, and the constants' values, once. */
static int plan_arrays(ferret *f, fer_eval_plan *p) {
  p->nval = p->nodes.size ? p->nodes.size : 1;
  p->val = fer_malloc(f, p->nval * sizeof *p->val);
  p->taint = fer_calloc(f, p->nval);
  p->changed = fer_calloc(f, p->nval);
  if (!p->nscratch) p->nscratch = 1;
  p->scratch = fer_malloc(f, p->nscratch * sizeof *p->scratch);
  if (!p->val || !p->taint || !p->changed || !p->scratch) return 0;
  for (size_t i = 0; i < p->nodes.size; i++) {
    const plan_node *nd = &p->nodes.data[i];
    p->val[i] = nd->d.op == FER_OP_CONST  ? fer_const_u128(f, nd->d.t)
                : nd->d.op == FER_OP_TRUE ? 1
                                          : 0;
  }
  return 1;
}

fer_eval_plan *fer_eval_plan_new(ferret *f, const fer_term *vars, size_t nvars,
                                 const fer_term *elim_var, const fer_term *elim_def,
                                 size_t nelim, const fer_term *a, size_t n) {
  FER_REQUIRE(f, f && (vars || !nvars) && (elim_var || !nelim) && (a || !n),
              "NULL argument");
  fer_eval_plan *p = fer_calloc(f, sizeof *p);
  evaluator vi, e;
  memset(&vi, 0, sizeof vi);
  memset(&e, 0, sizeof e);
  vi.f = e.f = f, vi.gen = e.gen = 1;
  int ok = p != NULL;
  for (size_t i = 0; ok && i < nvars; i++) {
    if (memo_find(&vi, vars[i])) continue;
    ok = memo_put(&vi, vars[i], i, TAINT_NONE);
    const fer_sort_info *si = sort_of(&vi, vars[i]);
    plan_fp x = {(uint32_t)i, {si->a, si->b}};
    if (ok && si->kind == FER_SORT_FP) ok = FER_PUSH(f, p->fp, x);
  }
  for (size_t k = 0; ok && k < nelim; k++) {
    const memo_entry *m = memo_find(&vi, elim_var[k]);
    if (!m)
      fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0, "plan: variable '%s' not given",
                fer_var_name(f, elim_var[k]));
    ok = m && FER_PUSH(f, p->elim, (uint32_t)m->val) &&
         plan_stage(&e, p, &vi, &elim_def[k], 1);
  }
  ok = ok && plan_stage(&e, p, &vi, a, n) &&
       FER_PUSH(f, p->stage, (uint32_t)p->nodes.size) && plan_arrays(f, p);
  if (ok) ok = (p->elim_fmt = fer_calloc(f, (nelim ? nelim : 1) * sizeof *p->elim_fmt)) != NULL;
  for (size_t k = 0; ok && k < nelim; k++) {
    const fer_sort_info *si = sort_of(&vi, elim_var[k]);
    if (si->kind == FER_SORT_FP) p->elim_fmt[k] = (fer_fmt){si->a, si->b};
  }
  evaluator_release(&vi);
  evaluator_release(&e);
  if (!ok) {
    fer_eval_plan_free(f, p);
    return NULL;
  }
  return p;
}

/* and / or / => over the values of its arguments, as step_connective
 * decides them. */
static void plan_connective(fer_eval_plan *p, const plan_node *nd, size_t i) {
  const uint32_t *arg = p->args.data + nd->arg;
  fer_op op = nd->d.op;
  for (uint32_t j = 0; j < nd->d.n; j++)
    if (!p->taint[arg[j]] && decisive(op, j, p->val[arg[j]])) {
      p->val[i] = op != FER_OP_AND, p->taint[i] = TAINT_NONE;
      return;
    }
  bool decided = false;
  int taint = TAINT_NONE;
  for (uint32_t j = 0; j < nd->d.n; j++) {
    decided |= decisive(op, j, p->val[arg[j]]);
    taint = max_taint(taint, p->taint[arg[j]]);
  }
  p->val[i] = op == FER_OP_AND ? !decided : decided;
  p->taint[i] = (uint8_t)any_if(taint);
}

/* Node i from its arguments.  0 on failure (error set). */
static int plan_node_eval(evaluator *e, fer_eval_plan *p, size_t i,
                          const fer_u128 *vals) {
  const plan_node *nd = &p->nodes.data[i];
  const uint32_t *arg = p->args.data + nd->arg;
  switch (nd->d.op) {
  case FER_OP_TRUE: case FER_OP_FALSE: case FER_OP_CONST: case FER_OP_REAL:
    return 1;
  case FER_OP_VAR: p->val[i] = vals[nd->var]; return 1; /* never tainted */
  case FER_OP_ITE: { /* a tainted condition might pick the other branch */
    uint32_t b = p->val[arg[0]] ? arg[1] : arg[2];
    p->val[i] = p->val[b];
    p->taint[i] = p->taint[arg[0]] ? TAINT_ANY : p->taint[b];
    return 1;
  }
  case FER_OP_AND: case FER_OP_OR: case FER_OP_IMPLIES:
    plan_connective(p, nd, i);
    return 1;
  case FER_OP_DISTINCT: {
    int taint = TAINT_NONE;
    for (uint32_t j = 0; j < nd->d.n; j++) {
      p->scratch[j] = p->val[arg[j]];
      taint = max_taint(taint, p->taint[arg[j]]);
    }
    p->val[i] = all_distinct(&nd->d, p->scratch, nd->d.n);
    p->taint[i] = (uint8_t)any_if(taint);
    return 1;
  }
  default: break;
  }
  args a;
  memset(&a, 0, sizeof a);
  for (uint32_t j = 0; j < nd->d.n && j < 4; j++) {
    a.v[j] = p->val[arg[j]], a.ta[j] = p->taint[arg[j]];
    a.taint = max_taint(a.taint, a.ta[j]);
  }
  int taint;
  if (!compute(e, &nd->d, &a, &p->val[i], &taint)) return 0;
  p->taint[i] = (uint8_t)taint;
  return 1;
}

/* Node i in a warm check: recomputed when an argument (for a variable:
 * its value) changed since the last check, else kept.  0 on failure. */
static int plan_step(evaluator *e, fer_eval_plan *p, size_t i, const fer_u128 *vals) {
  const plan_node *nd = &p->nodes.data[i];
  if (nd->d.op == FER_OP_VAR) {
    p->changed[i] = p->val[i] != vals[nd->var];
    p->val[i] = vals[nd->var];
    return 1;
  }
  const uint32_t *arg = p->args.data + nd->arg;
  uint8_t any = 0;
  for (uint32_t j = 0; j < nd->d.n; j++) any |= p->changed[arg[j]];
  p->changed[i] = 0;
  if (!any) return 1;
  fer_u128 v = p->val[i];
  uint8_t t = p->taint[i];
  if (!plan_node_eval(e, p, i, vals)) return 0;
  p->changed[i] = v != p->val[i] || t != p->taint[i];
  return 1;
}

int fer_eval_plan_holds(ferret *f, fer_eval_plan *p, fer_u128 *vals) {
  FER_REQUIRE(f, f && p && vals, "NULL argument");
  evaluator e;
  memset(&e, 0, sizeof e);
  e.f = f;
  size_t nstage = p->stage.size - 1, nelim = p->elim.size;
  for (size_t k = 0; k < p->fp.size; k++) { /* every NaN one value, as */
    const plan_fp *x = &p->fp.data[k];      /* a model's constants have */
    vals[x->var] = fer_fp_canon(x->m, vals[x->var]);
  }
  bool warm = p->warm;
  p->warm = false; /* until this check completes */
  for (size_t k = 0; k < nstage; k++) {
    for (size_t i = p->stage.data[k]; i < p->stage.data[k + 1]; i++)
      if (!(warm ? plan_step(&e, p, i, vals) : plan_node_eval(&e, p, i, vals))) return 0;
    if (k < nelim) {
      fer_u128 v = p->val[p->root.data[k]];
      vals[p->elim.data[k]] = p->elim_fmt[k].eb ? fer_fp_canon(p->elim_fmt[k], v) : v;
    }
  }
  p->warm = true;
  int r = 1;
  for (size_t i = nelim; r && i < p->root.size; i++) {
    uint32_t x = p->root.data[i];
    if (p->taint[x] == TAINT_NONE && p->val[x] != 1) r = 0;
    else if (p->taint[x] != TAINT_NONE) r = -1;
  }
  return r;
}

fer_u128 fer_eval_plan_value(const fer_eval_plan *p, size_t i, bool *unspecified) {
  uint32_t x = p->root.data[p->elim.size + i];
  if (unspecified) *unspecified = p->taint[x] != TAINT_NONE;
  return p->val[x];
}

/* ---------------------------------------------------------- groundness */

/* 1: t contains no variable; 0: it does; -1: out of memory (error set). */
static int ground(ferret *f, fer_term t) {
  FER_REQUIRE(f, f && t && t < f->store->nodes.size, "invalid term");
  evaluator e; /* only its memo (as a visited set) and stack */
  memset(&e, 0, sizeof e);
  e.f = f, e.gen = 1;
  int r = 1;
  if (!push(&e, t, 0)) return -1;
  while (r == 1 && e.stack.size) {
    fer_term u = FER_POP(e.stack).t;
    if (memo_find(&e, u)) continue;
    fer_op op = fer_term_op(f, u);
    if (op == FER_OP_VAR || op == FER_OP_PARAM) r = 0;
    if (!memo_put(&e, u, 0, 0)) r = -1;
    uint32_t n = fer_term_nargs(f, u);
    for (uint32_t i = 0; i < n && r == 1; i++) {
      fer_term c = fer_term_arg(f, u, i);
      if (!memo_find(&e, c) && !push(&e, c, 0)) r = -1;
    }
  }
  evaluator_release(&e);
  return r;
}

bool fer_term_is_ground(ferret *f, fer_term t) {
  return ground(f, t) == 1; /* out of memory: say no */
}
