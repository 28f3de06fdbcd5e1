/* The term-building API (ferret.h, "terms"): sorts, constants, variables
 * and operator applications as integer ids of the context's term store,
 * and the assertion stack driven without SMT-LIB text.  A thin layer: the
 * store's constructors (smt/term.h) do the sort checking, the session
 * (api/smt.h) does what the commands would. */
#include <stdatomic.h>
#include <string.h>

#include "base/context.h"
#include "smt/print.h"
#include "smt/term.h"
#include "api/smt.h"

/* The public kinds are the store's operators, in the same order: the
 * table below fails to compile when one of them moves. */
#define SAME(ID) \
  _Static_assert((int)FERRET_KIND_##ID == (int)FER_OP_##ID, "kind " #ID);
#define SAME_OP(ID, NAME, NIDX, KIND) SAME(ID)
FER_OPS(SAME_OP)
#undef SAME_OP
#undef SAME
_Static_assert((int)FERRET_KIND_COUNT == (int)FER_OP_COUNT, "kind count");
_Static_assert((int)FERRET_RTZ == (int)FER_RTZ && (int)FERRET_RNA == (int)FER_RNA,
               "rounding modes");
_Static_assert((int)FERRET_SORT_REAL == (int)FER_SORT_REAL &&
                   (int)FERRET_SORT_ARRAY == (int)FER_SORT_ARRAY &&
                   (int)FERRET_SORT_UNINTERPRETED == (int)FER_SORT_UNINT,
               "sort kinds");

/* ------------------------------------------------------------- checking */

static bool valid_term(const ferret *f, ferret_term t) {
  return t >= 1 && t <= fer_term_count(f);
}

static bool valid_sort(const ferret *f, ferret_sort s) {
  return s >= 1 && s < f->store->sorts.size;
}

#define REQUIRE_TERM(f, t) \
  FER_REQUIRE((f), (f) && valid_term((f), (t)), "NULL context or invalid term")
#define REQUIRE_SORT(f, s) \
  FER_REQUIRE((f), (f) && valid_sort((f), (s)), "NULL context or invalid sort")

/* A function of arity >= 1 (ferret_mk_fun, declare-fun): its term has the
 * curried array sort but stands only as APPLY's first argument. */
static bool is_fun(const ferret *f, ferret_term t) {
  return fer_term_op(f, t) == FER_OP_VAR && fer_var_arity(f, t) > 0;
}

/* A term argument that is 0 comes from a call that failed: an error, not
 * misuse (a caller may build a whole term before looking at errors). */
static bool args_ok(ferret *f, const char *fn, const char *what,
                    const ferret_term *a, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (!a[i]) { /* keep the failed call's error: it is the cause */
      if (f->error.status == FERRET_OK)
        fer_error(f, FERRET_ERROR_SORT, 0, 0,
                  "%s: argument %zu is 0 (the call that made it failed)",
                  what, i + 1);
      return false;
    }
    if (!valid_term(f, a[i])) fer_misuse(f, fn, "invalid term");
  }
  return true;
}

/* ---------------------------------------------------------------- sorts */

ferret_sort ferret_sort_bool(ferret *f) {
  FER_REQUIRE(f, f, "NULL context");
  return fer_sort_bool(f);
}

ferret_sort ferret_sort_rm(ferret *f) {
  FER_REQUIRE(f, f, "NULL context");
  return fer_sort_rm(f);
}

ferret_sort ferret_sort_bv(ferret *f, uint32_t width) {
  FER_REQUIRE(f, f, "NULL context");
  if (!width) {
    fer_error(f, FERRET_ERROR_SORT, 0, 0, "a bit-vector needs width >= 1");
    return 0;
  }
  return fer_sort_bv(f, width);
}

ferret_sort ferret_sort_fp(ferret *f, uint32_t eb, uint32_t sb) {
  FER_REQUIRE(f, f, "NULL context");
  if (eb < 2 || sb < 2) {
    fer_error(f, FERRET_ERROR_SORT, 0, 0,
              "(_ FloatingPoint %u %u): both sizes must be at least 2", eb,
              sb);
    return 0;
  }
  return fer_sort_fp(f, eb, sb);
}

ferret_sort ferret_sort_array(ferret *f, ferret_sort index,
                              ferret_sort element) {
  REQUIRE_SORT(f, index);
  REQUIRE_SORT(f, element);
  if (fer_sort_get(f, index)->kind == FER_SORT_REAL ||
      fer_sort_get(f, element)->kind == FER_SORT_REAL) {
    fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0,
              "unsupported: an array of Real index or element sort");
    return 0;
  }
  return fer_sort_array(f, index, element);
}

