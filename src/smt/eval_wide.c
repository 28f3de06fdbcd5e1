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
 * and every FP operation whose format exceeds 128 bits or that converts
 * from or to such a bit-vector, through fp/fpw.h (which takes narrow
 * formats too: a narrow argument or result is read or written as two
 * limbs), with the taints of eval.c's fp_op and fp_query. */
#include <string.h>

#include "bv/bv.h"
#include "bv/bvw.h"
#include "fp/fpw.h"
#include "smt/eval_internal.h"

bool fer_ev_is_wide(const evaluator *e, fer_term t) {
  const fer_sort_info *s = sort_of(e, t);
  if (s->kind == FER_SORT_FP) return (uint64_t)s->a + s->b > FER_FMT_MAX_BITS;
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
  const fer_sort_info *s = sort_of(e, t);
  uint32_t n = fer_bvw_limbs(s->kind == FER_SORT_FP ? s->a + s->b : s->a);
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
  const fer_sort_info *s = sort_of(e, arg[0]);
  uint32_t w = s->a;
  fer_fmt m = {s->a, s->b};
  bool fp = s->kind == FER_SORT_FP, r = true;
  for (uint32_t i = 0; r && i + 1 < n; i++) {
    const uint64_t *x = e->pool.data + (size_t)fer_ev_memo_find(e, arg[i])->val;
    for (uint32_t j = i + 1; r && j < n; j++) {
      const uint64_t *y = e->pool.data + (size_t)fer_ev_memo_find(e, arg[j])->val;
      bool same = fp ? fer_fpw_smt_eq(m, x, y) : fer_bvw_cmp(x, y, w) == 0;
      r = op == FER_OP_EQ ? same : !same;
      if (op == FER_OP_EQ) break; /* a chain: neighbours only */
    }
  }
  return fer_ev_memo_put(e, t, r, any_if(taint));
}

/* ------------------------------------------------ floating point */

static fer_fmt fmt_of(const fer_sort_info *s) {
  fer_fmt m = {s->a, s->b};
  return m;
}

/* The limbs of an argument value (FP or BV) of sort s. */
static const uint64_t *value_limbs(const evaluator *e, const memo_entry *m,
                                   const fer_sort_info *s, uint64_t *small) {
  bool wide = s->kind == FER_SORT_FP ? (uint64_t)s->a + s->b > FER_FMT_MAX_BITS
                                     : s->a > FER_BV_MAX_WIDTH;
  if (wide) return e->pool.data + (size_t)m->val;
  small[0] = (uint64_t)m->val, small[1] = (uint64_t)(m->val >> 64);
  return small;
}

/* Bits `len` of src at bit `pos` of dst (dst zeroed by the caller). */
static void put_bits(uint64_t *dst, uint32_t pos, const uint64_t *src, uint32_t len) {
  for (uint32_t i = 0; i < len; i++)
    if ((src[i / 64] >> (i % 64)) & 1) dst[(pos + i) / 64] |= (uint64_t)1 << ((pos + i) % 64);
}

/* to_fp of a Real literal (argument 1). */
static int wide_real(evaluator *e, fer_term t, fer_fmt m, fer_rm rm, uint64_t *r) {
  ferret *f = e->f;
  fer_term x = fer_term_arg(f, t, 1);
  if (fer_term_op(f, x) != FER_OP_REAL) {
    fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0,
              "unsupported: to_fp of a Real that is not a literal");
    return 0;
  }
  bool neg;
  const uint32_t *num, *den;
  uint32_t nlen, dlen;
  fer_real_get(f, x, &neg, &num, &nlen, &den, &dlen);
  uint32_t *tmp = fer_malloc(f, ((size_t)dlen + 2) * sizeof *tmp);
  if (!tmp) return 0;
  fer_fpw_from_rational(m, rm, r, neg, num, nlen, den, dlen, tmp);
  fer_free(f, tmp, ((size_t)dlen + 2) * sizeof *tmp);
  return 1;
}

/* A comparison (a chain over neighbours) or a class test of wide FP
 * values v[0..n-1] of format am. */
