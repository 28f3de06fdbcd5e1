/* Sort checking: every non-leaf term is built here. */
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

fer_term fer_mk(ferret *f, fer_op op, uint32_t n, const fer_term *a,
                uint32_t i0, uint32_t i1) {
  FER_REQUIRE(f, op < FER_OP_COUNT && fer_op_table[op].kind != FER_KIND_LEAF,
              "fer_mk on a leaf operator");
  fer_sort bool_sort = fer_sort_bool(f), res = 0;
  const fer_op_info *info = &fer_op_table[op];
  if (info->nidx < 2) i1 = 0;
  if (info->nidx < 1) i0 = 0;
  uint32_t w = n ? si(f, a[0])->a : 0; /* first argument's width / eb */
#define NEED(COND, EXPECTED) \
  do { if (!(COND)) return sort_error(f, op, n, a, EXPECTED); } while (0)
  switch (op) {
  case FER_OP_NOT:
    NEED(n == 1 && all_kind(f, 1, a, FER_SORT_BOOL), "(Bool)");
    res = bool_sort;
    break;
  case FER_OP_IMPLIES:
  case FER_OP_XOR:
    NEED(n == 2 && all_kind(f, 2, a, FER_SORT_BOOL), "(Bool Bool)");
    res = bool_sort;
    break;
  case FER_OP_AND:
  case FER_OP_OR:
    NEED(n >= 2 && all_kind(f, n, a, FER_SORT_BOOL), "two or more Bool arguments");
    res = bool_sort;
    break;
  case FER_OP_EQ:
    NEED(n == 2 && all_same(f, 2, a), "two arguments of the same sort");
    res = bool_sort;
    break;
  case FER_OP_DISTINCT:
    NEED(n >= 2 && all_same(f, n, a), "two or more arguments of the same sort");
    res = bool_sort;
    break;
  case FER_OP_ITE:
    NEED(n == 3 && is_kind(f, a[0], FER_SORT_BOOL) && all_same(f, 2, a + 1),
         "(Bool T T)");
    res = fer_term_sort(f, a[1]);
    break;
  case FER_OP_SELECT:
    NEED(n == 2 && is_kind(f, a[0], FER_SORT_ARRAY) &&
             si(f, a[0])->a == fer_term_sort(f, a[1]),
         "((Array I E) I)");
    res = si(f, a[0])->b;
    break;
  case FER_OP_STORE:
    NEED(n == 3 && is_kind(f, a[0], FER_SORT_ARRAY) &&
             si(f, a[0])->a == fer_term_sort(f, a[1]) &&
             si(f, a[0])->b == fer_term_sort(f, a[2]),
         "((Array I E) I E)");
    res = fer_term_sort(f, a[0]);
    break;
  case FER_OP_CONST_ARRAY:
    NEED(n == 1 && i0 && i0 < f->store->sorts.size &&
             fer_sort_get(f, i0)->kind == FER_SORT_ARRAY &&
             fer_sort_get(f, i0)->b == fer_term_sort(f, a[0]),
         "a value of the array's element sort");
    res = i0;
    break;
  case FER_OP_APPLY: {
    NEED(n >= 2 && fer_term_op(f, a[0]) == FER_OP_VAR &&
             fer_var_arity(f, a[0]) == n - 1,
         "a function and as many arguments as it takes");
    fer_sort c = fer_term_sort(f, a[0]);
    for (uint32_t k = 1; k < n; k++) {
      NEED(fer_sort_get(f, c)->kind == FER_SORT_ARRAY &&
               fer_sort_get(f, c)->a == fer_term_sort(f, a[k]),
           "arguments of the function's declared sorts");
      c = fer_sort_get(f, c)->b;
    }
    res = c;
    break;
  }
  case FER_OP_CONCAT:
    NEED(n == 2 && all_kind(f, 2, a, FER_SORT_BV), "two bit-vectors");
    NEED((uint64_t)w + si(f, a[1])->a <= UINT32_MAX, "a width below 2^32");
    res = fer_sort_bv(f, w + si(f, a[1])->a);
    break;
  case FER_OP_EXTRACT:
    NEED(n == 1 && all_kind(f, 1, a, FER_SORT_BV), "one bit-vector");
    NEED(i0 < w && i1 <= i0, "indices with width > i >= j >= 0");
    res = fer_sort_bv(f, i0 - i1 + 1);
    break;
  case FER_OP_REPEAT:
    NEED(n == 1 && all_kind(f, 1, a, FER_SORT_BV), "one bit-vector");
    NEED(i0 >= 1 && (uint64_t)w * i0 <= UINT32_MAX, "an index i >= 1");
    res = fer_sort_bv(f, w * i0);
    break;
  case FER_OP_ZERO_EXTEND:
  case FER_OP_SIGN_EXTEND:
    NEED(n == 1 && all_kind(f, 1, a, FER_SORT_BV), "one bit-vector");
    NEED((uint64_t)w + i0 <= UINT32_MAX, "a width below 2^32");
    res = fer_sort_bv(f, w + i0);
    break;
  case FER_OP_ROTATE_LEFT:
  case FER_OP_ROTATE_RIGHT:
  case FER_OP_BVNOT:
  case FER_OP_BVNEG:
    NEED(n == 1 && all_kind(f, 1, a, FER_SORT_BV), "one bit-vector");
    res = fer_term_sort(f, a[0]);
    break;
  case FER_OP_BVREDAND:
  case FER_OP_BVREDOR:
    NEED(n == 1 && all_kind(f, 1, a, FER_SORT_BV), "one bit-vector");
    res = fer_sort_bv(f, 1);
    break;
  case FER_OP_FP_TO_IEEE_BV:
    NEED(n == 1 && all_kind(f, 1, a, FER_SORT_FP), "one floating-point");
    res = fer_sort_bv(f, fer_sort_bits(f, fer_term_sort(f, a[0])));
    break;
  case FER_OP_BVNEGO:
    NEED(n == 1 && all_kind(f, 1, a, FER_SORT_BV), "one bit-vector");
    res = bool_sort;
    break;
  case FER_OP_BVAND: case FER_OP_BVOR: case FER_OP_BVXOR:
  case FER_OP_BVNAND: case FER_OP_BVNOR: case FER_OP_BVXNOR:
  case FER_OP_BVADD: case FER_OP_BVSUB: case FER_OP_BVMUL:
  case FER_OP_BVUDIV: case FER_OP_BVUREM: case FER_OP_BVSDIV:
  case FER_OP_BVSREM: case FER_OP_BVSMOD: case FER_OP_BVSHL:
  case FER_OP_BVLSHR: case FER_OP_BVASHR:
    NEED(n == 2 && all_kind(f, 2, a, FER_SORT_BV) && all_same(f, 2, a),
         "two bit-vectors of the same width");
    res = fer_term_sort(f, a[0]);
    break;
  case FER_OP_BVCOMP:
    NEED(n == 2 && all_kind(f, 2, a, FER_SORT_BV) && all_same(f, 2, a),
         "two bit-vectors of the same width");
    res = fer_sort_bv(f, 1);
    break;
  case FER_OP_BVULT: case FER_OP_BVULE: case FER_OP_BVUGT: case FER_OP_BVUGE:
  case FER_OP_BVSLT: case FER_OP_BVSLE: case FER_OP_BVSGT: case FER_OP_BVSGE:
  case FER_OP_BVUADDO: case FER_OP_BVSADDO: case FER_OP_BVUMULO:
  case FER_OP_BVSMULO: case FER_OP_BVUSUBO: case FER_OP_BVSSUBO:
  case FER_OP_BVSDIVO:
    NEED(n == 2 && all_kind(f, 2, a, FER_SORT_BV) && all_same(f, 2, a),
         "two bit-vectors of the same width");
    res = bool_sort;
    break;
  case FER_OP_FP:
    NEED(n == 3 && all_kind(f, 3, a, FER_SORT_BV) && w == 1 &&
             si(f, a[1])->a >= 2 && si(f, a[2])->a >= 1,
         "((_ BitVec 1) (_ BitVec eb) (_ BitVec sb-1)) with eb >= 2, sb >= 2");
    res = fer_sort_fp(f, si(f, a[1])->a, si(f, a[2])->a + 1);
    break;
  case FER_OP_FP_ABS:
  case FER_OP_FP_NEG:
    NEED(n == 1 && all_kind(f, 1, a, FER_SORT_FP), "one floating-point");
    res = fer_term_sort(f, a[0]);
    break;
  case FER_OP_FP_ADD: case FER_OP_FP_SUB: case FER_OP_FP_MUL:
  case FER_OP_FP_DIV:
    NEED(n == 3 && is_kind(f, a[0], FER_SORT_RM) &&
             all_kind(f, 2, a + 1, FER_SORT_FP) && all_same(f, 2, a + 1),
         "(RoundingMode F F) for one floating-point sort F");
    res = fer_term_sort(f, a[1]);
    break;
  case FER_OP_FP_FMA:
    NEED(n == 4 && is_kind(f, a[0], FER_SORT_RM) &&
             all_kind(f, 3, a + 1, FER_SORT_FP) && all_same(f, 3, a + 1),
         "(RoundingMode F F F) for one floating-point sort F");
    res = fer_term_sort(f, a[1]);
    break;
  case FER_OP_FP_SQRT:
  case FER_OP_FP_RTI:
    NEED(n == 2 && is_kind(f, a[0], FER_SORT_RM) && is_kind(f, a[1], FER_SORT_FP),
         "(RoundingMode F)");
    res = fer_term_sort(f, a[1]);
    break;
  case FER_OP_FP_REM: case FER_OP_FP_MIN: case FER_OP_FP_MAX:
    NEED(n == 2 && all_kind(f, 2, a, FER_SORT_FP) && all_same(f, 2, a),
         "two floating-points of the same sort");
    res = fer_term_sort(f, a[0]);
    break;
  case FER_OP_FP_LEQ: case FER_OP_FP_LT: case FER_OP_FP_GEQ:
  case FER_OP_FP_GT: case FER_OP_FP_EQ:
    NEED(n == 2 && all_kind(f, 2, a, FER_SORT_FP) && all_same(f, 2, a),
         "two floating-points of the same sort");
    res = bool_sort;
    break;
  case FER_OP_FP_IS_NORMAL: case FER_OP_FP_IS_SUBNORMAL:
  case FER_OP_FP_IS_ZERO: case FER_OP_FP_IS_INF: case FER_OP_FP_IS_NAN:
  case FER_OP_FP_IS_NEG: case FER_OP_FP_IS_POS:
    NEED(n == 1 && all_kind(f, 1, a, FER_SORT_FP), "one floating-point");
    res = bool_sort;
    break;
  case FER_OP_TO_FP_BV:
    NEED(i0 >= 2 && i1 >= 2, "indices eb >= 2 and sb >= 2");
    NEED(n == 1 && is_kind(f, a[0], FER_SORT_BV) && (uint64_t)i0 + i1 == w,
         "one bit-vector of width eb+sb");
    res = fer_sort_fp(f, i0, i1);
    break;
  case FER_OP_TO_FP_FP:
  case FER_OP_TO_FP_SBV:
  case FER_OP_TO_FP_UBV:
  case FER_OP_TO_FP_REAL: {
    uint32_t k = op == FER_OP_TO_FP_FP     ? FER_SORT_FP
                 : op == FER_OP_TO_FP_REAL ? FER_SORT_REAL
                                           : FER_SORT_BV;
    NEED(i0 >= 2 && i1 >= 2, "indices eb >= 2 and sb >= 2");
    NEED(n == 2 && is_kind(f, a[0], FER_SORT_RM) && is_kind(f, a[1], k),
         k == FER_SORT_FP     ? "(RoundingMode FloatingPoint)"
         : k == FER_SORT_REAL ? "(RoundingMode Real)"
                              : "(RoundingMode BitVec)");
    res = fer_sort_fp(f, i0, i1);
    break;
  }
  case FER_OP_FP_TO_UBV:
  case FER_OP_FP_TO_SBV:
    NEED(i0 >= 1, "an index m >= 1");
    NEED(n == 2 && is_kind(f, a[0], FER_SORT_RM) && is_kind(f, a[1], FER_SORT_FP),
         "(RoundingMode FloatingPoint)");
    res = fer_sort_bv(f, i0);
    break;
  default:
    FER_REQUIRE(f, 0, "unknown operator");
  }
#undef NEED
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
