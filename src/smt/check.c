/* Sort checking: every non-leaf term is built here.
 *
 * fer_mk checks an application against the row of its operator's family in
 * the table below: an optional check of the indices, the arity and the
 * argument sorts (one message for both, as SMT-LIB states the signature),
 * then the result sort, which for a few families checks more (widths that
 * must fit, extract's bounds, the curried sort of an applied function). */
#include <string.h>

#include "base/context.h"
#include "smt/term.h"

static const char *opname(fer_op op) { return fer_op_table[op].name; }

static fer_term sort_error(ferret *f, fer_op op, uint32_t nargs,
                           const fer_term *args, const char *expected) {
  /* an argument 0 is a term whose construction failed (out of memory):
   * its error stands, not a sort error about the missing term */
  for (uint32_t i = 0; i < nargs; i++)
    if (!args[i] && f->error.status != FERRET_OK) return 0;
  char got[512];
  size_t n = 0;
  got[0] = '\0';
  for (uint32_t i = 0; i < nargs && n + 64 < sizeof got; i++) {
    if (i) got[n++] = ' ';
    int k = fer_sort_print(f, fer_term_sort(f, args[i]), got + n, sizeof got - n);
    if (k > 0) n += (size_t)k < sizeof got - n ? (size_t)k : sizeof got - n - 1;
  }
  fer_error(f, FERRET_ERROR_SORT, 0, 0,
            "ill-sorted application of '%s': expected %s, got (%s)", opname(op),
            expected, got);
  return 0;
}

static const fer_sort_info *si(ferret *f, fer_term t) {
  return fer_sort_get(f, fer_term_sort(f, t));
}
static bool is_kind(ferret *f, fer_term t, uint32_t kind) {
  return si(f, t)->kind == kind;
}
static bool all_kind(ferret *f, uint32_t n, const fer_term *a, uint32_t kind) {
  for (uint32_t i = 0; i < n; i++)
    if (!is_kind(f, a[i], kind)) return false;
  return true;
}
static bool all_same(ferret *f, uint32_t n, const fer_term *a) {
  for (uint32_t i = 1; i < n; i++)
    if (fer_term_sort(f, a[i]) != fer_term_sort(f, a[0])) return false;
  return true;
}

/* One application being checked: the operator, its arguments, its indices
 * (those the operator does not take are 0) and the first argument's width
 * (BV) or eb (FP), 0 without arguments. */
typedef struct mk_call {
  fer_op op;
  uint32_t n, i0, i1, w;
  const fer_term *a;
} mk_call;

static fer_sort refuse(ferret *f, const mk_call *m, const char *expected) {
  return sort_error(f, m->op, m->n, m->a, expected);
}

/* ---- argument rules (the arity is checked before) ---- */