ferret_sort ferret_sort_uninterpreted(ferret *f, const char *name) {
  FER_REQUIRE(f, f && name, "NULL context or name");
  return fer_smt_declare_named_sort(f, name);
}

ferret_sort_kind ferret_sort_info(ferret *f, ferret_sort s, uint32_t *a,
                                  uint32_t *b) {
  REQUIRE_SORT(f, s);
  const fer_sort_info *si = fer_sort_get(f, s);
  bool unint = si->kind == FER_SORT_UNINT; /* a: the name's offset */
  if (a) *a = unint ? 0 : si->a;
  if (b) *b = unint ? 0 : si->b;
  return (ferret_sort_kind)si->kind;
}

const char *ferret_sort_name(ferret *f, ferret_sort s) {
  REQUIRE_SORT(f, s);
  return fer_sort_get(f, s)->kind == FER_SORT_UNINT ? fer_sort_name(f, s)
                                                    : NULL;
}

/* ----------------------------------------------------------- constants */

ferret_term ferret_mk_bool(ferret *f, int value) {
  FER_REQUIRE(f, f, "NULL context");
  return fer_mk_bool(f, value != 0);
}

ferret_term ferret_mk_bits(ferret *f, ferret_sort s, const uint64_t *limbs,
                           size_t nlimbs) {
  REQUIRE_SORT(f, s);
  FER_REQUIRE(f, limbs || !nlimbs, "NULL limbs");
  const fer_sort_info *si = fer_sort_get(f, s);
  if (si->kind != FER_SORT_BV && si->kind != FER_SORT_FP) {
    fer_error(f, FERRET_ERROR_SORT, 0, 0,
              "ferret_mk_bits: a bit-vector or floating-point sort expected");
    return 0;
  }
  size_t need = (fer_sort_bits(f, s) + 63) / 64;
  uint64_t small[4] = {0}, *buf = small;
  if (need > 4 && !(buf = fer_calloc(f, need * sizeof *buf))) return 0;
  memcpy(buf, limbs, (nlimbs < need ? nlimbs : need) * sizeof *buf);
  fer_term t = fer_mk_const(f, s, buf);
  if (buf != small) fer_free(f, buf, need * sizeof *buf);
  return t;
}

ferret_term ferret_mk_bits64(ferret *f, ferret_sort s, uint64_t bits) {
  return ferret_mk_bits(f, s, &bits, 1);
}

ferret_term ferret_mk_rm(ferret *f, ferret_rm rm) {
  FER_REQUIRE(f, f && (unsigned)rm <= FERRET_RTZ, "NULL context or bad mode");
  return fer_mk_rm(f, (fer_rm)rm);
}

ferret_term ferret_mk_real(ferret *f, int negative, uint64_t num,
                           uint64_t den) {
  FER_REQUIRE(f, f, "NULL context");
  if (!den) {
    fer_error(f, FERRET_ERROR_SORT, 0, 0, "ferret_mk_real: denominator 0");
    return 0;
  }
  uint32_t n[2] = {(uint32_t)num, (uint32_t)(num >> 32)};
  uint32_t d[2] = {(uint32_t)den, (uint32_t)(den >> 32)};
  return fer_mk_real(f, negative != 0, n, 2, d, 2);
}

ferret_term ferret_mk_var(ferret *f, const char *name, ferret_sort s) {
  REQUIRE_SORT(f, s);
  FER_REQUIRE(f, name, "NULL name");
  if (fer_sort_get(f, s)->kind == FER_SORT_REAL) {
    fer_error(f, FERRET_ERROR_UNSUPPORTED,
              0, 0, "unsupported: a variable of sort Real");
    return 0;
  }
  return fer_smt_declare(f, name, s);
}

ferret_term ferret_mk_fun(ferret *f, const char *name,
                          const ferret_sort *domain, size_t n,
                          ferret_sort range) {
  REQUIRE_SORT(f, range);
  FER_REQUIRE(f, name && (domain || !n), "NULL name or domain");
  for (size_t i = 0; i < n; i++) REQUIRE_SORT(f, domain[i]);
  for (size_t i = 0; i <= n; i++)
    if (fer_sort_get(f, i < n ? domain[i] : range)->kind == FER_SORT_REAL) {
      fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0,
                "unsupported: a function with a Real argument or result");
      return 0;
    }
  if (n > UINT32_MAX) n = UINT32_MAX; /* over the arity limit all the same */
  return fer_smt_declare_named_fun(f, name, domain, (uint32_t)n, range);
}

