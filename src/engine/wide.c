/* Bit-vectors wider than 128 bits in the search: variables split into
 * parts of at most 128 bits (preprocessing), and the compiled program's
 * instruction for operations on wide values (prog_ops.h, case WIDE).
 *
 * The search works on slots of at most 128 bits (its mutations, seeds,
 * intervals, enumeration and the judge read one fer_u128 per slot), so a
 * variable x of w > 128 bits becomes fresh variables x[127:0],
 * x[255:128], ... of at most 128 bits each, x is eliminated with the
 * definition (concat ... x[255:128] x[127:0]) (pre.h: every model of the
 * result extends to one of the input), and only the terms between the
 * parts and the formula's narrow results compute on wide values.  Those
 * run through one instruction, FER_I_WIDE, whose value occupies
 * ceil(w/128) consecutive registers (prog.h); it is out of line, the slow
 * path, so the opcodes of narrow widths are unchanged.  Floating-point
 * formats wider than 128 bits go the same way: a variable becomes the
 * parts of its bit pattern (defined as to_fp of their concat), and the
 * operations on such formats are WIDE instructions of the FP layout
 * (prog.h), run by fp/fpw.h.  Comparisons on wide values get dist.c's
 * distances, computed here on limbs. */
#include <stdio.h>
#include <string.h>

#include "bv/bv.h"
#include "bv/bvw.h"
#include "engine/pre.h"
#include "engine/prog.h"
#include "fp/fp.h"
#include "fp/fpw.h"

/* ------------------------------------------------ splitting variables */

/* The definition of wide variable x: the concat of its new parts (of a
 * floating-point x: to_fp of that concat, its bit pattern). */
fer_term fer_wide_split_var(ferret *f, fer_term x, fer_term_stack *parts) {
  const fer_sort_info *si = fer_sort_get(f, fer_term_sort(f, x));
  bool fp = si->kind == FER_SORT_FP;
  uint32_t w = fp ? si->a + si->b : si->a, eb = si->a, sb = si->b;
  char name[121]; /* a copy: making a variable may move the name pool */
  snprintf(name, sizeof name, "%s", fer_var_name(f, x));
  fer_term acc = 0;
  for (uint32_t lo = (w - 1) / 128 * 128;; lo -= 128) {
    uint32_t hi = lo + 127 < w - 1 ? lo + 127 : w - 1;
    char buf[160];
    snprintf(buf, sizeof buf, "%s[%u:%u]", name, hi, lo);
    fer_sort s = fer_sort_bv(f, hi - lo + 1);
    fer_term part = s ? fer_mk_var(f, buf, s) : 0;
    if (!part || !FER_PUSH(f, *parts, part)) return 0;
    if (!acc) {
      acc = part;
    } else {
      fer_term ab[2] = {acc, part};
      acc = fer_mk(f, FER_OP_CONCAT, 2, ab, 0, 0);
      if (!acc) return 0;
    }
    if (!lo) return fp ? fer_mk(f, FER_OP_TO_FP_BV, 1, &acc, eb, sb) : acc;
  }
}

int fer_pre_split_wide(ferret *f, fer_term_stack *a, fer_pre *out) {
  fer_term_stack vars = {0};
  fer_subst sub;
  fer_subst_init(&sub);
  int ok = fer_collect_vars(f, a->data, a->size, &vars);
  size_t split = 0;
  for (size_t i = 0; ok && i < vars.size; i++) {
    fer_term x = vars.data[i];
    const fer_sort_info *si = fer_sort_get(f, fer_term_sort(f, x));
    bool wide_fp = si->kind == FER_SORT_FP && si->a + si->b > FER_FMT_MAX_BITS &&
                   fer_fpw_fmt_ok((fer_fmt){si->a, si->b});
    if (!wide_fp && (si->kind != FER_SORT_BV || si->a <= FER_BV_MAX_WIDTH)) continue;
    fer_term def = fer_wide_split_var(f, x, &out->parts);
    ok = def && fer_subst_set(f, &sub, x, def) &&
         FER_PUSH(f, out->elim_var, x) && FER_PUSH(f, out->elim_def, def);
    split++;
  }
  if (ok && split) {
    fer_subst_reset_memo(&sub);
    for (size_t i = 0; ok && i < a->size; i++)
      ok = (a->data[i] = fer_subst_apply(f, &sub, a->data[i])) != 0;
    /* earlier definitions may read x (the new ones read only parts) */
    size_t old = out->elim_def.size - split;
    for (size_t i = 0; ok && i < old; i++)
      ok = (out->elim_def.data[i] = fer_subst_apply(f, &sub, out->elim_def.data[i])) != 0;
  }
  fer_subst_release(f, &sub);
  FER_RELEASE(f, vars);
  return ok;
}