static bool args_bool(ferret *f, const mk_call *m) {
  return all_kind(f, m->n, m->a, FER_SORT_BOOL);
}
static bool args_same(ferret *f, const mk_call *m) {
  return all_same(f, m->n, m->a);
}
static bool args_bv(ferret *f, const mk_call *m) {
  return all_kind(f, m->n, m->a, FER_SORT_BV);
}
static bool args_bv_same(ferret *f, const mk_call *m) {
  return args_bv(f, m) && all_same(f, m->n, m->a);
}
static bool args_fp(ferret *f, const mk_call *m) {
  return all_kind(f, m->n, m->a, FER_SORT_FP);
}
static bool args_fp_same(ferret *f, const mk_call *m) {
  return args_fp(f, m) && all_same(f, m->n, m->a);
}
/* a rounding mode, then floating-points of one sort */
static bool args_rm_fp(ferret *f, const mk_call *m) {
  return is_kind(f, m->a[0], FER_SORT_RM) &&
         all_kind(f, m->n - 1, m->a + 1, FER_SORT_FP) &&
         all_same(f, m->n - 1, m->a + 1);
}
static bool args_rm_real(ferret *f, const mk_call *m) {
  return is_kind(f, m->a[0], FER_SORT_RM) && is_kind(f, m->a[1], FER_SORT_REAL);
}
static bool args_rm_bv(ferret *f, const mk_call *m) {
  return is_kind(f, m->a[0], FER_SORT_RM) && is_kind(f, m->a[1], FER_SORT_BV);
}
static bool args_ite(ferret *f, const mk_call *m) {
  return is_kind(f, m->a[0], FER_SORT_BOOL) && all_same(f, 2, m->a + 1);
}
static bool args_select(ferret *f, const mk_call *m) {
  return is_kind(f, m->a[0], FER_SORT_ARRAY) &&
         si(f, m->a[0])->a == fer_term_sort(f, m->a[1]);
}
static bool args_store(ferret *f, const mk_call *m) {
  return args_select(f, m) && si(f, m->a[0])->b == fer_term_sort(f, m->a[2]);
}
/* the array sort is index 0 */
static bool args_const_array(ferret *f, const mk_call *m) {
  return m->i0 && m->i0 < f->store->sorts.size &&
         fer_sort_get(f, m->i0)->kind == FER_SORT_ARRAY &&
         fer_sort_get(f, m->i0)->b == fer_term_sort(f, m->a[0]);
}
/* the argument sorts are checked with the result (res_apply) */
static bool args_apply(ferret *f, const mk_call *m) {
  return fer_term_op(f, m->a[0]) == FER_OP_VAR &&
         fer_var_arity(f, m->a[0]) == m->n - 1;
}
static bool args_fp_make(ferret *f, const mk_call *m) {
  return args_bv(f, m) && m->w == 1 && si(f, m->a[1])->a >= 2 &&
         si(f, m->a[2])->a >= 1;
}
static bool args_to_fp_bv(ferret *f, const mk_call *m) {
  return is_kind(f, m->a[0], FER_SORT_BV) && (uint64_t)m->i0 + m->i1 == m->w;
}

/* ---- index rules (checked first) ---- */

static bool idx_eb_sb(const mk_call *m) { return m->i0 >= 2 && m->i1 >= 2; }
static bool idx_width(const mk_call *m) { return m->i0 >= 1; }

/* ---- result sorts (0: refused or out of memory) ---- */

static fer_sort res_bool(ferret *f, const mk_call *m) { return fer_sort_bool(f); }
static fer_sort res_arg0(ferret *f, const mk_call *m) {
  return fer_term_sort(f, m->a[0]);
}
static fer_sort res_arg1(ferret *f, const mk_call *m) {
  return fer_term_sort(f, m->a[1]);
}
static fer_sort res_bv1(ferret *f, const mk_call *m) { return fer_sort_bv(f, 1); }
static fer_sort res_select(ferret *f, const mk_call *m) {
  return si(f, m->a[0])->b;
}
static fer_sort res_idx_sort(ferret *f, const mk_call *m) { return m->i0; }
static fer_sort res_fp_idx(ferret *f, const mk_call *m) {
  return fer_sort_fp(f, m->i0, m->i1);
}
static fer_sort res_bv_idx(ferret *f, const mk_call *m) {
  return fer_sort_bv(f, m->i0);
}
static fer_sort res_ieee_bits(ferret *f, const mk_call *m) {
  return fer_sort_bv(f, fer_sort_bits(f, fer_term_sort(f, m->a[0])));
}
static fer_sort res_fp_make(ferret *f, const mk_call *m) {
  return fer_sort_fp(f, si(f, m->a[1])->a, si(f, m->a[2])->a + 1);
}
/* Walks the curried sort (Array A1 (Array A2 ... R)) of the function. */
static fer_sort res_apply(ferret *f, const mk_call *m) {
  fer_sort c = fer_term_sort(f, m->a[0]);
  for (uint32_t k = 1; k < m->n; k++) {
    const fer_sort_info *s = fer_sort_get(f, c);
    if (s->kind != FER_SORT_ARRAY || s->a != fer_term_sort(f, m->a[k]))
      return refuse(f, m, "arguments of the function's declared sorts");
    c = s->b;
  }
  return c;
}
static fer_sort res_concat(ferret *f, const mk_call *m) {
  uint64_t width = (uint64_t)m->w + si(f, m->a[1])->a;
  if (width > UINT32_MAX) return refuse(f, m, "a width below 2^32");
  return fer_sort_bv(f, (uint32_t)width);
}
static fer_sort res_extract(ferret *f, const mk_call *m) {
  if (!(m->i0 < m->w && m->i1 <= m->i0))
    return refuse(f, m, "indices with width > i >= j >= 0");
  return fer_sort_bv(f, m->i0 - m->i1 + 1);
}
static fer_sort res_repeat(ferret *f, const mk_call *m) {
  if (!(m->i0 >= 1 && (uint64_t)m->w * m->i0 <= UINT32_MAX))
    return refuse(f, m, "an index i >= 1");
  return fer_sort_bv(f, m->w * m->i0);
}
static fer_sort res_extend(ferret *f, const mk_call *m) {
  if ((uint64_t)m->w + m->i0 > UINT32_MAX) return refuse(f, m, "a width below 2^32");
  return fer_sort_bv(f, m->w + m->i0);
}