/* -------------------------------------------------------- applications */

static void sort_text(const ferret *f, fer_sort s, char *buf, size_t size) {
  if (fer_sort_print(f, s, buf, size) < 0) buf[0] = '\0';
}

/* APPLY(fun, a1 .. an): fer_mk checks the same, but says less. */
static ferret_term mk_apply(ferret *f, const ferret_term *args, size_t n) {
  if (!n || !is_fun(f, args[0])) {
    fer_error(f, FERRET_ERROR_SORT, 0, 0,
              "'apply' needs as first argument a function of one or more "
              "arguments (ferret_mk_fun)");
    return 0;
  }
  uint32_t arity = fer_var_arity(f, args[0]);
  const char *name = fer_var_name(f, args[0]);
  if (n - 1 != arity) {
    fer_error(f, FERRET_ERROR_SORT, 0, 0,
              "function '%s' takes %u argument%s, got %zu", name, arity,
              arity == 1 ? "" : "s", n - 1);
    return 0;
  }
  fer_sort c = fer_term_sort(f, args[0]); /* (Array A1 (Array .. R)) */
  for (size_t k = 1; k < n; c = fer_sort_get(f, c)->b, k++) {
    fer_sort want = fer_sort_get(f, c)->a, got = fer_term_sort(f, args[k]);
    if (got == want) continue;
    char ws[256], gs[256];
    sort_text(f, want, ws, sizeof ws);
    sort_text(f, got, gs, sizeof gs);
    fer_error(f, FERRET_ERROR_SORT, 0, 0,
              "argument %zu of '%s' has sort %s, declared %s", k, name, gs,
              ws);
    return 0;
  }
  return fer_mk(f, FER_OP_APPLY, (uint32_t)n, args, 0, 0);
}

/* ((as const array) v), array a valid sort id. */
static ferret_term mk_const_array(ferret *f, fer_sort array,
                                  const ferret_term *args, size_t n) {
  char as[256], vs[256];
  sort_text(f, array, as, sizeof as);
  const fer_sort_info *si = fer_sort_get(f, array);
  if (si->kind != FER_SORT_ARRAY) {
    fer_error(f, FERRET_ERROR_SORT, 0, 0,
              "'as const' needs an array sort as its index, not %s", as);
    return 0;
  }
  if (n != 1) {
    fer_error(f, FERRET_ERROR_SORT, 0, 0,
              "((as const %s) v) takes one argument, got %zu", as, n);
    return 0;
  }
  if (fer_term_sort(f, args[0]) != si->b) {
    sort_text(f, fer_term_sort(f, args[0]), vs, sizeof vs);
    fer_error(f, FERRET_ERROR_SORT, 0, 0,
              "((as const %s) v): v has sort %s, not the element sort", as,
              vs);
    return 0;
  }
  return fer_mk_const_array(f, array, args[0]);
}

ferret_term ferret_mk_term(ferret *f, ferret_kind kind,
                           const ferret_term *args, size_t nargs,
                           const uint32_t *indices, size_t nindices) {
  FER_REQUIRE(f, f && (unsigned)kind < FERRET_KIND_COUNT,
              "NULL context or bad kind");
  FER_REQUIRE(f, (args || !nargs) && (indices || !nindices), "NULL array");
  const fer_op_info *oi = &fer_op_table[kind];
  if (oi->kind == FER_KIND_LEAF) {
    fer_error(f, FERRET_ERROR_SORT, 0, 0,
              "ferret_mk_term: '%s' is a leaf, made by its own ferret_mk_* "
              "call", oi->name);
    return 0;
  }
  if (nindices != oi->nidx) {
    fer_error(f, FERRET_ERROR_SORT, 0, 0, "'%s' takes %u ind%s, not %zu",
              oi->name, oi->nidx, oi->nidx == 1 ? "ex" : "ices", nindices);
    return 0;
  }
  if (nargs > UINT32_MAX) {
    fer_error(f, FERRET_ERROR_LIMIT, 0, 0, "too many arguments");
    return 0;
  }
  uint32_t i0 = nindices > 0 ? indices[0] : 0;
  uint32_t i1 = nindices > 1 ? indices[1] : 0;
  if (kind == FERRET_KIND_CONST_ARRAY)
    FER_REQUIRE(f, valid_sort(f, i0), "CONST_ARRAY's index is not a sort");
  if (!args_ok(f, __func__, oi->name, args, nargs)) return 0;
  /* A function stands only at the head of an application: anywhere else
   * its curried array sort would let it pass as an array. */
  for (size_t i = kind == FERRET_KIND_APPLY; i < nargs; i++)
    if (is_fun(f, args[i])) {
      fer_error(f, FERRET_ERROR_SORT, 0, 0,
                "'%s': argument %zu is the function '%s', which is only "
                "applied (FERRET_KIND_APPLY)",
                oi->name, i + 1, fer_var_name(f, args[i]));
      return 0;
    }
  switch (kind) {
  case FERRET_KIND_TO_FP_BV:
  case FERRET_KIND_TO_FP_FP:
  case FERRET_KIND_TO_FP_SBV:
  case FERRET_KIND_TO_FP_REAL:
  case FERRET_KIND_TO_FP_UBV:
    return fer_mk_to_fp(f, i0, i1, (uint32_t)nargs, args,
                        kind == FERRET_KIND_TO_FP_UBV);
  case FERRET_KIND_APPLY: return mk_apply(f, args, nargs);
  case FERRET_KIND_CONST_ARRAY: return mk_const_array(f, i0, args, nargs);
  default:
    return fer_mk_smt(f, (fer_op)kind, (uint32_t)nargs, args, i0, i1);
  }
}