/* ------------------------------------------------ the WIDE instruction */

/* Registers a value of width w occupies. */
static uint32_t regs_of(uint32_t w) { return w > 128 ? (w + 127) / 128 : 1; }

static void gather(uint64_t *l, const fer_u128 *r, size_t stride, uint32_t w) {
  uint32_t n = fer_bvw_limbs(w);
  for (uint32_t k = 0; k < regs_of(w); k++) {
    fer_u128 v = r[k * stride];
    l[2 * k] = (uint64_t)v;
    if (2 * k + 1 < n) l[2 * k + 1] = (uint64_t)(v >> 64);
  }
}

static void scatter(fer_u128 *r, size_t stride, const uint64_t *l, uint32_t w) {
  uint32_t n = fer_bvw_limbs(w);
  for (uint32_t k = 0; k < regs_of(w); k++)
    r[k * stride] = l[2 * k] | (2 * k + 1 < n ? (fer_u128)l[2 * k + 1] << 64 : 0);
}

static bool fp_conversion(fer_op op) {
  switch (op) {
  case FER_OP_TO_FP_FP: case FER_OP_TO_FP_UBV: case FER_OP_TO_FP_SBV:
  case FER_OP_TO_FP_BV: case FER_OP_FP_TO_UBV: case FER_OP_FP_TO_SBV:
  case FER_OP_FP_TO_IEEE_BV: case FER_OP_TO_FP_REAL:
    return true;
  default: return false;
  }
}

uint32_t fer_wide_operands(const fer_insn *i, uint32_t out[4]) {
  if (i->pad) { /* FP layout: the registers among a, b, c, e */
    uint32_t k = 0;
    if (i->a != FER_WIDE_UNARY) out[k++] = i->a;
    if ((fer_op)i->x == FER_OP_TO_FP_REAL) return k; /* b.. are constants */
    out[k++] = i->b;
    if (fp_conversion((fer_op)i->x)) return k;
    if (i->c != FER_WIDE_UNARY) out[k++] = i->c;
    if (i->e != FER_WIDE_UNARY) out[k++] = i->e;
    return k;
  }
  switch ((fer_op)i->x) {
  case FER_OP_ITE: out[0] = i->a, out[1] = i->b, out[2] = i->c; return 3;
  case FER_OP_TO_FP_UBV: case FER_OP_TO_FP_SBV:
  case FER_OP_FP_TO_UBV: case FER_OP_FP_TO_SBV:
    out[0] = i->a, out[1] = i->b;
    return 2;
  default:
    out[0] = i->a, out[1] = i->b;
    return i->b != FER_WIDE_UNARY ? 2 : 1;
  }
}

/* Wide FP patterns a, b of format m as unsigned order keys of w = eb + sb
 * bits: fer_fp_key (dist.c) plus 2^(w-1), so that the unsigned order of
 * the keys is the order of the values, -0 meeting +0 (eq_zero) or just
 * below it: +x -> 2^(w-1) + x, -x -> 2^(w-1) - |x| = bvneg of the pattern,
 * or one less = bvnot of it.  Neither may be NaN. */
static void fp_keys(fer_fmt m, bool eq_zero, uint64_t *a, uint64_t *b, uint64_t *tmp) {
  uint32_t w = m.eb + m.sb, top = (w - 1) / 64;
  uint64_t sign = (uint64_t)1 << ((w - 1) % 64), t[FER_WIDE_LIMBS];
  uint64_t *v[2] = {a, b};
  for (int j = 0; j < 2; j++) {
    if (!(v[j][top] & sign)) {
      v[j][top] |= sign;
      continue;
    }
    memcpy(t, v[j], fer_bvw_limbs(w) * sizeof *t);
    fer_bvw_apply(eq_zero ? FER_OP_BVNEG : FER_OP_BVNOT, v[j], t, t, w, w, 0, 0, tmp);
  }
}