/* ---- the table ---- */

typedef struct sort_rule {
  bool (*indices)(const mk_call *); /* NULL: no index rule */
  const char *indices_expected;
  uint32_t min, max;                 /* arity */
  bool (*args)(ferret *, const mk_call *);
  const char *expected;              /* arity and arguments */
  fer_sort (*result)(ferret *, const mk_call *);
} sort_rule;

#define ANY UINT32_MAX
#define ONE_BV "one bit-vector"
#define ONE_FP "one floating-point"
#define TWO_BV "two bit-vectors of the same width"
#define TWO_FP "two floating-points of the same sort"
#define EB_SB idx_eb_sb, "indices eb >= 2 and sb >= 2"

typedef enum sort_family {
  F_NONE, F_NOT, F_BOOL2, F_BOOLN, F_EQ, F_DISTINCT, F_ITE, F_SELECT, F_STORE,
  F_CONST_ARRAY, F_APPLY, F_CONCAT, F_EXTRACT, F_REPEAT, F_EXTEND, F_BV1,
  F_BVRED, F_BVNEGO, F_BV2, F_BVCOMP, F_BVPRED, F_TO_IEEE, F_FP_MAKE, F_FP1,
  F_FP_ARITH, F_FP_FMA, F_FP_ROUND, F_FP2, F_FP_PRED, F_FP_CLASS, F_TO_FP_BV,
  F_TO_FP_FP, F_TO_FP_REAL, F_TO_FP_INT, F_FP_TO_BV, F_COUNT
} sort_family;

