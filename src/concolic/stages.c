/* The stages of a concolic query (see concolic.h for their order and
 * what each one tries; the driver is fer_concolic_solve in concolic.c):
 * input-to-state, interesting constants, the analysis's and interval
 * propagation's proofs, range brute force, single bytes, gradient
 * descent, AFL's deterministic and havoc stages, multi-goal repair, and
 * the engine's search.  Each builds candidates from the base input and
 * hands them to fer_conc_accept (concolic_internal.h).  The loops look at
 * the budget (fer_conc_timed_out) at least every 16 candidates: on deep
 * terms one candidate's evaluation takes tens of microseconds, so a
 * coarser check lets a query overrun a budget of a few milliseconds.
 * fer_conc_accept looks at it too, on every candidate it evaluates (a
 * stage's round can hold hundreds), and judges none past it. */
#include <string.h>

#include "engine/engine.h"
#include "engine/query.h"
#include "engine/search.h"
#include "fp/fp.h"
#include "smt/eval.h"
#include "concolic/concolic_internal.h"

typedef fer_u128 u128;

/* ------------------------------------------------------ the cheap stages */

/* Does b read every byte of [at, at + n)? */
static bool all_read(const fer_conc_query *q, size_t at, uint32_t n) {
  for (uint32_t k = 0; k < n; k++)
    if (!q->bmask[at + k]) return false;
  return true;
}

/* Try the seed with value x written into variable vi. */
static bool try_var(fer_conc_query *q, int stage, uint32_t vi, u128 x) {
  fer_concolic *c = q->c;
  memcpy(c->cur, q->base, c->size);
  fer_conc_write_var(c, c->cur, vi, x);
  c->st.tried[stage]++;
  return fer_conc_accept(q, c->cur, true);
}

/* Try the seed with the nbytes-byte encoding of x written at `at`. */
static bool try_bytes(fer_conc_query *q, int stage, size_t at, u128 x,
                      uint32_t nbytes, bool big) {
  fer_concolic *c = q->c;
  memcpy(c->cur, q->base, c->size);
  for (uint32_t k = 0; k < nbytes; k++)
    c->cur[at + (big ? nbytes - 1 - k : k)] = (uint8_t)(x >> (8 * k));
  c->st.tried[stage]++;
  return fer_conc_accept(q, c->cur, true);
}

/* Neighbours of a target value: itself, +-1 (BV), the next floats. */
static int neighbours(ferret *f, fer_sort so, u128 v, u128 out[3]) {
  const fer_sort_info *si = fer_sort_get(f, so);
  out[0] = v;
  if (si->kind == FER_SORT_FP && si->a + si->b <= 128) {
    fer_fmt fm = {si->a, si->b};
    if (fer_fp_is_nan(fm, v)) return 1;
    u128 k = fer_fp_order_key(fm, v);
    out[1] = fer_fp_from_order_key(fm, k + 1);
    out[2] = fer_fp_from_order_key(fm, k - 1);
    return 3;
  }
  u128 m = si->a >= 128 ? ~(u128)0 : ((u128)1 << si->a) - 1;
  out[1] = (v + 1) & m, out[2] = (v - 1) & m;
  return 3;
}

/* The fewest bytes (1, 2 or 4, fewer than bits / 8) whose zero or sign
 * extension to `bits` gives x back; 0 when there are none.  A field read
 * from fewer bytes than the comparison's width (a 16-bit field zero
 * extended to an int) holds x in that many bytes. */
static uint32_t narrow_bytes(u128 x, uint32_t bits) {
  u128 all = bits >= 128 ? ~(u128)0 : ((u128)1 << bits) - 1;
  for (uint32_t nb = 1; nb <= 4 && 8 * nb < bits; nb *= 2) {
    u128 m = ((u128)1 << (8 * nb)) - 1;
    if ((x & m) == x || ((x >> (8 * nb - 1) & 1) && (x | m) == all)) return nb;
  }
  return 0;
}

/* Replace the seed value `from` of an operand by `to` wherever its
 * encoding (w bits, 1..8 bytes, either endianness) sits in bytes b reads;
 * also through the variables b reads directly. */
static bool i2s_replace(fer_conc_query *q, fer_sort so, u128 from, u128 to) {
  fer_concolic *c = q->c;
  ferret *f = c->f;
  uint32_t bits = fer_sort_bits(f, so);
  for (size_t i = 0; i < q->bdeps.size; i++) { /* a variable holding it */
    uint32_t vi = q->bdeps.data[i];
    if (c->vars.data[vi].bits == bits &&
        fer_conc_read_var(c, c->seed, vi) == from &&
        try_var(q, FER_CONC_I2S, vi, to))
      return true;
  }
  if (bits % 8 || bits > 64 || bits == 8) return false; /* bytes: variables */
  uint32_t nb = bits / 8;
  for (size_t j = 0; j < q->ball.size; j++) {
    size_t at = q->ball.data[j];
    if (at + nb > c->size) continue;
    for (int big = 0; big < 2; big++) {
      u128 x = 0;
      bool inside = true;
      for (uint32_t k = 0; k < nb; k++) {
        size_t p = at + (big ? k : nb - 1 - k);
        x = x << 8 | c->seed[p];
        inside &= q->bmask[p] != 0;
      }
      if (inside && x == from && try_bytes(q, FER_CONC_I2S, at, to, nb, big))
        return true;
      if (fer_conc_timed_out(q)) return false;
    }
  }
  return false;
}