/* v := 0 but bits [from, to) set. */
static void ones(uint64_t *v, uint32_t n, uint32_t from, uint32_t to) {
  memset(v, 0, n * sizeof *v);
  for (uint32_t i = from; i < to; i++) v[i / 64] |= (uint64_t)1 << (i % 64);
}

/* d := the distance of class test dn (FER_DN_FCLASS) on value a to true:
 * of its magnitude |a| to the magnitudes of the class (the bit patterns
 * without the sign, so ULPs: zero 0, subnormal 1 .. 2^(sb-1) - 1, normal
 * up to below infinity's, infinity, NaN above it); for fp.isNegative /
 * fp.isPositive, to the not-NaN magnitudes when the sign is right, else
 * |a| + 1, the way through zero.  Over n limbs; a is cleared of its sign. */
static void class_dist(const fer_dnode *dn, uint64_t *a, uint64_t *d, uint64_t *tmp) {
  fer_fmt m = {dn->w, dn->x};
  uint32_t w = m.eb + m.sb, n = fer_bvw_limbs(w), e = m.sb - 1; /* exponent's lowest bit */
  uint64_t lo[FER_WIDE_LIMBS], hi[FER_WIDE_LIMBS];
  bool neg = (a[(w - 1) / 64] >> ((w - 1) % 64)) & 1;
  a[(w - 1) / 64] &= ~((uint64_t)1 << ((w - 1) % 64));
  ones(hi, n, e, w - 1); /* infinity */
  memcpy(lo, hi, n * sizeof *lo);
  switch ((fer_op)dn->b) {
  case FER_OP_FP_IS_ZERO: ones(lo, n, 0, 0), ones(hi, n, 0, 0); break;
  case FER_OP_FP_IS_SUBNORMAL: ones(lo, n, 0, 1), ones(hi, n, 0, e); break;
  case FER_OP_FP_IS_NORMAL: ones(lo, n, e, e + 1), hi[e / 64] ^= (uint64_t)1 << (e % 64), ones(tmp, n, 0, e);
    for (uint32_t i = 0; i < n; i++) hi[i] |= tmp[i]; /* infinity - 1 */
    break;
  case FER_OP_FP_IS_INF: break;
  case FER_OP_FP_IS_NAN: lo[0] |= 1, ones(hi, n, 0, w - 1); break;
  default: /* the sign tests */
    if (neg != ((fer_op)dn->b == FER_OP_FP_IS_NEG)) {
      memcpy(d, a, n * sizeof *d);
      for (uint32_t i = 0; i <= n && !++d[i]; i++) {} /* + 1, carried */
      return;
    }
    ones(lo, n, 0, 0);
  }
  if (fer_bvw_cmp(a, lo, w) < 0) fer_bvw_apply(FER_OP_BVSUB, d, lo, a, w, w, 0, 0, tmp);
  else if (fer_bvw_cmp(a, hi, w) > 0) fer_bvw_apply(FER_OP_BVSUB, d, a, hi, w, w, 0, 0, tmp);
}

/* d := the distance of wide atom dn (fer_wide_distance) in
 * fer_bvw_limbs(w) + 1 limbs, w its operands' width; false when it is as
 * far as can be (an FP atom with a NaN operand that needs none). */
