/* The reference evaluator on bit-vectors wider than 128 bits (the memo
 * walk of eval.c comes here for every term that has such a sort or such
 * an argument).
 *
 * A wide value lives in the evaluator's limb pool (little-endian 64-bit
 * limbs, bv/bvw.h); its memo entry holds the offset of its first limb, so
 * ite, which copies an argument's entry, needs nothing special.  The pool
 * only grows during one evaluation (offsets stay valid) and is emptied
 * with the memo.  Values of at most 128 bits keep the fer_u128 of the memo:
 * an operation with a wide argument or result reads those as two limbs.
 * Operations: every QF_BV operator through fer_bvw_apply, = and distinct,
 * and the FP conversions to and from wide bit-vectors. */
#include <string.h>

#include "bv/bv.h"
#include "bv/bvw.h"
#include "smt/eval_internal.h"

bool fer_ev_is_wide(const evaluator *e, fer_term t) {
  const fer_sort_info *s = sort_of(e, t);
  return s->kind == FER_SORT_BV && s->a > FER_BV_MAX_WIDTH;
}

bool fer_ev_touches_wide(const evaluator *e, fer_term t) {
  if (fer_ev_is_wide(e, t)) return true;
  uint32_t n = fer_term_nargs(e->f, t);
  const fer_term *arg = fer_term_args(e->f, t);
  for (uint32_t i = 0; i < n; i++)
    if (fer_ev_is_wide(e, arg[i])) return true;
  return false;
}

/* Room for k more limbs (pointers into the pool are invalid after). */
static int reserve(evaluator *e, size_t k) {
  return e->pool.size + k <= e->pool.cap || FER_RESERVE(e->f, e->pool, k);
}

int fer_ev_wide_leaf(evaluator *e, fer_term t, const uint64_t *limbs) {
  uint32_t n = fer_bvw_limbs(sort_of(e, t)->a);
  if (!reserve(e, n)) return 0;
  fer_u128 off = e->pool.size;
  memcpy(e->pool.data + off, limbs, n * sizeof *limbs);
  e->pool.size += n;
  return fer_ev_memo_put(e, t, off, TAINT_NONE);
}

const uint64_t *fer_ev_wide_limbs(const evaluator *e, fer_u128 off) {
  return e->pool.data + (size_t)off;
}

/* The limbs of argument value m of width w: in the pool when wide, else
 * copied into small[2]. */
static const uint64_t *limbs_of(const evaluator *e, const memo_entry *m,
                                uint32_t w, uint64_t *small) {
  if (w > FER_BV_MAX_WIDTH) return e->pool.data + (size_t)m->val;
  small[0] = (uint64_t)m->val, small[1] = (uint64_t)(m->val >> 64);
  return small;
}

/* = (a chain: neighbours equal) and distinct (no two equal) over wide
 * arguments. */
static int wide_eq(evaluator *e, fer_term t, fer_op op, int taint) {
  ferret *f = e->f;
  uint32_t n = fer_term_nargs(f, t);
  const fer_term *arg = fer_term_args(f, t);
  uint32_t w = sort_of(e, arg[0])->a;
  bool r = true;
  for (uint32_t i = 0; r && i + 1 < n; i++) {
    const uint64_t *x = e->pool.data + (size_t)fer_ev_memo_find(e, arg[i])->val;
    if (op == FER_OP_EQ) {
      const uint64_t *y = e->pool.data + (size_t)fer_ev_memo_find(e, arg[i + 1])->val;
      r = fer_bvw_cmp(x, y, w) == 0;
      continue;
    }
    for (uint32_t j = i + 1; r && j < n; j++) {
      const uint64_t *y = e->pool.data + (size_t)fer_ev_memo_find(e, arg[j])->val;
      r = fer_bvw_cmp(x, y, w) != 0;
    }
  }
  return fer_ev_memo_put(e, t, r, any_if(taint));
}