/* Does the operand's value come from e through a conversion? Then the
 * target converted back is tried for e too (FP-aware input-to-state). */
static bool i2s_through(fer_conc_query *q, fer_term side, u128 target) {
  fer_concolic *c = q->c;
  ferret *f = c->f;
  fer_op op = fer_term_op(f, side);
  if (op != FER_OP_TO_FP_FP && op != FER_OP_TO_FP_SBV && op != FER_OP_TO_FP_UBV)
    return false;
  fer_term e = fer_term_arg(f, side, 1);
  const fer_sort_info *ss = fer_sort_get(f, fer_term_sort(f, side));
  const fer_sort_info *es = fer_sort_get(f, fer_term_sort(f, e));
  if (ss->a + ss->b > 128 || (es->kind == FER_SORT_FP && es->a + es->b > 128) ||
      (es->kind == FER_SORT_BV && es->a > 128))
    return false;
  if (!fer_conc_load_model(c, c->seed, q->bdeps.data, q->bdeps.size)) return false;
  fer_term ev = fer_eval(f, e, &c->model, NULL);
  if (!ev || fer_term_op(f, ev) != FER_OP_CONST) return false;
  u128 from = fer_const_u128(f, ev), back;
  fer_fmt sf = {ss->a, ss->b};
  bool defined = true;
  if (op == FER_OP_TO_FP_FP) {
    fer_fmt ef = {es->a, es->b};
    back = fer_fp_convert(ef, FER_RNE, sf, target);
  } else if (op == FER_OP_TO_FP_SBV) {
    back = fer_fp_to_sbv(sf, FER_RTZ, target, es->a, &defined);
  } else {
    back = fer_fp_to_ubv(sf, FER_RTZ, target, es->a, &defined);
  }
  return defined && from != back && i2s_replace(q, fer_term_sort(f, e), from, back);
}

static bool is_comparison(fer_op op) {
  switch (op) {
  case FER_OP_EQ: case FER_OP_DISTINCT:
  case FER_OP_BVULT: case FER_OP_BVULE: case FER_OP_BVUGT: case FER_OP_BVUGE:
  case FER_OP_BVSLT: case FER_OP_BVSLE: case FER_OP_BVSGT: case FER_OP_BVSGE:
  case FER_OP_FP_LT: case FER_OP_FP_LEQ: case FER_OP_FP_GT: case FER_OP_FP_GEQ:
  case FER_OP_FP_EQ:
    return true;
  default:
    return false;
  }
}

/* Walk b's Boolean structure (not, and, or, =>, ite conditions) to its
 * comparison atoms and try input-to-state on each. */
bool fer_conc_stage_i2s(fer_conc_query *q) {
  fer_concolic *c = q->c;
  ferret *f = c->f;
  if (q->base != c->seed) { /* the bytes b's equalities define, set */
    c->st.tried[FER_CONC_I2S]++;
    if (fer_conc_accept(q, q->base, true)) return true;
  }
  FER_CLEAR(c->tmp);
  if (!FER_PUSH(f, c->tmp, q->b)) return false;
  uint32_t visited = 0;
  while (c->tmp.size && visited++ < 64 && !fer_conc_timed_out(q)) {
    fer_term t = FER_POP(c->tmp);
    fer_op op = fer_term_op(f, t);
    if (op == FER_OP_NOT || op == FER_OP_AND || op == FER_OP_OR ||
        op == FER_OP_IMPLIES || op == FER_OP_XOR) {
      for (uint32_t i = 0; i < fer_term_nargs(f, t); i++)
        if (!FER_PUSH(f, c->tmp, fer_term_arg(f, t, i))) return false;
      continue;
    }
    if (!is_comparison(op) || fer_term_nargs(f, t) != 2) continue;
    fer_term side[2] = {fer_term_arg(f, t, 0), fer_term_arg(f, t, 1)};
    fer_sort so = fer_term_sort(f, side[0]);
    if (so == fer_sort_bool(f) || fer_sort_bits(f, so) > 128) continue;
    if (!fer_conc_load_model(c, c->seed, q->bdeps.data, q->bdeps.size)) return false;
    fer_term v0 = fer_eval(f, side[0], &c->model, NULL);
    fer_term v1 = fer_eval(f, side[1], &c->model, NULL);
    if (!v0 || !v1 || fer_term_op(f, v0) != FER_OP_CONST ||
        fer_term_op(f, v1) != FER_OP_CONST)
      continue;
    u128 val[2] = {fer_const_u128(f, v0), fer_const_u128(f, v1)};
    for (int s = 0; s < 2; s++) { /* make side s take the other's value */
      u128 targets[3];
      int nt = neighbours(f, so, val[1 - s], targets);
      for (int k = 0; k < nt; k++) {
        if (targets[k] == val[s]) continue;
        if (i2s_replace(q, so, val[s], targets[k]) ||
            i2s_through(q, side[s], targets[k]))
          return true;
      }
    }
  }
  return false;
}
/* x's nb-byte encoding, either endianness, at every place among the bytes
 * b reads. */