static const sort_rule rules[F_COUNT] = {
  [F_NOT] = {0, 0, 1, 1, args_bool, "(Bool)", res_bool},
  [F_BOOL2] = {0, 0, 2, 2, args_bool, "(Bool Bool)", res_bool},
  [F_BOOLN] = {0, 0, 2, ANY, args_bool, "two or more Bool arguments", res_bool},
  [F_EQ] = {0, 0, 2, 2, args_same, "two arguments of the same sort", res_bool},
  [F_DISTINCT] = {0, 0, 2, ANY, args_same,
                  "two or more arguments of the same sort", res_bool},
  [F_ITE] = {0, 0, 3, 3, args_ite, "(Bool T T)", res_arg1},
  [F_SELECT] = {0, 0, 2, 2, args_select, "((Array I E) I)", res_select},
  [F_STORE] = {0, 0, 3, 3, args_store, "((Array I E) I E)", res_arg0},
  [F_CONST_ARRAY] = {0, 0, 1, 1, args_const_array,
                     "a value of the array's element sort", res_idx_sort},
  [F_APPLY] = {0, 0, 2, ANY, args_apply,
               "a function and as many arguments as it takes", res_apply},
  [F_CONCAT] = {0, 0, 2, 2, args_bv, "two bit-vectors", res_concat},
  [F_EXTRACT] = {0, 0, 1, 1, args_bv, ONE_BV, res_extract},
  [F_REPEAT] = {0, 0, 1, 1, args_bv, ONE_BV, res_repeat},
  [F_EXTEND] = {0, 0, 1, 1, args_bv, ONE_BV, res_extend},
  [F_BV1] = {0, 0, 1, 1, args_bv, ONE_BV, res_arg0},
  [F_BVRED] = {0, 0, 1, 1, args_bv, ONE_BV, res_bv1},
  [F_BVNEGO] = {0, 0, 1, 1, args_bv, ONE_BV, res_bool},
  [F_BV2] = {0, 0, 2, 2, args_bv_same, TWO_BV, res_arg0},
  [F_BVCOMP] = {0, 0, 2, 2, args_bv_same, TWO_BV, res_bv1},
  [F_BVPRED] = {0, 0, 2, 2, args_bv_same, TWO_BV, res_bool},
  [F_TO_IEEE] = {0, 0, 1, 1, args_fp, ONE_FP, res_ieee_bits},
  [F_FP_MAKE] = {0, 0, 3, 3, args_fp_make,
                 "((_ BitVec 1) (_ BitVec eb) (_ BitVec sb-1)) with eb >= 2, sb >= 2",
                 res_fp_make},
  [F_FP1] = {0, 0, 1, 1, args_fp, ONE_FP, res_arg0},
  [F_FP_ARITH] = {0, 0, 3, 3, args_rm_fp,
                  "(RoundingMode F F) for one floating-point sort F", res_arg1},
  [F_FP_FMA] = {0, 0, 4, 4, args_rm_fp,
                "(RoundingMode F F F) for one floating-point sort F", res_arg1},
  [F_FP_ROUND] = {0, 0, 2, 2, args_rm_fp, "(RoundingMode F)", res_arg1},
  [F_FP2] = {0, 0, 2, 2, args_fp_same, TWO_FP, res_arg0},
  [F_FP_PRED] = {0, 0, 2, 2, args_fp_same, TWO_FP, res_bool},
  [F_FP_CLASS] = {0, 0, 1, 1, args_fp, ONE_FP, res_bool},
  [F_TO_FP_BV] = {EB_SB, 1, 1, args_to_fp_bv, "one bit-vector of width eb+sb",
                  res_fp_idx},
  [F_TO_FP_FP] = {EB_SB, 2, 2, args_rm_fp, "(RoundingMode FloatingPoint)",
                  res_fp_idx},
  [F_TO_FP_REAL] = {EB_SB, 2, 2, args_rm_real, "(RoundingMode Real)", res_fp_idx},
  [F_TO_FP_INT] = {EB_SB, 2, 2, args_rm_bv, "(RoundingMode BitVec)", res_fp_idx},
  [F_FP_TO_BV] = {idx_width, "an index m >= 1", 2, 2, args_rm_fp,
                  "(RoundingMode FloatingPoint)", res_bv_idx},
};

#undef ANY
#undef ONE_BV
#undef ONE_FP
#undef TWO_BV
#undef TWO_FP
#undef EB_SB