/* ------------------------------------------------------------- looking */

ferret_kind ferret_term_kind(ferret *f, ferret_term t) {
  REQUIRE_TERM(f, t);
  return (ferret_kind)fer_term_op(f, t);
}

ferret_sort ferret_term_sort(ferret *f, ferret_term t) {
  REQUIRE_TERM(f, t);
  return fer_term_sort(f, t);
}

size_t ferret_term_arity(ferret *f, ferret_term t) {
  REQUIRE_TERM(f, t);
  return is_fun(f, t) ? fer_var_arity(f, t) : 0;
}

size_t ferret_term_nargs(ferret *f, ferret_term t) {
  REQUIRE_TERM(f, t);
  return fer_term_nargs(f, t);
}

ferret_term ferret_term_arg(ferret *f, ferret_term t, size_t i) {
  REQUIRE_TERM(f, t);
  FER_REQUIRE(f, i < fer_term_nargs(f, t), "argument index out of range");
  return fer_term_arg(f, t, (uint32_t)i);
}

uint32_t ferret_term_index(ferret *f, ferret_term t, int i) {
  REQUIRE_TERM(f, t);
  FER_REQUIRE(f, i == 0 || i == 1, "index must be 0 or 1");
  fer_op op = fer_term_op(f, t);
  return i < fer_op_table[op].nidx ? fer_term_idx(f, t, i) : 0;
}

const char *ferret_term_string(ferret *f, ferret_term t) {
  REQUIRE_TERM(f, t);
  fer_buf b = {0};
  if (!fer_print_term(f, &b, t) || !FER_PUSH(f, b, '\0')) {
    FER_RELEASE(f, b);
    return NULL;
  }
  FER_RELEASE(f, f->term_text);
  f->term_text.data = b.data;
  f->term_text.size = b.size;
  f->term_text.cap = b.cap;
  return b.data;
}

ferret_term ferret_parse_term(ferret *f, const char *text, size_t len) {
  FER_REQUIRE(f, f && (text || !len), "NULL context or text");
  return fer_smt_parse_term(f, text ? text : "", len);
}

/* ----------------------------------------------------- assertion stack */

ferret_status ferret_assert(ferret *f, ferret_term t) {
  REQUIRE_TERM(f, t);
  return fer_smt_assert_term(f, t, 0, 0) ? FERRET_OK : f->error.status;
}

ferret_status ferret_push(ferret *f, uint32_t levels) {
  FER_REQUIRE(f, f, "NULL context");
  return fer_smt_scopes(f, true, levels, 0, 0) ? FERRET_OK : f->error.status;
}

ferret_status ferret_pop(ferret *f, uint32_t levels) {
  FER_REQUIRE(f, f, "NULL context");
  return fer_smt_scopes(f, false, levels, 0, 0) ? FERRET_OK : f->error.status;
}

ferret_result ferret_check_sat_assuming(ferret *f, const ferret_term *a,
                                        size_t n) {
  FER_REQUIRE(f, f && (a || !n), "NULL context or assumptions");
  for (size_t i = 0; i < n; i++)
    FER_REQUIRE(f, valid_term(f, a[i]), "invalid term");
  for (size_t i = 0; i < n; i++)
    if (fer_term_sort(f, a[i]) != fer_sort_bool(f)) {
      fer_error(f, FERRET_ERROR_SORT, 0, 0,
                "assumption %zu is not a Bool term", i + 1);
      return FERRET_UNKNOWN;
    }
  atomic_store(&f->interrupt, 0);
  return fer_smt_check(f, a, n);
}