static bool consts_windows(fer_conc_query *q, u128 x, uint32_t nb) {
  fer_concolic *c = q->c;
  for (size_t i = 0; i < q->ball.size; i++) {
    size_t at = q->ball.data[i];
    if (at + nb > c->size || !all_read(q, at, nb)) continue;
    for (int big = 0; big < 2; big++)
      if (try_bytes(q, FER_CONC_CONSTS, at, x, nb, big)) return true;
  }
  return false;
}

/* Interesting constants: each of b's constants (and +-1) into every
 * variable of its width that b reads, and as 2/4/8-byte encodings at the
 * bytes b reads; FP's special values in b's FP variables; then each
 * constant (and +-1) that fits in fewer bytes than its width (its zero or
 * sign extension from 2 or 4 bytes gives it back: narrow_bytes; a 1-byte
 * value in 2) in those: a 16-bit field compared as an int.  The narrow
 * encodings come last so that every candidate of the others is tried
 * first, as when there were none. */
bool fer_conc_stage_consts(fer_conc_query *q) {
  fer_concolic *c = q->c;
  for (size_t k = 0; k < q->consts.size && !fer_conc_timed_out(q); k++) {
    u128 x = q->consts.data[k];
    uint32_t bits = q->cbits.data[k];
    u128 m = bits >= 128 ? ~(u128)0 : ((u128)1 << bits) - 1;
    u128 vals[3] = {x, (x + 1) & m, (x - 1) & m};
    for (int j = 0; j < 3; j++) {
      for (size_t i = 0; i < q->bdeps.size; i++) {
        uint32_t vi = q->bdeps.data[i];
        if (c->vars.data[vi].bits >= bits &&
            try_var(q, FER_CONC_CONSTS, vi, vals[j]))
          return true;
      }
      if (bits % 8 || bits > 64 || bits == 8) continue;
      if (consts_windows(q, vals[j], bits / 8)) return true;
    }
  }
  /* FP's interesting values in b's FP variables: zeros, infinities, NaN,
   * the subnormal and normal extremes, +-1 */
  for (size_t i = 0; i < q->bdeps.size && !fer_conc_timed_out(q); i++) {
    uint32_t vi = q->bdeps.data[i];
    const fer_sort_info *si = fer_sort_get(c->f, fer_term_sort(c->f, c->vars.data[vi].var));
    if (si->kind != FER_SORT_FP) continue;
    fer_fmt m = {si->a, si->b};
    u128 frac = ((u128)1 << (si->b - 1)) - 1, one = (((u128)1 << (si->a - 1)) - 1) << (si->b - 1);
    u128 maxn = ((((u128)1 << si->a) - 2) << (si->b - 1)) | frac;
    const u128 special[] = {fer_fp_zero(m, false), fer_fp_inf(m, false), fer_fp_nan(m),
                            1, frac, frac + 1, maxn, one};
    for (size_t k = 0; k < sizeof special / sizeof *special; k++)
      for (int neg = 0; neg < 2; neg++) {
        u128 v = special[k] | (neg ? (u128)1 << (si->a + si->b - 1) : 0);
        if (try_var(q, FER_CONC_CONSTS, vi, v)) return true;
      }
  }
  for (size_t k = 0; k < q->consts.size && !fer_conc_timed_out(q); k++) {
    u128 x = q->consts.data[k];
    uint32_t bits = q->cbits.data[k];
    if (bits % 8 || bits > 64 || bits == 8) continue;
    u128 m = ((u128)1 << bits) - 1;
    u128 vals[3] = {x, (x + 1) & m, (x - 1) & m};
    for (int j = 0; j < 3 && !fer_conc_timed_out(q); j++) {
      uint32_t nb = narrow_bytes(vals[j], bits);
      if (nb && consts_windows(q, vals[j], nb < 2 ? 2 : nb)) return true;
    }
  }
  return false;
}

/* Does every related conjunct read only bytes b reads?  Then b and the
 * path constraint meet only on those bytes (the other conjuncts hold on
 * the seed and read none of them), and trying every value of them decides
 * the query. */