/* The family of each non-leaf operator (F_NONE: a leaf). */
static const uint8_t family[FER_OP_COUNT] = {
  [FER_OP_NOT] = F_NOT, [FER_OP_IMPLIES] = F_BOOL2, [FER_OP_XOR] = F_BOOL2,
  [FER_OP_AND] = F_BOOLN, [FER_OP_OR] = F_BOOLN, [FER_OP_EQ] = F_EQ,
  [FER_OP_DISTINCT] = F_DISTINCT, [FER_OP_ITE] = F_ITE,
  [FER_OP_SELECT] = F_SELECT, [FER_OP_STORE] = F_STORE,
  [FER_OP_CONST_ARRAY] = F_CONST_ARRAY, [FER_OP_APPLY] = F_APPLY,
  [FER_OP_CONCAT] = F_CONCAT, [FER_OP_EXTRACT] = F_EXTRACT,
  [FER_OP_REPEAT] = F_REPEAT, [FER_OP_ZERO_EXTEND] = F_EXTEND,
  [FER_OP_SIGN_EXTEND] = F_EXTEND, [FER_OP_ROTATE_LEFT] = F_BV1,
  [FER_OP_ROTATE_RIGHT] = F_BV1, [FER_OP_BVNOT] = F_BV1, [FER_OP_BVNEG] = F_BV1,
  [FER_OP_BVREDAND] = F_BVRED, [FER_OP_BVREDOR] = F_BVRED,
  [FER_OP_FP_TO_IEEE_BV] = F_TO_IEEE, [FER_OP_BVNEGO] = F_BVNEGO,
  [FER_OP_BVAND] = F_BV2, [FER_OP_BVOR] = F_BV2, [FER_OP_BVXOR] = F_BV2,
  [FER_OP_BVNAND] = F_BV2, [FER_OP_BVNOR] = F_BV2, [FER_OP_BVXNOR] = F_BV2,
  [FER_OP_BVADD] = F_BV2, [FER_OP_BVSUB] = F_BV2, [FER_OP_BVMUL] = F_BV2,
  [FER_OP_BVUDIV] = F_BV2, [FER_OP_BVUREM] = F_BV2, [FER_OP_BVSDIV] = F_BV2,
  [FER_OP_BVSREM] = F_BV2, [FER_OP_BVSMOD] = F_BV2, [FER_OP_BVSHL] = F_BV2,
  [FER_OP_BVLSHR] = F_BV2, [FER_OP_BVASHR] = F_BV2, [FER_OP_BVCOMP] = F_BVCOMP,
  [FER_OP_BVULT] = F_BVPRED, [FER_OP_BVULE] = F_BVPRED,
  [FER_OP_BVUGT] = F_BVPRED, [FER_OP_BVUGE] = F_BVPRED,
  [FER_OP_BVSLT] = F_BVPRED, [FER_OP_BVSLE] = F_BVPRED,
  [FER_OP_BVSGT] = F_BVPRED, [FER_OP_BVSGE] = F_BVPRED,
  [FER_OP_BVUADDO] = F_BVPRED, [FER_OP_BVSADDO] = F_BVPRED,
  [FER_OP_BVUMULO] = F_BVPRED, [FER_OP_BVSMULO] = F_BVPRED,
  [FER_OP_BVUSUBO] = F_BVPRED, [FER_OP_BVSSUBO] = F_BVPRED,
  [FER_OP_BVSDIVO] = F_BVPRED, [FER_OP_FP] = F_FP_MAKE,
  [FER_OP_FP_ABS] = F_FP1, [FER_OP_FP_NEG] = F_FP1,
  [FER_OP_FP_ADD] = F_FP_ARITH, [FER_OP_FP_SUB] = F_FP_ARITH,
  [FER_OP_FP_MUL] = F_FP_ARITH, [FER_OP_FP_DIV] = F_FP_ARITH,
  [FER_OP_FP_FMA] = F_FP_FMA, [FER_OP_FP_SQRT] = F_FP_ROUND,
  [FER_OP_FP_RTI] = F_FP_ROUND, [FER_OP_FP_REM] = F_FP2,
  [FER_OP_FP_MIN] = F_FP2, [FER_OP_FP_MAX] = F_FP2,
  [FER_OP_FP_LEQ] = F_FP_PRED, [FER_OP_FP_LT] = F_FP_PRED,
  [FER_OP_FP_GEQ] = F_FP_PRED, [FER_OP_FP_GT] = F_FP_PRED,
  [FER_OP_FP_EQ] = F_FP_PRED, [FER_OP_FP_IS_NORMAL] = F_FP_CLASS,
  [FER_OP_FP_IS_SUBNORMAL] = F_FP_CLASS, [FER_OP_FP_IS_ZERO] = F_FP_CLASS,
  [FER_OP_FP_IS_INF] = F_FP_CLASS, [FER_OP_FP_IS_NAN] = F_FP_CLASS,
  [FER_OP_FP_IS_NEG] = F_FP_CLASS, [FER_OP_FP_IS_POS] = F_FP_CLASS,
  [FER_OP_TO_FP_BV] = F_TO_FP_BV, [FER_OP_TO_FP_FP] = F_TO_FP_FP,
  [FER_OP_TO_FP_REAL] = F_TO_FP_REAL, [FER_OP_TO_FP_SBV] = F_TO_FP_INT,
  [FER_OP_TO_FP_UBV] = F_TO_FP_INT, [FER_OP_FP_TO_UBV] = F_FP_TO_BV,
  [FER_OP_FP_TO_SBV] = F_FP_TO_BV,
};