int fer_ev_apply_wide(evaluator *e, fer_term t) {
  ferret *f = e->f;
  fer_op op = fer_term_op(f, t);
  uint32_t n = fer_term_nargs(f, t);
  const fer_term *arg = fer_term_args(f, t);
  const memo_entry *m[4] = {0};
  int taint = TAINT_NONE;
  for (uint32_t i = 0; i < n; i++) {
    const memo_entry *mi = fer_ev_memo_find(e, arg[i]);
    if (i < 4) m[i] = mi;
    taint = max_taint(taint, mi->taint);
  }
  if (op == FER_OP_EQ || op == FER_OP_DISTINCT) return wide_eq(e, t, op, taint);
  const fer_sort_info *st = sort_of(e, t);
  uint32_t i0 = fer_term_idx(f, t, 0), i1 = fer_term_idx(f, t, 1);
  /* FP conversions: the bit-vector is argument 1, after the rounding mode */
  if (op == FER_OP_TO_FP_UBV || op == FER_OP_TO_FP_SBV ||
      op == FER_OP_FP_TO_UBV || op == FER_OP_FP_TO_SBV) {
    fer_fmt m1 = {st->a, st->b};
    fer_rm rm = (fer_rm)m[0]->val;
    uint32_t w = op == FER_OP_FP_TO_UBV || op == FER_OP_FP_TO_SBV ? st->a
                                                                  : sort_of(e, arg[1])->a;
    size_t need = fer_bvw_limbs(w) + 2 * (size_t)fer_bvw_scratch(w);
    if (!reserve(e, need)) return 0;
    fer_u128 off = e->pool.size;
    uint64_t *out = e->pool.data + off, *tmp = out + fer_bvw_limbs(w);
    if (op == FER_OP_TO_FP_UBV || op == FER_OP_TO_FP_SBV) {
      const uint64_t *x = e->pool.data + (size_t)m[1]->val;
      fer_u128 v = fer_fp_from_bvw(m1, rm, x, w, op == FER_OP_TO_FP_SBV, tmp);
      return fer_ev_memo_put(e, t, v, any_if(taint));
    }
    const fer_sort_info *sa = sort_of(e, arg[1]);
    fer_fmt am = {sa->a, sa->b};
    bool defined = true;
    fer_fp_to_bvw(am, rm, m[1]->val, w, op == FER_OP_FP_TO_SBV, out, &defined, tmp);
    e->pool.size += fer_bvw_limbs(w);
    return fer_ev_memo_put(e, t, off, defined ? any_if(taint) : TAINT_ANY);
  }
  uint32_t wa = n ? sort_of(e, arg[0])->a : 0, wb = n > 1 ? sort_of(e, arg[1])->a : 0;
  if (op == FER_OP_ITE || n > 2 ||
      (n && sort_of(e, arg[0])->kind != FER_SORT_BV)) {
    fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0,
              "unsupported: '%s' on bit-vectors wider than %d bits",
              fer_op_table[op].name, FER_BV_MAX_WIDTH);
    return 0;
  }
  uint32_t rw = fer_bvw_result_width(op, wa, wb, i0, i1);
  if (!rw) {
    fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0,
              "unsupported: cannot evaluate '%s' on bit-vectors wider than %d bits",
              fer_op_table[op].name, FER_BV_MAX_WIDTH);
    return 0;
  }
  uint32_t big = rw > wa ? rw : wa;
  big = wb > big ? wb : big;
  size_t rn = fer_bvw_limbs(rw);
  if (!reserve(e, rn + fer_bvw_scratch(big))) return 0;
  fer_u128 off = e->pool.size;
  uint64_t *r = e->pool.data + off, *tmp = r + rn;
  uint64_t sa[2], sb[2];
  const uint64_t *a = limbs_of(e, m[0], wa, sa);
  const uint64_t *b = n > 1 ? limbs_of(e, m[1], wb, sb) : a;
  fer_bvw_apply(op, r, a, b, wa, wb, i0, i1, tmp);
  if (st->kind == FER_SORT_BOOL || rw <= FER_BV_MAX_WIDTH) {
    fer_u128 v = r[0] | (rn > 1 ? (fer_u128)r[1] << 64 : 0);
    return fer_ev_memo_put(e, t, v, any_if(taint));
  }
  e->pool.size += rn;
  return fer_ev_memo_put(e, t, off, any_if(taint));
}