static bool closed(const fer_conc_query *q) {
  const fer_concolic *c = q->c;
  if (q->expired) return false; /* some candidate went unjudged */
  for (size_t i = 0; i < q->related.size; i++) {
    const fer_conc_conj *cj = &c->conjs.data[q->related.data[i]];
    for (uint32_t k = 0; k < cj->ndeps; k++) {
      const fer_conc_var *v = &c->vars.data[c->deps_pool.data[cj->deps + k]];
      if (!all_read(q, v->offset, v->nbytes)) return false;
    }
  }
  return true;
}

/* Write value v into group g of c->cur (over the base); false when v
 * would change a defined byte. */
static bool write_group(fer_conc_query *q, const fer_conc_fact *g, uint64_t v) {
  fer_concolic *c = q->c;
  memcpy(c->cur, q->base, c->size);
  for (uint32_t k = 0; k < g->n; k++) {
    uint32_t p = g->pos[k];
    uint8_t x = (uint8_t)(v >> (8 * k));
    if (q->def[p] && q->def[c->size + p] != x) return false;
    c->cur[p] = x;
  }
  return true;
}

/* Fuzzy-SAT's range brute force on the group of b's bytes with the
 * smallest interval: every value when there are at most 2048 (a proof of
 * unsat when the group holds every undefined byte b reads and the query
 * is closed over b's bytes), else its two ends. */
static bool range_group(fer_conc_query *q) {
  fer_concolic *c = q->c;
  const fer_conc_fact *g = NULL;
  for (size_t i = 0; i < q->rgroups.size; i++) {
    const fer_conc_fact *h = &q->groups.data[q->rgroups.data[i]];
    if (!g || fer_warc_count(h->arc) < fer_warc_count(g->arc)) g = h;
  }
  if (!g) return false;
  double count = fer_warc_count(g->arc);
  if (count > 2048) {
    uint64_t ends[2] = {g->arc.lo, g->arc.hi};
    for (int k = 0; k < 2; k++) {
      if (!write_group(q, g, ends[k])) continue;
      c->st.tried[FER_CONC_RANGE]++;
      if (fer_conc_accept(q, c->cur, true)) return true;
    }
    return false;
  }
  for (uint64_t k = 0; k < (uint64_t)count; k++) {
    if ((k & 15) == 0 && fer_conc_timed_out(q)) return false;
    if (!write_group(q, g, fer_warc_at(g->arc, k))) continue;
    c->st.tried[FER_CONC_RANGE]++;
    if (fer_conc_accept(q, c->cur, true)) return true;
  }
  for (size_t i = 0; i < q->bbytes.size; i++) { /* every free byte in g? */
    bool in = false;
    for (uint32_t k = 0; k < g->n && !in; k++) in = g->pos[k] == q->bbytes.data[i];
    if (!in) return false;
  }
  q->exhausted = !q->expired;
  q->proved_unsat = closed(q);
  return false;
}

/* Every value of the (at most 2) bytes b reads that no fact defines (the
 * defined ones as they must be); when none is a solution and the query is
 * closed over b's bytes, that proves it unsat.  More bytes: range_group. */
bool fer_conc_stage_range(fer_conc_query *q) {
  fer_concolic *c = q->c;
  size_t n = q->bbytes.size;
  if (n == 0) { /* the facts define every byte b reads: one candidate */
    c->st.tried[FER_CONC_RANGE]++;
    if (fer_conc_accept(q, q->base, true)) return true;
    q->proved_unsat = closed(q);
    return false;
  }
  if (n > 2) return range_group(q);
  uint32_t space = 1u << (8 * n);
  for (uint32_t v = 0; v < space; v++) {
    if ((v & 15) == 0 && fer_conc_timed_out(q)) return false;
    memcpy(c->cur, q->base, c->size);
    for (size_t i = 0; i < n; i++) c->cur[q->bbytes.data[i]] = (uint8_t)(v >> (8 * i));
    c->st.tried[FER_CONC_RANGE]++;
    if (fer_conc_accept(q, c->cur, true)) return true;
  }
  q->exhausted = !q->expired;
  q->proved_unsat = closed(q);
  return false;
}

/* Every value of one byte at a time (the others as in the seed). */
bool fer_conc_stage_bytes(fer_conc_query *q) {
  fer_concolic *c = q->c;
  if (q->bbytes.size <= 2) return false; /* range covered it */
  for (size_t i = 0; i < q->bbytes.size && i < 64; i++) {
    if (fer_conc_timed_out(q)) return false;
    size_t at = q->bbytes.data[i];
    for (uint32_t v = 0; v < 256; v++) {
      if (v == q->base[at]) continue;
      if ((v & 15) == 15 && fer_conc_timed_out(q)) return false;
      memcpy(c->cur, q->base, c->size);
      c->cur[at] = (uint8_t)v;
      c->st.tried[FER_CONC_BYTES]++;
      if (fer_conc_accept(q, c->cur, true)) return true;
    }
  }
  return false;
}

