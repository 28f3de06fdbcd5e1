/* Distances between the sides of comparisons and distances of constraints
 * to truth: the guidance shared by the coverage features (log2 buckets,
 * like libFuzzer's value profile) and the local search (branch distance of
 * the alternating-variable method, summed over the Boolean skeleton as in
 * search-based testing).  Contract in prog.h. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "bv/bv.h"
#include "fp/fp.h"
#include "engine/prog.h"

uint32_t fer_dist_bucket(fer_u128 d) {
  if (!d) return 0;
  uint64_t hi = (uint64_t)(d >> 64), lo = (uint64_t)d;
  return hi ? 1 + 64 + (63 - (uint32_t)__builtin_clzll(hi))
            : 1 + (63 - (uint32_t)__builtin_clzll(lo));
}

uint32_t fer_atom_bucket(const fer_dnode *dn, const fer_u128 *r) {
  if (r[dn->reg] & 1) return 0;
  return fer_dn_wide(dn) ? fer_wide_bucket(dn, r) : fer_dist_bucket(fer_atom_distance(dn, r));
}

static fer_u128 mag_mask(uint32_t n) { return fer_bv_mask(n - 1); }

static bool is_nan(uint32_t eb, uint32_t sb, fer_u128 v) {
  fer_u128 inf = fer_bv_mask(eb) << (sb - 1);
  return (v & mag_mask(eb + sb)) > inf;
}

fer_i128s fer_fp_key(uint32_t eb, uint32_t sb, fer_u128 v, bool eq_zero) {
  uint32_t n = eb + sb;
  fer_u128 mag = v & mag_mask(n);
  if (!((v >> (n - 1)) & 1)) return (fer_i128s)mag;
  return eq_zero ? -(fer_i128s)mag : -(fer_i128s)mag - 1;
}

fer_u128 fer_fp_from_key(uint32_t eb, uint32_t sb, fer_i128s k) {
  uint32_t n = eb + sb;
  fer_i128s inf = (fer_i128s)(fer_bv_mask(eb) << (sb - 1));
  if (k > inf) k = inf;
  if (k < -inf - 1) k = -inf - 1;
  if (k >= 0) return (fer_u128)k;
  return ((fer_u128)1 << (n - 1)) | (fer_u128)(-k - 1);
}

#define FAR (~(fer_u128)0)

/* a - b for a >= b, in unsigned arithmetic: keys span up to 2^128, so the
 * signed difference could overflow. */
static fer_u128 sub(fer_i128s a, fer_i128s b) { return (fer_u128)a - (fer_u128)b; }

static fer_u128 absdiff(fer_i128s a, fer_i128s b) {
  return a >= b ? sub(a, b) : sub(b, a);
}

/* Distance to make `a rel b` true (0 if it holds). */
fer_u128 fer_atom_distance(const fer_dnode *dn, const fer_u128 *r) {
  if (fer_dn_wide(dn)) return fer_wide_distance(dn, r, false);
  fer_u128 a = r[dn->a], b = r[dn->b];
  uint32_t eb = dn->w, sb = dn->x, w = dn->w;
  switch ((fer_dn_kind)dn->kind) {
  case FER_DN_FLT:
  case FER_DN_FLEQ: {
    if (is_nan(eb, sb, a) || is_nan(eb, sb, b)) return FAR;
    fer_i128s ka = fer_fp_key(eb, sb, a, true), kb = fer_fp_key(eb, sb, b, true);
    if (dn->kind == FER_DN_FLT) return ka < kb ? 0 : sub(ka, kb) + 1;
    return ka <= kb ? 0 : sub(ka, kb);
  }
  case FER_DN_FEQ:
    if (is_nan(eb, sb, a) || is_nan(eb, sb, b)) return FAR;
    return absdiff(fer_fp_key(eb, sb, a, true), fer_fp_key(eb, sb, b, true));
  case FER_DN_FSEQ: {
    bool na = is_nan(eb, sb, a), nb = is_nan(eb, sb, b);
    if (na || nb) return na && nb ? 0 : FAR;
    return absdiff(fer_fp_key(eb, sb, a, false), fer_fp_key(eb, sb, b, false));
  }
  case FER_DN_EQ: {
    fer_u128 d1 = (a - b) & fer_bv_mask(w), d2 = (b - a) & fer_bv_mask(w);
    return d1 < d2 ? d1 : d2;
  }
  case FER_DN_SLT:
  case FER_DN_SLE: { /* signed order is unsigned order with the sign flipped */
    fer_u128 s = (fer_u128)1 << (w - 1);
    a ^= s, b ^= s;
  }
    /* fall through */
  case FER_DN_ULT:
  case FER_DN_ULE:
    if (dn->kind == FER_DN_ULT || dn->kind == FER_DN_SLT)
      return a < b ? 0 : a - b + 1;
    return a <= b ? 0 : a - b;
  default:
    return (r[dn->reg] & 1) ? 0 : 1;
  }
}