ferret_result ferret_check_sat(ferret *f) {
  return ferret_check_sat_assuming(f, NULL, 0);
}

/* Limbs of a value of sort s: BV and FP by their width, the others one. */
static size_t value_limbs(const ferret *f, fer_sort s) {
  fer_sort_kind k = fer_sort_get(f, s)->kind;
  return k == FER_SORT_BV || k == FER_SORT_FP ? (fer_sort_bits(f, s) + 63) / 64
                                              : 1;
}

/* The bits of constant v into limbs[0..nlimbs), need of them significant:
 * true/false 1/0; BV, FP, a RoundingMode or an abstract element's number
 * as the store keeps them. */
static void copy_bits(const ferret *f, fer_term v, uint64_t *limbs,
                      size_t nlimbs, size_t need) {
  memset(limbs, 0, nlimbs * sizeof *limbs);
  fer_op op = fer_term_op(f, v);
  if (op == FER_OP_TRUE || op == FER_OP_FALSE)
    limbs[0] = op == FER_OP_TRUE;
  else
    memcpy(limbs, fer_const_limbs(f, v), need * sizeof *limbs);
}

ferret_status ferret_get_value(ferret *f, ferret_term t, uint64_t *limbs,
                               size_t nlimbs, int *unspecified) {
  REQUIRE_TERM(f, t);
  FER_REQUIRE(f, limbs || !nlimbs, "NULL limbs");
  fer_sort s = fer_term_sort(f, t);
  const fer_sort_info *si = fer_sort_get(f, s);
  size_t need = value_limbs(f, s);
  if (si->kind == FER_SORT_REAL)
    return fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0,
                     "unsupported: the value of a Real term");
  if (si->kind == FER_SORT_ARRAY) /* a value term, not a constant */
    return fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0,
                     "unsupported: the value of %s as bits; "
                     "ferret_get_value_string gives it as SMT-LIB text",
                     is_fun(f, t) ? "a function" : "an array");
  if (nlimbs < need)
    return fer_error(f, FERRET_ERROR_LIMIT, 0, 0,
                     "the value needs %zu limbs, the buffer has %zu", need,
                     nlimbs);
  bool unspec = false;
  fer_term v = fer_smt_value(f, t, &unspec);
  if (!v) return f->error.status;
  if (unspecified) *unspecified = unspec;
  copy_bits(f, v, limbs, nlimbs, need);
  return FERRET_OK;
}

ferret_status ferret_term_bits(ferret *f, ferret_term t, uint64_t *limbs,
                               size_t nlimbs) {
  REQUIRE_TERM(f, t);
  FER_REQUIRE(f, limbs || !nlimbs, "NULL limbs");
  fer_op op = fer_term_op(f, t);
  if (op != FER_OP_TRUE && op != FER_OP_FALSE && op != FER_OP_CONST)
    return fer_error(f, FERRET_ERROR_SORT, 0, 0,
                     "ferret_term_bits: not a constant (a term of kind %s)",
                     fer_op_table[op].name);
  size_t need = value_limbs(f, fer_term_sort(f, t));
  if (nlimbs < need)
    return fer_error(f, FERRET_ERROR_LIMIT, 0, 0,
                     "the value needs %zu limbs, the buffer has %zu", need,
                     nlimbs);
  copy_bits(f, t, limbs, nlimbs, need);
  return FERRET_OK;
}

const char *ferret_get_value_string(ferret *f, ferret_term t,
                                    int *unspecified) {
  REQUIRE_TERM(f, t);
  if (fer_sort_get(f, fer_term_sort(f, t))->kind == FER_SORT_REAL) {
    fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0,
              "unsupported: the value of a Real term");
    return NULL;
  }
  fer_buf b = {0};
  bool unspec = false;
  if (!fer_smt_value_text(f, t, &b, &unspec) || !FER_PUSH(f, b, '\0')) {
    FER_RELEASE(f, b);
    return NULL;
  }
  if (unspecified) *unspecified = unspec;
  FER_RELEASE(f, f->value_text);
  f->value_text.data = b.data;
  f->value_text.size = b.size;
  f->value_text.cap = b.cap;
  return b.data;
}