/* The distance of buf from satisfying b: 0 when b holds; otherwise, over
 * b's comparison atoms (b itself or its top-level conjuncts), the gap
 * between the two sides of each false one (BV: the difference as an
 * unsigned number; FP: the distance of their order keys, NaN far) plus one
 * per false atom of another kind.  The objective of the gradient stage. */
static double distance(fer_conc_query *q, const uint8_t *buf) {
  fer_concolic *c = q->c;
  ferret *f = c->f;
  if (!fer_conc_load_model(c, buf, q->bdeps.data, q->bdeps.size)) return 1e300;
  fer_term one = q->b;
  uint32_t n = fer_term_op(f, one) == FER_OP_AND ? fer_term_nargs(f, one) : 1;
  double d = 0;
  for (uint32_t i = 0; i < n; i++) {
    fer_term t = n == 1 && fer_term_op(f, one) != FER_OP_AND ? one : fer_term_arg(f, one, i);
    bool unspec = false;
    if (fer_eval(f, t, &c->model, &unspec) == fer_true(f) && !unspec) continue;
    fer_op op = fer_term_op(f, t);
    if (!is_comparison(op) || fer_term_nargs(f, t) != 2) {
      d += 1;
      continue;
    }
    fer_term x = fer_eval(f, fer_term_arg(f, t, 0), &c->model, NULL);
    fer_term y = fer_eval(f, fer_term_arg(f, t, 1), &c->model, NULL);
    const fer_sort_info *si = x ? fer_sort_get(f, fer_term_sort(f, x)) : NULL;
    if (!x || !y || fer_term_op(f, x) != FER_OP_CONST || fer_term_op(f, y) != FER_OP_CONST ||
        !si || (si->kind != FER_SORT_BV && si->kind != FER_SORT_FP)) {
      d += 1;
      continue;
    }
    u128 a = fer_const_u128(f, x), b = fer_const_u128(f, y);
    if (si->kind == FER_SORT_FP) {
      fer_fmt m = {si->a, si->b};
      if (fer_fp_is_nan(m, a) || fer_fp_is_nan(m, b)) {
        d += 1e30;
        continue;
      }
      a = fer_fp_order_key(m, a), b = fer_fp_order_key(m, b);
    }
    u128 gap = a > b ? a - b : b - a;
    d += 1 + (double)gap;
  }
  return d;
}

/* Gradient descent (Fuzzy-SAT's, on variables): from the seed, rounds of
 * coordinate moves, each variable b reads moved by the power-of-two step
 * (either way; FP variables in steps of the value order) that lowers the
 * distance most, while a round improves it, at most 4096 candidates; a
 * candidate at distance 0 is judged on pi. */
bool fer_conc_stage_gradient(fer_conc_query *q) {
  fer_concolic *c = q->c;
  if (!q->bdeps.size) return false;
  uint8_t *best = c->out; /* scratch until a solution is accepted */
  memcpy(best, q->base, c->size);
  double d = distance(q, best);
  uint32_t tries = 0;
  for (bool better = true; better && d > 0 && tries < 4096 && !fer_conc_timed_out(q);) {
    better = false;
    for (size_t i = 0; i < q->bdeps.size && d > 0; i++) {
      uint32_t vi = q->bdeps.data[i];
      const fer_conc_var *v = &c->vars.data[vi];
      const fer_sort_info *si = fer_sort_get(c->f, fer_term_sort(c->f, v->var));
      bool fp = si->kind == FER_SORT_FP;
      fer_fmt m = {si->a, si->b};
      /* every power-of-two step both ways (a plateau at a small step does
       * not stop a larger one); the best strict improvement is taken */
      uint32_t width = fp ? si->a + si->b : v->bits;
      u128 x = fer_conc_read_var(c, best, vi), pick = x;
      if (fp && fer_fp_is_nan(m, x)) continue;
      u128 k = fp ? fer_fp_order_key(m, x) : x;
      double bd = d;
      for (uint32_t e = 0; e < width && tries < 4096; e++) {
        for (int dir = -1; dir <= 1; dir += 2) {
          u128 step = (u128)1 << e;
          u128 nk = dir > 0 ? k + step : k - step;
          u128 y = fp ? fer_fp_from_order_key(m, nk) : nk;
          memcpy(c->cur, best, c->size);
          fer_conc_write_var(c, c->cur, vi, y);
          tries++, c->st.tried[FER_CONC_GRADIENT]++;
          double nd = distance(q, c->cur);
          if (nd < bd) bd = nd, pick = y;
        }
      }
      if (bd < d) {
        fer_conc_write_var(c, best, vi, pick);
        d = bd, better = true;
      }
    }
  }
  if (d > 0) return false;
  memcpy(c->cur, best, c->size);
  return fer_conc_accept(q, c->cur, true);
}

