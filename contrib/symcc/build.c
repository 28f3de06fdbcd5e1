/*
 * The expression builders of SymCC's runtime interface on ferret's term
 * API.  Every builder takes NULL ("concrete") where RuntimeCommon.h allows
 * it and never crashes on a malformed call: a term ferret refuses (an
 * ill-sorted application) makes the value concrete (NULL) and is counted
 * and reported once.  Booleans: SymCC models i1 values as Bool terms, but
 * some callers mix them with 1-bit vectors, so every builder converts
 * between the two where its operator needs the other one.
 */
#include <stdlib.h>
#include <string.h>

#include "fsym.h"

ferret_sort fsym_bv_sort(uint32_t width) {
  if (width <= 256) {
    if (!fsym.s_bv[width]) fsym.s_bv[width] = ferret_sort_bv(fsym.f, width);
    return fsym.s_bv[width];
  }
  return ferret_sort_bv(fsym.f, width);
}

void fsym_failed(const char *what) {
  fsym.errors++;
  if (fsym.errors <= 5) {
    const ferret_error_info *info = ferret_error(fsym.f);
    fprintf(fsym.log, "ferret: %s: %s (value made concrete)\n", what,
            info && info->message ? info->message : "failed");
  }
}

static ferret_sort_kind sort_kind(ferret_term t, uint32_t *a, uint32_t *b) {
  return ferret_sort_info(fsym.f, ferret_term_sort(fsym.f, t), a, b);
}

static bool is_bool(ferret_term t) {
  return ferret_term_sort(fsym.f, t) == fsym.s_bool;
}

/* A variable of sort s that stands for every value computed once memory
 * ran out (concrete mode): one per sort, so the store stops growing. */
ferret_term fsym_placeholder(ferret_sort s) {
  if (s == fsym.s_bool) {
    if (!fsym.placeholder[0])
      fsym.placeholder[0] = ferret_mk_var(fsym.f, "fsym!concrete!bool", s);
    return fsym.placeholder[0];
  }
  uint32_t a = 0, b = 0;
  ferret_sort_kind k = ferret_sort_info(fsym.f, s, &a, &b);
  if (k == FERRET_SORT_BV && a <= 256) {
    if (!fsym.ph_bv[a]) {
      char name[48];
      snprintf(name, sizeof name, "fsym!concrete!bv%u", (unsigned)a);
      fsym.ph_bv[a] = ferret_mk_var(fsym.f, name, s);
    }
    return fsym.ph_bv[a];
  }
  if (k == FERRET_SORT_FP && (s == fsym.s_f32 || s == fsym.s_f64)) {
    int i = s == fsym.s_f32 ? 1 : 2;
    if (!fsym.placeholder[i])
      fsym.placeholder[i] =
          ferret_mk_var(fsym.f, i == 1 ? "fsym!concrete!f32" : "fsym!concrete!f64", s);
    return fsym.placeholder[i];
  }
  return 0; /* no placeholder: the value becomes concrete */
}

/* Apply an operator; 0 if an argument is 0 or ferret refuses the term.
 * `result` is the result's sort, used instead of building in concrete
 * mode (0: the sort of the first argument). */
static ferret_term app(ferret_kind k, const ferret_term *args, size_t n,
                       const uint32_t *idx, size_t nidx, ferret_sort result,
                       const char *what) {
  for (size_t i = 0; i < n; i++)
    if (!args[i]) return 0;
  if (fsym.concrete)
    return fsym_placeholder(result ? result : ferret_term_sort(fsym.f, args[0]));
  ferret_term t = ferret_mk_term(fsym.f, k, args, n, idx, nidx);
  if (!t) {
    fsym_failed(what);
    return 0;
  }
  if (t > fsym.max_terms) fsym_enter_concrete("term store limit");
  return t;
}