static bool wide_atom_dist(const fer_dnode *dn, const fer_u128 *r, bool to_false, uint64_t *d) {
  uint64_t a[FER_WIDE_LIMBS], b[FER_WIDE_LIMBS], e[FER_WIDE_LIMBS];
  uint64_t tmp[6 * FER_WIDE_LIMBS + 2];
  fer_dn_kind k = (fer_dn_kind)dn->kind;
  bool fp = k >= FER_DN_FLT && k <= FER_DN_FSEQ;
  fer_fmt m = {dn->w, dn->x};
  uint32_t w = fer_dn_width(dn), n = fer_bvw_limbs(w);
  memset(d, 0, (n + 1) * sizeof *d);
  if (to_false && (k == FER_DN_EQ || k == FER_DN_FEQ || k == FER_DN_FSEQ || k == FER_DN_FCLASS)) {
    d[0] = 1; /* (called on a true atom) one change away, as dist.c's */
    return true;
  }
  if (k == FER_DN_FCLASS) { /* (called on a false test) */
    gather(a, &r[dn->a], 1, w);
    class_dist(dn, a, d, tmp);
    return true;
  }
  gather(a, &r[dn->a], 1, w), gather(b, &r[dn->b], 1, w);
  if (fp) {
    bool na = fer_fpw_test(m, FER_OP_FP_IS_NAN, a), nb = fer_fpw_test(m, FER_OP_FP_IS_NAN, b);
    if (na || nb) return k == FER_DN_FSEQ && na && nb; /* = of two NaNs holds */
    fp_keys(m, k != FER_DN_FSEQ, a, b, tmp);
    k = k == FER_DN_FLT ? FER_DN_ULT : k == FER_DN_FLEQ ? FER_DN_ULE : FER_DN_FEQ;
  } else if (k == FER_DN_SLT || k == FER_DN_SLE) { /* signed order: flip the signs */
    a[(w - 1) / 64] ^= (uint64_t)1 << ((w - 1) % 64);
    b[(w - 1) / 64] ^= (uint64_t)1 << ((w - 1) % 64);
  }
  bool strict = k == FER_DN_ULT || k == FER_DN_SLT;
  int c = fer_bvw_cmp(a, b, w);
  uint64_t extra = 0;
  if (k == FER_DN_FEQ) { /* keys: |a - b| */
    fer_bvw_apply(FER_OP_BVSUB, d, c >= 0 ? a : b, c >= 0 ? b : a, w, w, 0, 0, tmp);
  } else if (k == FER_DN_EQ) { /* the shorter way round: min(a - b, b - a) */
    fer_bvw_apply(FER_OP_BVSUB, d, a, b, w, w, 0, 0, tmp);
    fer_bvw_apply(FER_OP_BVSUB, e, b, a, w, w, 0, 0, tmp);
    if (fer_bvw_cmp(e, d, w) < 0) memcpy(d, e, n * sizeof *d);
  } else if (!to_false) { /* a - b (+ 1 if strict) when a is not below b */
    if (strict ? c < 0 : c <= 0) return true;
    fer_bvw_apply(FER_OP_BVSUB, d, a, b, w, w, 0, 0, tmp);
    extra = strict;
  } else { /* b - a (+ 1 if not strict) when a is not above b */
    if (c > 0) return true;
    fer_bvw_apply(FER_OP_BVSUB, d, b, a, w, w, 0, 0, tmp);
    extra = !strict;
  }
  for (uint32_t i = 0; extra && i <= n; i++) extra = !++d[i]; /* + extra, carried */
  return true;
}

fer_u128 fer_wide_distance(const fer_dnode *dn, const fer_u128 *r, bool to_false) {
  uint64_t d[FER_WIDE_LIMBS + 1];
  uint32_t n = fer_bvw_limbs(fer_dn_width(dn));
  if (!wide_atom_dist(dn, r, to_false, d)) return ~(fer_u128)0;
  for (uint32_t i = 2; i <= n; i++)
    if (d[i]) return ~(fer_u128)0; /* saturate */
  return d[0] | (fer_u128)d[1] << 64;
}

uint32_t fer_wide_bucket(const fer_dnode *dn, const fer_u128 *r) {
  uint64_t d[FER_WIDE_LIMBS + 1];
  uint32_t w = fer_dn_width(dn), n = fer_bvw_limbs(w);
  if (!wide_atom_dist(dn, r, false, d)) return 128;
  for (uint32_t i = n + 1; i-- > 0;)
    if (d[i]) { /* 1 + floor(log2 d) in 1 .. w + 1, onto 1 .. 128 */
      uint64_t lg = 64 * (uint64_t)i + 63 - (uint32_t)__builtin_clzll(d[i]);
      return 1 + (uint32_t)(lg * 128 / (w + 1));
    }
  return 0;
}

/* A WIDE instruction of the FP layout (prog.h); false when the result is
 * unspecified (eval.c's taints: fp.to_ubv/to_sbv out of range, the bits
 * of NaN, min/max of two zeros, roundToIntegral past the largest
 * finite). */