static bool wide_fp_holds(fer_op op, fer_fmt am, uint32_t n,
                          const uint64_t *const *v) {
  if (op != FER_OP_FP_LEQ && op != FER_OP_FP_LT && op != FER_OP_FP_GEQ &&
      op != FER_OP_FP_GT && op != FER_OP_FP_EQ)
    return fer_fpw_test(am, op, v[0]);
  bool b = true;
  for (uint32_t i = 0; b && i + 1 < n; i++) {
    const uint64_t *p = v[i], *q = v[i + 1];
    b = op == FER_OP_FP_LEQ ? fer_fpw_leq(am, p, q)
        : op == FER_OP_FP_LT ? fer_fpw_lt(am, p, q)
        : op == FER_OP_FP_GEQ ? fer_fpw_leq(am, q, p)
        : op == FER_OP_FP_GT ? fer_fpw_lt(am, q, p)
                             : fer_fpw_eq(am, p, q);
  }
  return b;
}

/* An FP operation with a format, or a bit-vector, wider than 128 bits. */
static int wide_fp(evaluator *e, fer_term t, fer_op op, uint32_t n,
                   const fer_term *arg, const memo_entry **me, int taint) {
  ferret *f = e->f;
  const fer_sort_info *st = sort_of(e, t);
  bool rm_first = n && sort_of(e, arg[0])->kind == FER_SORT_RM;
  const fer_sort_info *sa = n ? sort_of(e, arg[rm_first ? 1 : 0]) : st;
  fer_fmt m = st->kind == FER_SORT_FP ? fmt_of(st) : fmt_of(sa), am = fmt_of(sa);
  fer_rm rm = rm_first ? (fer_rm)me[0]->val : FER_RNE;
  uint32_t rw = st->kind == FER_SORT_FP ? st->a + st->b : st->kind == FER_SORT_BV ? st->a : 1;
  bool rwide = st->kind == FER_SORT_FP ? rw > FER_FMT_MAX_BITS
               : st->kind == FER_SORT_BV && rw > FER_BV_MAX_WIDTH;
  size_t rn = fer_bvw_limbs(rw);
  if (n > 4 || !reserve(e, rn)) {
    if (n > 4)
      fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0,
                "unsupported: '%s' with %u arguments on wide floating point",
                fer_op_table[op].name, n);
    return 0;
  }
  fer_u128 off = e->pool.size;
  uint64_t *r = e->pool.data + off;
  memset(r, 0, rn * sizeof *r);
  uint64_t small[4][2];
  const uint64_t *v[4] = {0};
  for (uint32_t i = 0; i < n; i++)
    v[i] = value_limbs(e, me[i], sort_of(e, arg[i]), small[i]);
  const uint64_t *x = v[rm_first], *y = v[rm_first + 1];
  int ta0 = n ? me[0]->taint : 0;
  int blind = 0; /* the taint of a comparison: signs of zeros not seen */
  for (uint32_t i = 0; i < n; i++) {
    int ti = me[i]->taint == TAINT_ZSIGN ? TAINT_NONE : me[i]->taint;
    blind = max_taint(blind, ti);
  }
  bool b = false, defined = true;
  int out_taint = any_if(taint);
  switch (op) {
  case FER_OP_FP:
    put_bits(r, 0, v[2], m.sb - 1);
    put_bits(r, m.sb - 1, v[1], m.eb);
    put_bits(r, m.eb + m.sb - 1, v[0], 1);
    if (fer_fpw_test(m, FER_OP_FP_IS_NAN, r)) fer_fpw_nan(m, r);
    out_taint = taint;
    break;
  case FER_OP_FP_ABS: fer_fpw_abs(m, r, x); out_taint = blind; break;
  case FER_OP_FP_NEG: fer_fpw_neg(m, r, x); out_taint = taint; break;
  case FER_OP_FP_ADD: fer_fpw_add(m, rm, r, x, y); break;
  case FER_OP_FP_SUB: fer_fpw_sub(m, rm, r, x, y); break;
  case FER_OP_FP_MUL: fer_fpw_mul(m, rm, r, x, y); break;
  case FER_OP_FP_DIV: fer_fpw_div(m, rm, r, x, y); break;
  case FER_OP_FP_FMA: fer_fpw_fma(m, rm, r, x, y, v[3]); break;
  case FER_OP_FP_REM: fer_fpw_rem(m, r, x, y); break;
  case FER_OP_FP_SQRT:
  case FER_OP_FP_RTI:
  case FER_OP_TO_FP_FP:
    /* +-0 -> +-0: a ZSIGN zero stays one */
    if (op == FER_OP_FP_SQRT) fer_fpw_sqrt(m, rm, r, x);
    else if (op == FER_OP_FP_RTI) fer_fpw_rti(m, rm, r, x);
    else fer_fpw_convert(m, rm, r, am, x);
    out_taint = taint > TAINT_ZSIGN || ta0 ? TAINT_ANY : taint;
    if (op == FER_OP_FP_RTI && fer_fpw_test(m, FER_OP_FP_IS_INF, r) &&
        !fer_fpw_test(m, FER_OP_FP_IS_INF, x))
      out_taint = TAINT_ANY; /* past the largest finite: eval.c's fp_op */
    break;
  case FER_OP_FP_MIN:
  case FER_OP_FP_MAX:
    if (op == FER_OP_FP_MIN) fer_fpw_min(m, r, x, y);
    else fer_fpw_max(m, r, x, y);
    out_taint = taint;
    if (fer_fpw_test(m, FER_OP_FP_IS_ZERO, x) && fer_fpw_test(m, FER_OP_FP_IS_ZERO, y) &&
        !fer_fpw_smt_eq(m, x, y))
      out_taint = max_taint(out_taint, TAINT_ZSIGN);
    break;
  case FER_OP_TO_FP_BV:
    memcpy(r, x, rn * sizeof *r);
    if (fer_fpw_test(m, FER_OP_FP_IS_NAN, r)) fer_fpw_nan(m, r);
    break;
  case FER_OP_TO_FP_SBV:
  case FER_OP_TO_FP_UBV:
    fer_fpw_from_bv(m, rm, r, x, sa->a, op == FER_OP_TO_FP_SBV);
    break;
  case FER_OP_TO_FP_REAL:
    if (!wide_real(e, t, m, rm, r)) return 0;
    r = e->pool.data + off; /* unchanged: no pool growth in between */
    break;
  case FER_OP_FP_TO_UBV:
  case FER_OP_FP_TO_SBV:
    fer_fpw_to_bv(am, rm, x, rw, op == FER_OP_FP_TO_SBV, r, &defined);
    if (!defined) out_taint = TAINT_ANY;
    break;
  case FER_OP_FP_TO_IEEE_BV:
    memcpy(r, x, rn * sizeof *r);
    if (fer_fpw_test(am, FER_OP_FP_IS_NAN, x)) out_taint = TAINT_ANY;
    break;
  case FER_OP_FP_LEQ: case FER_OP_FP_LT: case FER_OP_FP_GEQ:
  case FER_OP_FP_GT: case FER_OP_FP_EQ:
  case FER_OP_FP_IS_NORMAL: case FER_OP_FP_IS_SUBNORMAL: case FER_OP_FP_IS_ZERO:
  case FER_OP_FP_IS_INF: case FER_OP_FP_IS_NAN:
    b = wide_fp_holds(op, am, n, v);
    out_taint = blind; /* none of these sees the sign of a zero */
    break;
  case FER_OP_FP_IS_NEG: case FER_OP_FP_IS_POS:
    b = fer_fpw_test(am, op, x);
    break;
  default:
    fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0,
              "unsupported: cannot evaluate '%s' on floating point wider than %d bits",
              fer_op_table[op].name, FER_FMT_MAX_BITS);
    return 0;
  }
  if (st->kind == FER_SORT_BOOL) return fer_ev_memo_put(e, t, b, out_taint);
  if (!rwide) {
    fer_u128 val = r[0] | (rn > 1 ? (fer_u128)r[1] << 64 : 0);
    return fer_ev_memo_put(e, t, val, out_taint);
  }
  e->pool.size += rn;
  return fer_ev_memo_put(e, t, off, out_taint);
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
  if (st->kind == FER_SORT_FP || (n && sort_of(e, arg[n - 1])->kind == FER_SORT_FP))
    return wide_fp(e, t, op, n, arg, m, taint);
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