fer_term fer_mk(ferret *f, fer_op op, uint32_t n, const fer_term *a,
                uint32_t i0, uint32_t i1) {
  FER_REQUIRE(f, op < FER_OP_COUNT && fer_op_table[op].kind != FER_KIND_LEAF,
              "fer_mk on a leaf operator");
  const fer_op_info *info = &fer_op_table[op];
  FER_REQUIRE(f, family[op] != F_NONE, "unknown operator");
  if (family[op] == F_NONE) return 0;
  if (info->nidx < 2) i1 = 0;
  if (info->nidx < 1) i0 = 0;
  const sort_rule *rule = &rules[family[op]];
  mk_call m = {op, n, i0, i1, n ? si(f, a[0])->a : 0, a};
  if (rule->indices && !rule->indices(&m))
    return refuse(f, &m, rule->indices_expected);
  if (n < rule->min || n > rule->max || !rule->args(f, &m))
    return refuse(f, &m, rule->expected);
  fer_sort res = rule->result(f, &m);
  if (!res) return 0;
  fer_node node;
  memset(&node, 0, sizeof node);
  node.op = (uint16_t)op;
  node.nargs = n;
  node.sort = res;
  node.idx[0] = i0;
  node.idx[1] = i1;
  return fer_store_intern(f, node, a);
}

fer_term fer_mk_const_array(ferret *f, fer_sort array, fer_term v) {
  return fer_mk(f, FER_OP_CONST_ARRAY, 1, &v, array, 0);
}

fer_term fer_mk_smt(ferret *f, fer_op op, uint32_t n, const fer_term *a,
                    uint32_t i0, uint32_t i1) {
  switch (fer_op_table[op].kind) {
  case FER_KIND_NARY:
    if (op == FER_OP_AND || op == FER_OP_OR) {
      if (n == 0) return op == FER_OP_AND ? fer_true(f) : fer_false(f);
      if (n == 1) {
        if (!is_kind(f, a[0], FER_SORT_BOOL))
          return sort_error(f, op, n, a, "Bool arguments");
        return a[0];
      }
    }
    break;
  case FER_KIND_LEFT:
    if (n > 2) {
      fer_term acc = a[0];
      for (uint32_t i = 1; i < n && acc; i++) {
        fer_term pair[2] = {acc, a[i]};
        acc = fer_mk(f, op, 2, pair, i0, i1);
      }
      return acc;
    }
    break;
  case FER_KIND_RIGHT:
    if (n > 2) {
      fer_term acc = a[n - 1];
      for (uint32_t i = n - 1; i-- > 0 && acc;) {
        fer_term pair[2] = {a[i], acc};
        acc = fer_mk(f, op, 2, pair, i0, i1);
      }
      return acc;
    }
    break;
  case FER_KIND_CHAIN:
    if (n > 2) {
      FER_STACK(fer_term) parts = {0};
      fer_term r = 0;
      for (uint32_t i = 0; i + 1 < n; i++) {
        fer_term t = fer_mk(f, op, 2, a + i, i0, i1);
        if (!t || !FER_PUSH(f, parts, t)) goto done;
      }
      r = fer_mk(f, FER_OP_AND, (uint32_t)parts.size, parts.data, 0, 0);
    done:
      FER_RELEASE(f, parts);
      return r;
    }
    break;
  default:
    break;
  }
  return fer_mk(f, op, n, a, i0, i1);
}

fer_term fer_mk_to_fp(ferret *f, uint32_t eb, uint32_t sb, uint32_t n,
                      const fer_term *a, bool is_unsigned) {
  fer_op op = FER_OP_TO_FP_BV;
  if (is_unsigned)
    op = FER_OP_TO_FP_UBV;
  else if (n == 2) {
    uint32_t k = si(f, a[1])->kind;
    op = k == FER_SORT_FP     ? FER_OP_TO_FP_FP
         : k == FER_SORT_REAL ? FER_OP_TO_FP_REAL
                              : FER_OP_TO_FP_SBV;
  }
  return fer_mk(f, op, n, a, eb, sb);
}