static ferret_term app1(ferret_kind k, ferret_term a, ferret_sort r,
                        const char *what) {
  return app(k, &a, 1, NULL, 0, r, what);
}
static ferret_term app2(ferret_kind k, ferret_term a, ferret_term b,
                        ferret_sort r, const char *what) {
  ferret_term args[2] = {a, b};
  return app(k, args, 2, NULL, 0, r, what);
}
static ferret_term app3(ferret_kind k, ferret_term a, ferret_term b,
                        ferret_term c, ferret_sort r, const char *what) {
  ferret_term args[3] = {a, b, c};
  return app(k, args, 3, NULL, 0, r, what);
}

static ferret_term bit(int one) {
  return ferret_mk_bits64(fsym.f, fsym_bv_sort(1), one ? 1 : 0);
}

/* Bool -> (_ BitVec 1) and back; other terms unchanged. */
static ferret_term as_bv(ferret_term t) {
  if (!t || !is_bool(t)) return t;
  return app3(FERRET_KIND_ITE, t, bit(1), bit(0), fsym_bv_sort(1), "bool2bv");
}
ferret_term fsym_as_bool(ferret_term t) {
  if (!t || is_bool(t)) return t;
  uint32_t w = 0;
  if (sort_kind(t, &w, NULL) != FERRET_SORT_BV) return t;
  return app2(FERRET_KIND_DISTINCT, t, ferret_mk_bits64(fsym.f, fsym_bv_sort(w), 0),
              fsym.s_bool, "bv2bool");
}

#define A(e) FSYM_T(e)
#define R(t) FSYM_E(t)

/* ---------------------------------------------------------------- values */

SymExpr _sym_build_integer(uint64_t value, uint8_t bits) {
  if (!bits) return NULL;
  if (fsym.concrete) return R(fsym_placeholder(fsym_bv_sort(bits)));
  return R(ferret_mk_bits64(fsym.f, fsym_bv_sort(bits), value));
}

SymExpr _sym_build_integer128(uint64_t high, uint64_t low) {
  uint64_t limbs[2] = {low, high};
  return R(ferret_mk_bits(fsym.f, fsym_bv_sort(128), limbs, 2));
}

SymExpr _sym_build_integer_from_buffer(void *buffer, unsigned num_bits) {
  if (!buffer || !num_bits) return NULL;
  size_t n = (num_bits + 63) / 64;
  uint64_t small[8], *limbs = n <= 8 ? small : calloc(n, sizeof *limbs);
  if (!limbs) return NULL;
  memcpy(limbs, buffer, (num_bits + 7) / 8);
  if (num_bits % 64) limbs[n - 1] &= (UINT64_C(1) << (num_bits % 64)) - 1;
  ferret_term t = ferret_mk_bits(fsym.f, fsym_bv_sort(num_bits), limbs, n);
  if (limbs != small) free(limbs);
  return R(t);
}

SymExpr _sym_build_float(double value, int is_double) {
  if (fsym.concrete)
    return R(fsym_placeholder(is_double ? fsym.s_f64 : fsym.s_f32));
  if (is_double) {
    uint64_t bits;
    memcpy(&bits, &value, sizeof bits);
    return R(ferret_mk_bits64(fsym.f, fsym.s_f64, bits));
  }
  float v = (float)value;
  uint32_t bits;
  memcpy(&bits, &v, sizeof bits);
  return R(ferret_mk_bits64(fsym.f, fsym.s_f32, bits));
}

SymExpr _sym_build_null_pointer(void) {
  return R(ferret_mk_bits64(fsym.f, fsym_bv_sort(8 * sizeof(void *)), 0));
}
SymExpr _sym_build_true(void) { return R(fsym.t_true); }
SymExpr _sym_build_false(void) { return R(fsym.t_false); }
SymExpr _sym_build_bool(bool value) { return R(value ? fsym.t_true : fsym.t_false); }

/* ---------------------------------------------------- integer arithmetic */