static bool wide_fp_run(const fer_insn *i, fer_u128 *r, size_t stride) {
  uint64_t x[FER_WIDE_LIMBS], y[FER_WIDE_LIMBS], z[FER_WIDE_LIMBS], o[FER_WIDE_LIMBS];
  fer_op op = (fer_op)i->x;
  fer_rm rm = i->a != FER_WIDE_UNARY ? (fer_rm)r[i->a * stride] : FER_RNE;
  fer_fmt m = fer_wide_fmt(i->w), src = fer_wide_fmt(i->e);
  uint32_t mw = m.eb + m.sb, sw = src.eb + src.sb;
  fer_u128 *d = &r[i->d * stride];
  bool ok = true, defined = true;
  memset(x, 0, sizeof x), memset(y, 0, sizeof y), memset(z, 0, sizeof z);
  memset(o, 0, sizeof o);
  switch (op) {
  case FER_OP_TO_FP_REAL: { /* copy the value of the rounding mode */
    const fer_u128 *from = &r[(i->b + (uint32_t)rm * regs_of(mw)) * stride];
    for (uint32_t k = 0; k < regs_of(mw); k++) d[k * stride] = from[k * stride];
    return true;
  }
  case FER_OP_TO_FP_FP:
    gather(x, &r[i->b * stride], stride, sw);
    fer_fpw_convert(m, rm, o, src, x);
    break;
  case FER_OP_TO_FP_UBV:
  case FER_OP_TO_FP_SBV:
    gather(x, &r[i->b * stride], stride, i->e);
    fer_fpw_from_bv(m, rm, o, x, i->e, op == FER_OP_TO_FP_SBV);
    break;
  case FER_OP_TO_FP_BV:
    gather(x, &r[i->b * stride], stride, mw);
    if (fer_fpw_test(m, FER_OP_FP_IS_NAN, x)) fer_fpw_nan(m, o);
    else memcpy(o, x, sizeof o);
    break;
  case FER_OP_FP_TO_UBV:
  case FER_OP_FP_TO_SBV:
    gather(x, &r[i->b * stride], stride, sw);
    fer_fpw_to_bv(src, rm, x, i->w, op == FER_OP_FP_TO_SBV, o, &defined);
    scatter(d, stride, o, i->w);
    return defined;
  case FER_OP_FP_TO_IEEE_BV:
    gather(x, &r[i->b * stride], stride, sw);
    scatter(d, stride, x, sw);
    return !fer_fpw_test(src, FER_OP_FP_IS_NAN, x);
  case FER_OP_FP: { /* sign, exponent, significand */
    gather(x, &r[i->b * stride], stride, 1);
    gather(y, &r[i->c * stride], stride, m.eb);
    gather(z, &r[i->e * stride], stride, m.sb - 1);
    memcpy(o, z, sizeof o);
    for (uint32_t k = 0; k < m.eb; k++)
      if ((y[k / 64] >> (k % 64)) & 1) o[(m.sb - 1 + k) / 64] |= (uint64_t)1 << ((m.sb - 1 + k) % 64);
    if (x[0] & 1) o[(mw - 1) / 64] |= (uint64_t)1 << ((mw - 1) % 64);
    if (fer_fpw_test(m, FER_OP_FP_IS_NAN, o)) fer_fpw_nan(m, o);
    break;
  }
  default: {
    fer_fmt am = m; /* the operands' format (predicates: w) */
    uint32_t aw = am.eb + am.sb;
    gather(x, &r[i->b * stride], stride, aw);
    if (i->c != FER_WIDE_UNARY) gather(y, &r[i->c * stride], stride, aw);
    if (i->e != FER_WIDE_UNARY) gather(z, &r[i->e * stride], stride, aw);
    switch (op) {
    case FER_OP_EQ: *d = fer_fpw_smt_eq(am, x, y); return true;
    case FER_OP_FP_LEQ: *d = fer_fpw_leq(am, x, y); return true;
    case FER_OP_FP_LT: *d = fer_fpw_lt(am, x, y); return true;
    case FER_OP_FP_GEQ: *d = fer_fpw_leq(am, y, x); return true;
    case FER_OP_FP_GT: *d = fer_fpw_lt(am, y, x); return true;
    case FER_OP_FP_EQ: *d = fer_fpw_eq(am, x, y); return true;
    case FER_OP_FP_IS_NORMAL: case FER_OP_FP_IS_SUBNORMAL: case FER_OP_FP_IS_ZERO:
    case FER_OP_FP_IS_INF: case FER_OP_FP_IS_NAN: case FER_OP_FP_IS_NEG:
    case FER_OP_FP_IS_POS:
      *d = fer_fpw_test(am, op, x);
      return true;
    case FER_OP_FP_ABS: fer_fpw_abs(m, o, x); break;
    case FER_OP_FP_NEG: fer_fpw_neg(m, o, x); break;
    case FER_OP_FP_ADD: fer_fpw_add(m, rm, o, x, y); break;
    case FER_OP_FP_SUB: fer_fpw_sub(m, rm, o, x, y); break;
    case FER_OP_FP_MUL: fer_fpw_mul(m, rm, o, x, y); break;
    case FER_OP_FP_DIV: fer_fpw_div(m, rm, o, x, y); break;
    case FER_OP_FP_FMA: fer_fpw_fma(m, rm, o, x, y, z); break;
    case FER_OP_FP_SQRT: fer_fpw_sqrt(m, rm, o, x); break;
    case FER_OP_FP_REM: fer_fpw_rem(m, o, x, y); break;
    case FER_OP_FP_RTI:
      fer_fpw_rti(m, rm, o, x);
      ok = !fer_fpw_test(m, FER_OP_FP_IS_INF, o) || fer_fpw_test(m, FER_OP_FP_IS_INF, x);
      break;
    case FER_OP_FP_MIN:
    case FER_OP_FP_MAX:
      if (op == FER_OP_FP_MIN) fer_fpw_min(m, o, x, y);
      else fer_fpw_max(m, o, x, y);
      ok = !(fer_fpw_test(m, FER_OP_FP_IS_ZERO, x) && fer_fpw_test(m, FER_OP_FP_IS_ZERO, y) &&
             !fer_fpw_smt_eq(m, x, y));
      break;
    default: return true; /* not compiled (compile.c refuses it) */
    }
  }
  }
  scatter(d, stride, o, mw);
  return ok;
}