/* An FP value as a double: exact for formats up to Float64, rounded (to
 * nearest) beyond; +-inf when out of range. */
double fer_fp_double(uint32_t eb, uint32_t sb, fer_u128 v) {
  if (eb == 11 && sb == 53) {
    uint64_t b = (uint64_t)v;
    double d;
    memcpy(&d, &b, 8);
    return d;
  }
  if (eb == 8 && sb == 24) {
    uint32_t b = (uint32_t)v;
    float x;
    memcpy(&x, &b, 4);
    return x;
  }
  fer_fmt from = {eb, sb}, to = {11, 53};
  uint64_t b = (uint64_t)fer_fp_convert(to, FER_RNE, from, v);
  double d;
  memcpy(&d, &b, 8);
  return d;
}

/* Distance to make an FP atom true in real terms (|a - b|, plus the
 * smallest amount for strictness), for the local search on linear-like
 * constraints, where ULPs distort (zero is 2^30 ULPs from 1e-3).  NaN and
 * infinite operands fall back to a huge value ordered by ULPs. */
static double atom_real_distance(const fer_dnode *dn, const fer_u128 *r) {
  uint32_t eb = dn->w, sb = dn->x;
  double a = fer_fp_double(eb, sb, r[dn->a]), b = fer_fp_double(eb, sb, r[dn->b]);
  if (!isfinite(a) || !isfinite(b))
    return 1e300 + (double)fer_atom_distance(dn, r) * 1e270;
  switch ((fer_dn_kind)dn->kind) {
  case FER_DN_FLT: return a < b ? 0 : (a - b) + DBL_MIN + fabs(b) * 0x1p-60;
  case FER_DN_FLEQ: return a <= b ? 0 : (a - b);
  case FER_DN_FEQ: return a == b ? 0 : fabs(a - b);
  default: /* = : structural; the ULP distance already says 0 or not */
    return fer_atom_distance(dn, r) ? fabs(a - b) + DBL_MIN : 0;
  }
}

/* The same to make an FP atom false (it is true, so no NaN). */
static double atom_real_distance_false(const fer_dnode *dn, const fer_u128 *r) {
  uint32_t eb = dn->w, sb = dn->x;
  double a = fer_fp_double(eb, sb, r[dn->a]), b = fer_fp_double(eb, sb, r[dn->b]);
  double tiny = DBL_MIN + fabs(a) * 0x1p-60;
  if (!isfinite(a) || !isfinite(b)) return 1e300;
  switch ((fer_dn_kind)dn->kind) {
  case FER_DN_FLT: return b - a;
  case FER_DN_FLEQ: return b - a + tiny;
  default: return tiny;
  }
}

/* Distance to make the atom false (0 if it is false). */
static fer_u128 atom_distance_false(const fer_dnode *dn, const fer_u128 *r) {
  if (!(r[dn->reg] & 1)) return 0;
  if (fer_dn_wide(dn)) return fer_wide_distance(dn, r, true);
  fer_u128 a = r[dn->a], b = r[dn->b];
  uint32_t eb = dn->w, sb = dn->x, w = dn->w;
  switch ((fer_dn_kind)dn->kind) {
  case FER_DN_FLT:
  case FER_DN_FLEQ: { /* true, so neither is NaN */
    fer_i128s ka = fer_fp_key(eb, sb, a, true), kb = fer_fp_key(eb, sb, b, true);
    fer_u128 d = kb >= ka ? sub(kb, ka) : 0;
    return dn->kind == FER_DN_FLT ? d : d + 1;
  }
  case FER_DN_SLT:
  case FER_DN_SLE: {
    fer_u128 s = (fer_u128)1 << (w - 1);
    a ^= s, b ^= s;
  }
    /* fall through */
  case FER_DN_ULT:
  case FER_DN_ULE: {
    fer_u128 d = b >= a ? b - a : 0;
    return dn->kind == FER_DN_ULT || dn->kind == FER_DN_SLT ? d : d + 1;
  }
  default:
    return 1;
  }
}