/* AFL's deterministic stage on the bytes b reads: walking flips of 1, 2
 * and 4 bits, then each byte plus and minus 1..35, then AFL's interesting
 * 16- and 32-bit values at every place they fit (both endiannesses). */
bool fer_conc_stage_det(fer_conc_query *q) {
  fer_concolic *c = q->c;
  size_t n = q->bbytes.size;
  if (!n || n > 64) return false;
  for (uint32_t w = 1; w <= 4; w <<= 1) /* walking bit flips */
    for (size_t bit = 0; bit + w <= 8 * n; bit++) {
      memcpy(c->cur, q->base, c->size);
      for (uint32_t k = 0; k < w; k++) {
        size_t at = q->bbytes.data[(bit + k) / 8];
        c->cur[at] ^= (uint8_t)(1u << ((bit + k) % 8));
      }
      c->st.tried[FER_CONC_DET]++;
      if (fer_conc_accept(q, c->cur, true)) return true;
    }
  for (size_t i = 0; i < n && !fer_conc_timed_out(q); i++) /* arithmetic */
    for (int d = -35; d <= 35; d++) {
      if (!d) continue;
      memcpy(c->cur, q->base, c->size);
      c->cur[q->bbytes.data[i]] = (uint8_t)(c->cur[q->bbytes.data[i]] + d);
      c->st.tried[FER_CONC_DET]++;
      if (fer_conc_accept(q, c->cur, true)) return true;
    }
  static const uint32_t interesting[] = {0x8000,     0xffff,     0x7fff,     0x0100,
                                         0x80000000, 0xffffffff, 0x7fffffff, 0x10000};
  for (size_t j = 0;
       j < sizeof interesting / sizeof *interesting && !fer_conc_timed_out(q); j++) {
    uint32_t nb = interesting[j] > 0x1ffff ? 4 : 2;
    for (size_t i = 0; i < q->ball.size; i++) {
      size_t at = q->ball.data[i];
      if (at + nb > c->size || !all_read(q, at, nb)) continue;
      for (int big = 0; big < 2; big++)
        if (try_bytes(q, FER_CONC_DET, at, interesting[j], nb, big)) return true;
    }
  }
  return false;
}

/* Multi-goal (Fuzzy-SAT §III-D): from the candidate that made b true and
 * broke fewest path conjuncts, repair the broken ones greedily, without
 * backtracking: b's bytes stay frozen, and a byte of a broken conjunct
 * takes the first value (0..255) that lowers the number of broken
 * conjuncts of the whole path; at most 3 rounds.  The result is judged on
 * b and every conjunct. */
bool fer_conc_stage_multigoal(fer_conc_query *q) {
  fer_concolic *c = q->c;
  if (!q->partial_fails || q->optimistic) return false;
  uint8_t *cur = q->partial;
  uint32_t hint = 0;
  uint32_t fails = fer_conc_count_fails(c, cur, c->path.data, c->path.size, 0, &hint);
  for (int round = 0; round < 3 && fails && !fer_conc_timed_out(q); round++) {
    for (size_t i = 0; i < c->path.size && fails && !fer_conc_timed_out(q); i++) {
      const fer_conc_conj *cj = &c->conjs.data[c->path.data[i]];
      if (fer_conc_holds(c, cur, cj->t, c->deps_pool.data + cj->deps, cj->ndeps))
        continue;
      bool repaired = false;
      for (uint32_t k = 0; k < cj->ndeps && !repaired; k++) {
        const fer_conc_var *v = &c->vars.data[c->deps_pool.data[cj->deps + k]];
        for (uint32_t bi = 0; bi < v->nbytes && !repaired; bi++) {
          size_t at = v->offset + bi;
          if (q->bmask[at]) continue; /* b's bytes are frozen */
          uint8_t keep = cur[at];
          for (uint32_t x = 0; x < 256 && !repaired; x++) {
            if (x == keep) continue;
            cur[at] = (uint8_t)x;
            c->st.tried[FER_CONC_MULTIGOAL]++;
            uint32_t n = fer_conc_count_fails(c, cur, c->path.data,
                                              c->path.size, fails, &hint);
            if (n < fails) fails = n, repaired = true;
          }
          if (!repaired) cur[at] = keep;
        }
      }
    }
  }
  if (fails) return false;
  memcpy(c->cur, cur, c->size);
  return fer_conc_accept(q, c->cur, false);
}

/* AFL-like havoc: stacks of 1-8 mutations of the bytes b reads (bit flip,
 * interesting byte, small add/sub, random byte, one of b's constants). */