SymExpr _sym_build_neg(SymExpr e) {
  return R(app1(FERRET_KIND_BVNEG, as_bv(A(e)), 0, "bvneg"));
}

#define BV_BINARY(name, kind)                                                  \
  SymExpr _sym_build_##name(SymExpr a, SymExpr b) {                            \
    return R(app2(kind, as_bv(A(a)), as_bv(A(b)), 0, #name));                  \
  }
BV_BINARY(add, FERRET_KIND_BVADD)
BV_BINARY(sub, FERRET_KIND_BVSUB)
BV_BINARY(mul, FERRET_KIND_BVMUL)
BV_BINARY(unsigned_div, FERRET_KIND_BVUDIV)
BV_BINARY(signed_div, FERRET_KIND_BVSDIV)
BV_BINARY(unsigned_rem, FERRET_KIND_BVUREM)
BV_BINARY(signed_rem, FERRET_KIND_BVSREM)
BV_BINARY(shift_left, FERRET_KIND_BVSHL)
BV_BINARY(logical_shift_right, FERRET_KIND_BVLSHR)
BV_BINARY(arithmetic_shift_right, FERRET_KIND_BVASHR)

#define BV_COMPARE(name, kind)                                                 \
  SymExpr _sym_build_##name(SymExpr a, SymExpr b) {                            \
    return R(app2(kind, as_bv(A(a)), as_bv(A(b)), fsym.s_bool, #name));        \
  }
BV_COMPARE(signed_less_than, FERRET_KIND_BVSLT)
BV_COMPARE(signed_less_equal, FERRET_KIND_BVSLE)
BV_COMPARE(signed_greater_than, FERRET_KIND_BVSGT)
BV_COMPARE(signed_greater_equal, FERRET_KIND_BVSGE)
BV_COMPARE(unsigned_less_than, FERRET_KIND_BVULT)
BV_COMPARE(unsigned_less_equal, FERRET_KIND_BVULE)
BV_COMPARE(unsigned_greater_than, FERRET_KIND_BVUGT)
BV_COMPARE(unsigned_greater_equal, FERRET_KIND_BVUGE)

/* = and distinct on two terms of one sort; a Bool beside a 1-bit vector is
 * made a vector (RuntimeCommon.cpp compares extracted bits with true). */
static ferret_term equality(ferret_kind k, ferret_term a, ferret_term b) {
  if (a && b && is_bool(a) != is_bool(b)) {
    a = as_bv(a);
    b = as_bv(b);
  }
  return app2(k, a, b, fsym.s_bool, k == FERRET_KIND_EQ ? "equal" : "not_equal");
}
SymExpr _sym_build_equal(SymExpr a, SymExpr b) {
  return R(equality(FERRET_KIND_EQ, A(a), A(b)));
}
SymExpr _sym_build_not_equal(SymExpr a, SymExpr b) {
  return R(equality(FERRET_KIND_DISTINCT, A(a), A(b)));
}

/* Bitwise operators on vectors; on two Bools (i1 values) the Boolean one. */
static ferret_term bitwise(ferret_kind bv, ferret_kind boolean, ferret_term a,
                           ferret_term b, const char *what) {
  if (a && b && is_bool(a) && is_bool(b))
    return app2(boolean, a, b, fsym.s_bool, what);
  return app2(bv, as_bv(a), as_bv(b), 0, what);
}
SymExpr _sym_build_and(SymExpr a, SymExpr b) {
  return R(bitwise(FERRET_KIND_BVAND, FERRET_KIND_AND, A(a), A(b), "and"));
}
SymExpr _sym_build_or(SymExpr a, SymExpr b) {
  return R(bitwise(FERRET_KIND_BVOR, FERRET_KIND_OR, A(a), A(b), "or"));
}
SymExpr _sym_build_xor(SymExpr a, SymExpr b) {
  return R(bitwise(FERRET_KIND_BVXOR, FERRET_KIND_XOR, A(a), A(b), "xor"));
}
SymExpr _sym_build_bool_and(SymExpr a, SymExpr b) {
  return R(app2(FERRET_KIND_AND, fsym_as_bool(A(a)), fsym_as_bool(A(b)),
                fsym.s_bool, "bool_and"));
}
SymExpr _sym_build_bool_or(SymExpr a, SymExpr b) {
  return R(app2(FERRET_KIND_OR, fsym_as_bool(A(a)), fsym_as_bool(A(b)),
                fsym.s_bool, "bool_or"));
}
SymExpr _sym_build_bool_xor(SymExpr a, SymExpr b) {
  return R(app2(FERRET_KIND_XOR, fsym_as_bool(A(a)), fsym_as_bool(A(b)),
                fsym.s_bool, "bool_xor"));
}
SymExpr _sym_build_not(SymExpr e) {
  ferret_term t = A(e);
  if (t && is_bool(t)) return R(app1(FERRET_KIND_NOT, t, fsym.s_bool, "not"));
  return R(app1(FERRET_KIND_BVNOT, t, 0, "bvnot"));
}

SymExpr _sym_build_ite(SymExpr cond, SymExpr a, SymExpr b) {
  ferret_term x = A(a), y = A(b);
  if (x && y && is_bool(x) != is_bool(y)) {
    x = as_bv(x);
    y = as_bv(y);
  }
  return R(app3(FERRET_KIND_ITE, fsym_as_bool(A(cond)), x, y,
                x ? ferret_term_sort(fsym.f, x) : 0, "ite"));
}

/* --------------------------------------------------------- floating point
 * Rounding: the C default, nearest-even, as LLVM assumes without
 * strictfp; conversions to integers truncate (fptosi/fptoui). */

#define FP_BINARY(name, kind)                                                  \
  SymExpr _sym_build_fp_##name(SymExpr a, SymExpr b) {                         \
    return R(app3(kind, fsym.rm_rne, A(a), A(b),                               \
                  A(a) ? ferret_term_sort(fsym.f, A(a)) : 0, "fp_" #name));    \
  }
FP_BINARY(add, FERRET_KIND_FP_ADD)
FP_BINARY(sub, FERRET_KIND_FP_SUB)
FP_BINARY(mul, FERRET_KIND_FP_MUL)
FP_BINARY(div, FERRET_KIND_FP_DIV)

/* LLVM's frem is C's fmod (the remainder of the truncated quotient, sign
 * of a), not IEEE's fp.rem (nearest quotient).  fmod(a, b) is fp.rem(a, b)
 * when both have the sign of a (or r is zero), else r + |b| with a's sign:
 * that sum is fmod's exact value, so it rounds to itself. */
SymExpr _sym_build_fp_rem(SymExpr a, SymExpr b) {
  ferret_term x = A(a), y = A(b);
  if (!x || !y) return NULL;
  ferret_sort s = ferret_term_sort(fsym.f, x);
  ferret_term r = app2(FERRET_KIND_FP_REM, x, y, s, "fp_rem");
  ferret_term xneg = app1(FERRET_KIND_FP_IS_NEG, x, fsym.s_bool, "fp_rem");
  ferret_term rneg = app1(FERRET_KIND_FP_IS_NEG, r, fsym.s_bool, "fp_rem");
  ferret_term rzero = app1(FERRET_KIND_FP_IS_ZERO, r, fsym.s_bool, "fp_rem");
  ferret_term ay = app1(FERRET_KIND_FP_ABS, y, s, "fp_rem");
  ferret_term step = app3(FERRET_KIND_ITE, xneg,
                          app1(FERRET_KIND_FP_NEG, ay, s, "fp_rem"), ay, s, "fp_rem");
  ferret_term fix = app3(FERRET_KIND_FP_ADD, fsym.rm_rne, r, step, s, "fp_rem");
  ferret_term wrong = app2(FERRET_KIND_AND,
                           app1(FERRET_KIND_NOT, rzero, fsym.s_bool, "fp_rem"),
                           app2(FERRET_KIND_XOR, xneg, rneg, fsym.s_bool, "fp_rem"),
                           fsym.s_bool, "fp_rem");
  return R(app3(FERRET_KIND_ITE, wrong, fix, r, s, "fp_rem"));
}

SymExpr _sym_build_fp_abs(SymExpr a) {
  return R(app1(FERRET_KIND_FP_ABS, A(a), 0, "fp_abs"));
}
SymExpr _sym_build_fp_neg(SymExpr a) {
  return R(app1(FERRET_KIND_FP_NEG, A(a), 0, "fp_neg"));
}

static ferret_term fp_cmp(ferret_kind k, ferret_term a, ferret_term b) {
  return app2(k, a, b, fsym.s_bool, "fp_compare");
}
/* either operand NaN */
static ferret_term unordered(ferret_term a, ferret_term b) {
  return app2(FERRET_KIND_OR,
              app1(FERRET_KIND_FP_IS_NAN, a, fsym.s_bool, "fp_isnan"),
              app1(FERRET_KIND_FP_IS_NAN, b, fsym.s_bool, "fp_isnan"),
              fsym.s_bool, "fp_unordered");
}
static ferret_term or2(ferret_term a, ferret_term b) {
  return app2(FERRET_KIND_OR, a, b, fsym.s_bool, "or");
}
static ferret_term not1(ferret_term a) {
  return app1(FERRET_KIND_NOT, a, fsym.s_bool, "not");
}

/* fp.gt, fp.geq, fp.lt, fp.leq, fp.eq are false on NaN: LLVM's ordered
 * predicates.  The unordered ones hold on NaN as well. */
#define FP_ORDERED(name, kind)                                                 \
  SymExpr _sym_build_float_ordered_##name(SymExpr a, SymExpr b) {              \
    return R(fp_cmp(kind, A(a), A(b)));                                        \
  }                                                                            \
  SymExpr _sym_build_float_unordered_##name(SymExpr a, SymExpr b) {            \
    if (!A(a) || !A(b)) return NULL;                                           \
    return R(or2(unordered(A(a), A(b)), fp_cmp(kind, A(a), A(b))));            \
  }
FP_ORDERED(greater_than, FERRET_KIND_FP_GT)
FP_ORDERED(greater_equal, FERRET_KIND_FP_GEQ)
FP_ORDERED(less_than, FERRET_KIND_FP_LT)
FP_ORDERED(less_equal, FERRET_KIND_FP_LEQ)
FP_ORDERED(equal, FERRET_KIND_FP_EQ)

/* one: ordered and not equal, i.e. a < b or a > b */
SymExpr _sym_build_float_ordered_not_equal(SymExpr a, SymExpr b) {
  if (!A(a) || !A(b)) return NULL;
  return R(or2(fp_cmp(FERRET_KIND_FP_LT, A(a), A(b)),
               fp_cmp(FERRET_KIND_FP_GT, A(a), A(b))));
}
/* une: not (ordered and equal) */
SymExpr _sym_build_float_unordered_not_equal(SymExpr a, SymExpr b) {
  if (!A(a) || !A(b)) return NULL;
  return R(not1(fp_cmp(FERRET_KIND_FP_EQ, A(a), A(b))));
}
SymExpr _sym_build_float_ordered(SymExpr a, SymExpr b) {
  if (!A(a) || !A(b)) return NULL;
  return R(not1(unordered(A(a), A(b))));
}
SymExpr _sym_build_float_unordered(SymExpr a, SymExpr b) {
  if (!A(a) || !A(b)) return NULL;
  return R(unordered(A(a), A(b)));
}

/* ------------------------------------------------------------------ casts */

static ferret_term extend(ferret_kind k, ferret_term t, uint32_t bits) {
  t = as_bv(t);
  if (!t || !bits) return t;
  uint32_t w = 0;
  if (sort_kind(t, &w, NULL) != FERRET_SORT_BV) return 0;
  return app(k, &t, 1, &bits, 1, fsym_bv_sort(w + bits), "extend");
}
SymExpr _sym_build_sext(SymExpr e, uint8_t bits) {
  return R(extend(FERRET_KIND_SIGN_EXTEND, A(e), bits));
}
SymExpr _sym_build_zext(SymExpr e, uint8_t bits) {
  return R(extend(FERRET_KIND_ZERO_EXTEND, A(e), bits));
}

static ferret_term extract(ferret_term t, size_t hi, size_t lo) {
  t = as_bv(t);
  if (!t) return 0;
  uint32_t w = 0;
  if (sort_kind(t, &w, NULL) != FERRET_SORT_BV || hi < lo || hi >= w) {
    fsym.errors++;
    if (fsym.errors <= 5)
      fprintf(fsym.log, "ferret: extract [%zu:%zu] of a %u-bit value "
              "(value made concrete)\n", hi, lo, (unsigned)w);
    return 0;
  }
  /* Bytes SymCC stored and loads back come as extracts of concats (of
   * extracts): take the bits from the part that holds them, so queries
   * mention the input bytes themselves and not wide intermediate vectors. */
  for (;;) {
    if (lo == 0 && hi + 1 == w) return t;
    ferret_kind k = ferret_term_kind(fsym.f, t);
    if (k == FERRET_KIND_EXTRACT) {
      size_t base = ferret_term_index(fsym.f, t, 1);
      t = ferret_term_arg(fsym.f, t, 0);
      hi += base, lo += base;
      sort_kind(t, &w, NULL);
      continue;
    }
    if (k != FERRET_KIND_CONCAT) break;
    size_t n = ferret_term_nargs(fsym.f, t), at = 0; /* bit offset of arg i */
    ferret_term part = 0;
    for (size_t i = n; i-- > 0;) {
      ferret_term a = ferret_term_arg(fsym.f, t, i);
      uint32_t aw = 0;
      sort_kind(a, &aw, NULL);
      if (lo >= at && hi < at + aw) {
        part = a;
        break;
      }
      if (hi < at + aw) break; /* the range spans two parts */
      at += aw;
    }
    if (!part) break;
    t = part;
    hi -= at, lo -= at;
    sort_kind(t, &w, NULL);
  }
  uint32_t idx[2] = {(uint32_t)hi, (uint32_t)lo};
  return app(FERRET_KIND_EXTRACT, &t, 1, idx, 2,
             fsym_bv_sort((uint32_t)(hi - lo + 1)), "extract");
}

SymExpr _sym_build_trunc(SymExpr e, uint8_t bits) {
  if (!A(e) || !bits) return NULL;
  if (bits == 1 && is_bool(A(e))) return e;
  return R(extract(A(e), bits - 1u, 0));
}

SymExpr _sym_build_int_to_float(SymExpr value, int is_double, int is_signed) {
  ferret_term v = as_bv(A(value));
  if (!v) return NULL;
  ferret_term args[2] = {fsym.rm_rne, v};
  uint32_t idx[2] = {is_double ? 11u : 8u, is_double ? 53u : 24u};
  return R(app(is_signed ? FERRET_KIND_TO_FP_SBV : FERRET_KIND_TO_FP_UBV, args,
               2, idx, 2, is_double ? fsym.s_f64 : fsym.s_f32, "int_to_float"));
}

SymExpr _sym_build_float_to_float(SymExpr e, int to_double) {
  if (!A(e)) return NULL;
  ferret_sort s = to_double ? fsym.s_f64 : fsym.s_f32;
  if (ferret_term_sort(fsym.f, A(e)) == s) return e;
  ferret_term args[2] = {fsym.rm_rne, A(e)};
  uint32_t idx[2] = {to_double ? 11u : 8u, to_double ? 53u : 24u};
  return R(app(FERRET_KIND_TO_FP_FP, args, 2, idx, 2, s, "float_to_float"));
}

SymExpr _sym_build_bits_to_float(SymExpr e, int to_double) {
  ferret_term t = as_bv(A(e));
  if (!t) return NULL;
  uint32_t idx[2] = {to_double ? 11u : 8u, to_double ? 53u : 24u};
  return R(app(FERRET_KIND_TO_FP_BV, &t, 1, idx, 2,
               to_double ? fsym.s_f64 : fsym.s_f32, "bits_to_float"));
}

SymExpr _sym_build_float_to_bits(SymExpr e) {
  ferret_term t = A(e);
  if (!t) return NULL;
  uint32_t eb = 0, sb = 0;
  if (sort_kind(t, &eb, &sb) != FERRET_SORT_FP) return e;
  return R(app1(FERRET_KIND_FP_TO_IEEE_BV, t, fsym_bv_sort(eb + sb),
                "float_to_bits"));
}

static ferret_term to_int(ferret_kind k, ferret_term t, uint32_t bits) {
  if (!t || !bits) return 0;
  ferret_term args[2] = {fsym.rm_rtz, t};
  return app(k, args, 2, &bits, 1, fsym_bv_sort(bits), "float_to_integer");
}
SymExpr _sym_build_float_to_signed_integer(SymExpr e, uint8_t bits) {
  return R(to_int(FERRET_KIND_FP_TO_SBV, A(e), bits));
}
SymExpr _sym_build_float_to_unsigned_integer(SymExpr e, uint8_t bits) {
  return R(to_int(FERRET_KIND_FP_TO_UBV, A(e), bits));
}

SymExpr _sym_build_bool_to_bit(SymExpr e) { return R(as_bv(A(e))); }

/* ------------------------------------------------------- bit-array helpers */

SymExpr _sym_concat_helper(SymExpr a, SymExpr b) {
  ferret_term x = as_bv(A(a)), y = as_bv(A(b));
  if (!x || !y) return NULL;
  uint32_t wx = 0, wy = 0;
  if (sort_kind(x, &wx, NULL) != FERRET_SORT_BV ||
      sort_kind(y, &wy, NULL) != FERRET_SORT_BV)
    return NULL;
  /* adjacent bits of one term, split by a store and joined by a load */
  if (!fsym.concrete && ferret_term_kind(fsym.f, x) == FERRET_KIND_EXTRACT &&
      ferret_term_kind(fsym.f, y) == FERRET_KIND_EXTRACT &&
      ferret_term_arg(fsym.f, x, 0) == ferret_term_arg(fsym.f, y, 0) &&
      ferret_term_index(fsym.f, x, 1) == ferret_term_index(fsym.f, y, 0) + 1)
    return R(extract(ferret_term_arg(fsym.f, x, 0), ferret_term_index(fsym.f, x, 0),
                     ferret_term_index(fsym.f, y, 1)));
  return R(app2(FERRET_KIND_CONCAT, x, y, fsym_bv_sort(wx + wy), "concat"));
}

SymExpr _sym_extract_helper(SymExpr e, size_t first_bit, size_t last_bit) {
  return R(extract(A(e), first_bit, last_bit));
}

size_t _sym_bits_helper(SymExpr e) {
  if (!A(e)) return 0;
  uint32_t a = 0, b = 0;
  switch (sort_kind(A(e), &a, &b)) {
  case FERRET_SORT_BOOL: return 1;
  case FERRET_SORT_BV: return a;
  case FERRET_SORT_FP: return (size_t)a + b;
  default: return 0;
  }
}

/* -------------------------------------------------------------- debugging */

const char *_sym_expr_to_string(SymExpr e) {
  if (!A(e)) return "concrete";
  const char *s = ferret_term_string(fsym.f, A(e));
  return s ? s : "(out of memory)";
}