/* Called for every WIDE instruction run: the slow path, out of line. */
__attribute__((noinline)) bool fer_wide_run(const fer_insn *i, fer_u128 *r,
                                            size_t stride) {
  uint64_t a[FER_WIDE_LIMBS], b[FER_WIDE_LIMBS], o[FER_WIDE_LIMBS];
  uint64_t tmp[2 * (6 * FER_WIDE_LIMBS + 2)];
  if (i->pad) return wide_fp_run(i, r, stride);
  fer_op op = (fer_op)i->x;
  uint32_t w = i->w;
  bool defined = true;
  memset(a, 0, sizeof a), memset(b, 0, sizeof b), memset(o, 0, sizeof o);
  switch (op) {
  case FER_OP_ITE: {
    const fer_u128 *src = r[i->a * stride] & 1 ? &r[i->b * stride] : &r[i->c * stride];
    for (uint32_t k = 0; k < regs_of(w); k++) r[(i->d + k) * stride] = src[k * stride];
    return true;
  }
  case FER_OP_EQ:
    gather(a, &r[i->a * stride], stride, w), gather(b, &r[i->b * stride], stride, w);
    r[i->d * stride] = fer_bvw_cmp(a, b, w) == 0;
    return true;
  case FER_OP_TO_FP_UBV:
  case FER_OP_TO_FP_SBV: {
    fer_fmt m = {i->c, i->e};
    gather(a, &r[i->b * stride], stride, w);
    r[i->d * stride] = fer_fp_from_bvw(m, (fer_rm)r[i->a * stride], a, w,
                                       op == FER_OP_TO_FP_SBV, tmp);
    return true;
  }
  case FER_OP_FP_TO_UBV:
  case FER_OP_FP_TO_SBV: {
    fer_fmt m = {i->c, i->e};
    fer_fp_to_bvw(m, (fer_rm)r[i->a * stride], r[i->b * stride], w,
                  op == FER_OP_FP_TO_SBV, o, &defined, tmp);
    scatter(&r[i->d * stride], stride, o, w);
    return defined;
  }
  default: break;
  }
  /* a BV operation: w = wa, c = wb (binary) or lo (extract), e = i0 */
  bool binary = i->b != FER_WIDE_UNARY;
  uint32_t wb = binary ? i->c : 0, i1 = binary ? 0 : i->c;
  uint32_t rw = fer_bvw_result_width(op, w, wb, i->e, i1);
  gather(a, &r[i->a * stride], stride, w);
  if (binary) gather(b, &r[i->b * stride], stride, wb);
  fer_bvw_apply(op, o, a, b, w, wb, i->e, i1, tmp);
  scatter(&r[i->d * stride], stride, o, rw);
  return true;
}