static double min2(double a, double b) { return a < b ? a : b; }

/* The branch distance of false constraint c's Boolean skeleton. */
static double skeleton_distance(const fer_prog *p, const fer_u128 *r, uint32_t c,
                                double *scratch, bool real) {
  const fer_cons *k = &p->cons.data[c];
  double *dt = scratch, *df = scratch + p->max_dn;
  const fer_dnode *dn = p->dn.data + k->dn_begin;
  uint32_t n = k->dn_end - k->dn_begin;
  const uint32_t *kids = p->dn_kids.data;
  for (uint32_t i = 0; i < n; i++) {
    const fer_dnode *d = &dn[i];
    if (FER_DN_IS_ATOM(d->kind)) {
      /* (formats over 128 bits: in ULPs; they pass a double's range) */
      bool fp = d->kind >= FER_DN_FLT && d->kind <= FER_DN_FSEQ && !fer_dn_wide(d);
      dt[i] = real && fp ? atom_real_distance(d, r) : (double)fer_atom_distance(d, r);
      df[i] = !(r[d->reg] & 1)  ? 0
              : real && fp      ? atom_real_distance_false(d, r)
                                : (double)atom_distance_false(d, r);
      continue;
    }
    const uint32_t *kb = kids + d->a, *ke = kids + d->b;
    switch ((fer_dn_kind)d->kind) {
    case FER_DN_NOT:
      dt[i] = df[kb[0]], df[i] = dt[kb[0]];
      break;
    case FER_DN_AND:
    case FER_DN_OR: {
      double sum_t = 0, sum_f = 0, min_t = INFINITY, min_f = INFINITY;
      for (const uint32_t *q = kb; q < ke; q++) {
        sum_t += dt[*q], sum_f += df[*q];
        min_t = min2(min_t, dt[*q]), min_f = min2(min_f, df[*q]);
      }
      if (d->kind == FER_DN_AND) dt[i] = sum_t, df[i] = min_f;
      else dt[i] = min_t, df[i] = sum_f;
      break;
    }
    case FER_DN_IMPLIES:
      dt[i] = min2(df[kb[0]], dt[kb[1]]);
      df[i] = dt[kb[0]] + df[kb[1]];
      break;
    case FER_DN_XOR:
      dt[i] = min2(dt[kb[0]] + df[kb[1]], df[kb[0]] + dt[kb[1]]);
      df[i] = min2(dt[kb[0]] + dt[kb[1]], df[kb[0]] + df[kb[1]]);
      break;
    case FER_DN_EQB:
      dt[i] = min2(dt[kb[0]] + dt[kb[1]], df[kb[0]] + df[kb[1]]);
      df[i] = min2(dt[kb[0]] + df[kb[1]], df[kb[0]] + dt[kb[1]]);
      break;
    case FER_DN_ITE:
      dt[i] = min2(dt[kb[0]] + dt[kb[1]], df[kb[0]] + dt[kb[2]]);
      df[i] = min2(dt[kb[0]] + df[kb[1]], df[kb[0]] + df[kb[2]]);
      break;
    default:
      dt[i] = df[i] = 1;
      break;
    }
  }
  return dt[n - 1];
}

double fer_cons_distance(const fer_prog *p, const fer_u128 *r, uint32_t c,
                         double *scratch, bool real) {
  if (r[p->cons.data[c].root] & 1) return 0;
  return 1 + log2(1 + skeleton_distance(p, r, c, scratch, real));
}

double fer_cons_gap(const fer_prog *p, const fer_u128 *r, uint32_t c, double *scratch) {
  if (r[p->cons.data[c].root] & 1) return 0;
  return skeleton_distance(p, r, c, scratch, true);
}