bool fer_conc_stage_havoc(fer_conc_query *q) {
  fer_concolic *c = q->c;
  size_t n = q->bbytes.size;
  if (!n) return false;
  static const uint8_t interesting[] = {0, 1, 0x7f, 0x80, 0xff, 0x10, 0x20, 0x40};
  for (uint32_t round = 0; round < 4096; round++) {
    if ((round & 15) == 0 && fer_conc_timed_out(q)) return false;
    memcpy(c->cur, q->base, c->size);
    uint32_t stack = 1u << fer_rng_below(&q->rng, 4);
    for (uint32_t s = 0; s < stack; s++) {
      size_t at = q->bbytes.data[fer_rng_below(&q->rng, n)];
      if (q->rgroups.size && fer_rng_one_in(&q->rng, 6)) {
        /* a value from a group's interval (the defined bytes kept) */
        const fer_conc_fact *g =
            &q->groups.data[q->rgroups.data[fer_rng_below(&q->rng, q->rgroups.size)]];
        uint64_t sp = (g->arc.hi - g->arc.lo) & (g->n >= 8 ? ~(uint64_t)0 : ((uint64_t)1 << (8 * g->n)) - 1);
        uint64_t v = fer_warc_at(g->arc, sp == ~(uint64_t)0 ? fer_rng_next(&q->rng)
                                                            : fer_rng_below(&q->rng, sp + 1));
        for (uint32_t k = 0; k < g->n; k++)
          if (!q->def[g->pos[k]]) c->cur[g->pos[k]] = (uint8_t)(v >> (8 * k));
        continue;
      }
      switch (fer_rng_below(&q->rng, 5)) {
      case 0: c->cur[at] ^= (uint8_t)(1u << fer_rng_below(&q->rng, 8)); break;
      case 1: c->cur[at] = interesting[fer_rng_below(&q->rng, sizeof interesting)]; break;
      case 2: c->cur[at] += (uint8_t)(1 + fer_rng_below(&q->rng, 35)); break;
      case 3: c->cur[at] -= (uint8_t)(1 + fer_rng_below(&q->rng, 35)); break;
      default:
        if (q->consts.size) { /* a constant's low byte */
          u128 x = q->consts.data[fer_rng_below(&q->rng, q->consts.size)];
          c->cur[at] = (uint8_t)(x >> (8 * fer_rng_below(&q->rng, 4)));
        } else {
          c->cur[at] = (uint8_t)fer_rng_next(&q->rng);
        }
      }
    }
    c->st.tried[FER_CONC_HAVOC]++;
    if (fer_conc_accept(q, c->cur, true)) return true;
  }
  return false;
}

/* ------------------------------------------------------ the engine stage */

typedef struct engine_ctx {
  fer_conc_query *q;
  const fer_prog *p;
  const uint32_t *slot_var; /* slot -> bound variable index */
} engine_ctx;

static fer_engine_verdict engine_take(void *user, const fer_engine_solution *s) {
  engine_ctx *e = user;
  fer_conc_query *q = e->q;
  fer_concolic *c = q->c;
  memcpy(c->cur, c->seed, c->size);
  for (uint32_t i = 0; i < e->p->nslots; i++)
    fer_conc_write_var(c, c->cur, e->slot_var[i], s->input[i]);
  /* overlapping bindings could disagree: judge the bytes themselves */
  c->st.tried[FER_CONC_ENGINE]++;
  if (fer_conc_accept(q, c->cur, false)) return FER_ENGINE_STOP;
  return s->index < 16 ? FER_ENGINE_GO_ON : FER_ENGINE_STOP;
}

/* The conjuncts connected to b through shared variables (transitively):
 * the engine changes every variable of its program. */
static bool connected(fer_conc_query *q, fer_term_stack *out) {
  fer_concolic *c = q->c;
  ferret *f = c->f;
  size_t nv = c->vars.size, np = c->path.size;
  uint8_t *in = fer_calloc(f, nv ? nv : 1), *used = fer_calloc(f, np ? np : 1);
  bool ok = in && used && FER_PUSH(f, *out, q->b);
  for (size_t i = 0; ok && i < q->bdeps.size; i++) in[q->bdeps.data[i]] = 1;
  /* a conjunct false on the seed must change too: it joins with its
   * variables */
  for (size_t i = 0; ok && !q->optimistic && i < np; i++) {
    const fer_conc_conj *cj = &c->conjs.data[c->path.data[i]];
    if (cj->seed_true) continue;
    used[i] = 1;
    ok = FER_PUSH(f, *out, cj->t);
    for (uint32_t k = 0; k < cj->ndeps; k++) in[c->deps_pool.data[cj->deps + k]] = 1;
  }
  for (bool grew = true; ok && grew && !q->optimistic;) {
    grew = false;
    for (size_t i = 0; ok && i < np; i++) {
      if (used[i]) continue;
      const fer_conc_conj *cj = &c->conjs.data[c->path.data[i]];
      const uint32_t *d = c->deps_pool.data + cj->deps;
      bool touch = false;
      for (uint32_t k = 0; k < cj->ndeps && !touch; k++) touch = in[d[k]];
      if (!touch) continue;
      used[i] = 1, grew = true;
      ok = FER_PUSH(f, *out, cj->t);
      for (uint32_t k = 0; k < cj->ndeps; k++) in[d[k]] = 1;
    }
  }
  if (in) fer_free(f, in, nv ? nv : 1);
  if (used) fer_free(f, used, np ? np : 1);
  return ok;
}

/* The query of the connected part a[0..n): no preprocessing (the
 * program's slots must be the bound variables), no narrowing of the
 * slots; interval propagation as the intervals stage says. */
static void conc_query(fer_query *qy, fer_concolic *c, const fer_term_stack *a) {
  fer_query_init(qy, c->f, a->data, a->size);
  qy->preprocess = false, qy->narrow = false;
  qy->intervals = (c->stages >> FER_CONC_INTERVALS & 1) != 0;
}

/* The analysis first: contradicting facts (an empty wrapped interval, a
 * byte defined to two values) prove the query unsat; so does the one
 * candidate left when the facts define every byte b reads and the related
 * conjuncts read no other (it is accepted or it proves unsat).  Then
 * interval propagation on b and the conjuncts connected to it: an empty
 * domain proves the query unsat (microseconds, where trying every value of
 * two bytes takes a millisecond). */
bool fer_conc_stage_intervals(fer_conc_query *q) {
  if (q->conflict) {
    q->proved_unsat = true;
    return false;
  }
  if (!q->bbytes.size && closed(q)) {
    q->c->st.tried[FER_CONC_INTERVALS]++;
    if (fer_conc_accept(q, q->base, true)) return true;
    q->proved_unsat = true;
    return false;
  }
  fer_term_stack a = {0};
  if (connected(q, &a)) {
    fer_query qy;
    conc_query(&qy, q->c, &a);
    qy.intervals = true; /* this stage is the intervals' */
    fer_outcome o;
    if (!fer_query_prepare(&qy, &o) && o.result == FERRET_UNSAT) q->proved_unsat = true;
    fer_query_release(&qy);
  }
  FER_RELEASE(q->c->f, a);
  return false;
}

/* 1 sat (in c->out), 0 unknown, -1 unsat (proved on the connected part). */
int fer_conc_stage_engine(fer_conc_query *q) {
  fer_concolic *c = q->c;
  ferret *f = c->f;
  fer_term_stack a = {0};
  fer_prog p;
  fer_prog_init(&p);
  fer_query qy;
  bool have_query = false;
  uint32_t *slot_var = NULL;
  fer_u128 *near = NULL;
  int r = 0;
  if (!connected(q, &a)) goto done;
  conc_query(&qy, c, &a);
  have_query = true;
  fer_options opt = f->opt; /* jobs as the context says (1: reproducible) */
  opt.seed = (int64_t)c->rng_seed;
  qy.opt = &opt;
  fer_outcome o;
  if (!fer_query_prepare(&qy, &o)) {
    if (o.result == FERRET_UNSAT) r = -1;
    else c->reason = fer_outcome_reason(&o);
    goto done;
  }
  const fer_slot_range *ranges;
  fer_why cw = fer_query_compile(&qy, a.data, a.size, &p, &ranges);
  if (cw) {
    c->reason = fer_why_text[cw];
    goto done;
  }
  uint32_t ns = p.nslots;
  slot_var = fer_malloc(f, fer_array_bytes(ns, sizeof *slot_var));
  near = fer_malloc(f, fer_array_bytes(ns, sizeof *near));
  if (!slot_var || !near) goto done;
  for (uint32_t s = 0; s < ns; s++) {
    uint32_t vi = fer_map_get(&c->var_index, p.slots.data[s].var);
    if (!vi) goto done; /* checked by deps_of: cannot happen */
    slot_var[s] = vi - 1;
    near[s] = fer_conc_read_var(c, c->seed, vi - 1);
  }
  engine_ctx e = {q, &p, slot_var};
  fer_engine_request req = fer_query_request(&qy, &p, ranges, a.data, a.size, NULL, NULL);
  req.objective.kind = FER_OBJ_NEAR, req.objective.near = near;
  req.accept = engine_take, req.accept_user = &e;
  uint64_t used = fer_conc_tried_all(c) - q->tried0;
  req.budget.max_execs = c->max_execs ? (used < c->max_execs ? c->max_execs - used : 1) : 0;
  req.budget.deadline = fer_conc_wall_deadline(q);
  fer_engine_stats st;
  fer_engine_status s = fer_query_run(&qy, &req, &st);
  if (q->found) r = 1;
  else if (s == FER_ENGINE_EXHAUSTED) r = -1;
  else c->reason = fer_query_why(s, &st) ? st.reason : fer_why_text[FER_WHY_BUDGET];
done:
  if (slot_var) fer_free(f, slot_var, fer_array_bytes(p.nslots, sizeof *slot_var));
  if (near) fer_free(f, near, fer_array_bytes(p.nslots, sizeof *near));
  fer_prog_release(f, &p);
  if (have_query) fer_query_release(&qy);
  FER_RELEASE(f, a);
  return r;
}
