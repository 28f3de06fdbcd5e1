/* Compilation of constraints to a register program (contract in prog.h):
 * emission and the driver.
 *
 * Four steps:
 *   1. emit (here): post-order walk over the DAG of all constraints, one
 *      register per distinct term, instructions in emission (post-)order;
 *   2. blocks (compile_blocks.c): group the instructions of terms by the
 *      set of constraints using them, in a topological order;
 *   3. dependencies (compile_blocks.c): blocks per constraint, direct
 *      inputs per block, slots and constraints per slot;
 *   4. distance nodes (compile_dist.c): the Boolean skeletons. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/arena.h"
#include "engine/compile.h"
#include "bv/bvw.h"
#include "fp/fp.h"
#include "fp/fpw.h"

static int unsupported(fer_comp *c, const char *what) {
  c->unsupported = true;
  fer_error(c->f, FERRET_ERROR_UNSUPPORTED, 0, 0, "search engine: %s", what);
  return 0;
}

/* A term (a variable: named) of a sort wider than the engine's limits
 * (fp.h and fpw.h: 1024 bits, eb <= 30), the sort written out, so that the answer's
 * "unsupported" says what to change. */
static int too_wide(fer_comp *c, fer_term t, const char *what) {
  ferret *f = c->f;
  const fer_sort_info *si = fer_comp_sort(c, t);
  char sort[64], name[96] = "";
  if (si->kind == FER_SORT_FP)
    snprintf(sort, sizeof sort, "(_ FloatingPoint %u %u)", (unsigned)si->a, (unsigned)si->b);
  else
    snprintf(sort, sizeof sort, "(_ BitVec %u)", (unsigned)si->a);
  if (fer_term_op(f, t) == FER_OP_VAR)
    snprintf(name, sizeof name, " '%.80s'", fer_var_name(f, t));
  c->unsupported = true;
  fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0,
            "search engine: %s%s of sort %s (%s)", what, name, sort,
            si->kind == FER_SORT_FP
                ? "floating-point formats of at most 1024 bits with eb <= 30 are supported"
                : "bit-vectors of at most 8192 bits are supported");
  return 0;
}

static uint32_t new_reg(fer_comp *c, fer_u128 init) {
  assert(c->p->init.size == c->p->nregs); /* one initial value per register */
  if (!FER_PUSH(c->f, c->p->init, init)) return FER_NONE;
  return c->p->nregs++;
}

/* ------------- bit-vectors and floating point wider than 128 bits */

static bool wide(const fer_sort_info *si) {
  return (si->kind == FER_SORT_BV && si->a > 128) ||
         (si->kind == FER_SORT_FP && si->a + si->b > 128);
}

static uint32_t bits_of(const fer_sort_info *si) {
  return si->kind == FER_SORT_FP ? si->a + si->b : si->kind == FER_SORT_BV ? si->a : 1;
}

/* Does t or an argument have a wide BV sort? */
static bool touches_wide(fer_comp *c, fer_term t) {
  if (wide(fer_comp_sort(c, t))) return true;
  uint32_t n = fer_term_nargs(c->f, t);
  for (uint32_t j = 0; j < n; j++)
    if (wide(fer_comp_sort(c, fer_term_arg(c->f, t, j)))) return true;
  return false;
}

/* k consecutive registers (a wide value), the limbs' values or zeros. */
static uint32_t new_regs(fer_comp *c, uint32_t w, const uint64_t *limbs) {
  uint32_t k = w > 128 ? (w + 127) / 128 : 1, first = FER_NONE, n = (w + 63) / 64;
  for (uint32_t j = 0; j < k; j++) {
    fer_u128 v = 0;
    if (limbs) v = limbs[2 * j] | (2 * j + 1 < n ? (fer_u128)limbs[2 * j + 1] << 64 : 0);
    uint32_t r = new_reg(c, v);
    if (r == FER_NONE) return FER_NONE;
    if (!j) first = r;
  }
  return first;
}

static int dict_add(fer_comp *c, uint32_t bits, fer_u128 v) {
  return FER_PUSH(c->f, c->p->dict_val, v) && FER_PUSH(c->f, c->p->dict_bits, bits);
}

/* ------------------------------------------------------------ 1. emit */

static int emit(fer_comp *c, fer_insn i, uint32_t *dst) {
  i.d = new_reg(c, 0);
  if (i.d == FER_NONE || !FER_PUSH(c->f, c->code, i)) return 0;
  *dst = i.d;
  return 1;
}

static fer_insn I(fer_opcode op, uint32_t a, uint32_t b, uint32_t cc,
                  uint32_t w, uint32_t x) {
  fer_insn i;
  memset(&i, 0, sizeof i);
  i.op = (uint16_t)op;
  i.a = a, i.b = b, i.c = cc, i.w = w, i.x = x;
  return i;
}

/* The specialised opcode (prog.h) of FP instruction op on Float64 or
 * Float32: the comparisons always, the arithmetic only under the constant
 * rounding mode RNE (`rne`).  Otherwise op itself. */
static fer_opcode specialise(fer_opcode op, uint32_t eb, uint32_t sb, bool rne) {
  bool d = eb == 11 && sb == 53;
  if (!d && !(eb == 8 && sb == 24)) return op;
  switch (op) {
  case FER_I_FADD: return !rne ? op : d ? FER_I_FADD64 : FER_I_FADD32;
  case FER_I_FSUB: return !rne ? op : d ? FER_I_FSUB64 : FER_I_FSUB32;
  case FER_I_FMUL: return !rne ? op : d ? FER_I_FMUL64 : FER_I_FMUL32;
  case FER_I_FDIV: return !rne ? op : d ? FER_I_FDIV64 : FER_I_FDIV32;
  case FER_I_FLEQ: return d ? FER_I_FLEQ64 : FER_I_FLEQ32;
  case FER_I_FLT: return d ? FER_I_FLT64 : FER_I_FLT32;
  case FER_I_FEQ: return d ? FER_I_FEQ64 : FER_I_FEQ32;
  default: return op;
  }
}

/* Chain a binary Bool operator over regs r[0..n). */
static int chain(fer_comp *c, fer_opcode op, uint32_t n, const uint32_t *r,
                 uint32_t *dst) {
  uint32_t acc = r[0];
  for (uint32_t j = 1; j < n; j++)
    if (!emit(c, I(op, acc, r[j], 0, 0, 0), &acc)) return 0;
  *dst = acc;
  return 1;
}

static int compile_leaf(fer_comp *c, fer_term t, uint32_t *dst) {
  ferret *f = c->f;
  switch (fer_term_op(f, t)) {
  case FER_OP_TRUE: *dst = new_reg(c, 1); break;
  case FER_OP_FALSE: *dst = new_reg(c, 0); break;
  case FER_OP_CONST: {
    const fer_sort_info *si = fer_comp_sort(c, t);
    uint32_t bits = fer_sort_bits(f, fer_term_sort(f, t));
    if (wide(si) && bits <= FER_WIDE_LIMBS * 64) {
      *dst = new_regs(c, bits, fer_const_limbs(f, t));
      break;
    }
    if (bits > 128 || (si->kind == FER_SORT_FP && si->a > 30))
      return too_wide(c, t, "a constant");
    fer_u128 v = fer_const_u128(f, t);
    if (si->kind != FER_SORT_RM && !dict_add(c, bits, v)) return 0;
    *dst = new_reg(c, v);
    break;
  }
  case FER_OP_REAL: *dst = FER_REAL_REG; return 1; /* only under to_fp */
  case FER_OP_VAR: return unsupported(c, "variable without a slot");
  default: return unsupported(c, "define-fun parameter in an assertion");
  }
  return *dst != FER_NONE;
}

/* A WIDE instruction (prog.h) for x = op, its result of width rw. */
static int emit_wide(fer_comp *c, fer_insn i, uint32_t rw, uint32_t *dst) {
  i.op = FER_I_WIDE;
  i.d = new_regs(c, rw, NULL);
  if (i.d == FER_NONE || !FER_PUSH(c->f, c->code, i)) return 0;
  *dst = i.d;
  return 1;
}

static uint32_t fmt_of(const fer_sort_info *si) { return fer_wide_fmt_pack(si->a, si->b); }

/* to_fp of a Real literal on a wide format: its value under each rounding
 * mode, computed now, in five consecutive register groups; a constant
 * mode picks one, a variable one copies it at run time. */
static int wide_real(fer_comp *c, fer_term t, const uint32_t *r, uint32_t *dst) {
  ferret *f = c->f;
  const fer_term *args = fer_term_args(f, t);
  const fer_sort_info *st = fer_comp_sort(c, t);
  fer_fmt m = {st->a, st->b};
  bool neg;
  const uint32_t *num, *den;
  uint32_t nl, dl, w = st->a + st->b, first = FER_NONE;
  fer_real_get(f, args[1], &neg, &num, &nl, &den, &dl);
  uint32_t *tmp = fer_malloc(f, ((size_t)dl + 2) * sizeof *tmp);
  if (!tmp) return 0;
  for (int rm = 0; rm < 5; rm++) {
    uint64_t v[FER_FPW_MAX_BITS / 64] = {0};
    fer_fpw_from_rational(m, (fer_rm)rm, v, neg, num, nl, den, dl, tmp);
    uint32_t k = new_regs(c, w, v);
    if (k == FER_NONE) first = FER_NONE, rm = 5;
    else if (rm == 0) first = k;
  }
  fer_free(f, tmp, ((size_t)dl + 2) * sizeof *tmp);
  if (first == FER_NONE) return 0;
  if (fer_term_op(f, args[0]) == FER_OP_CONST) {
    *dst = first + (uint32_t)fer_const_u128(f, args[0]) * ((w + 127) / 128);
    return 1;
  }
  fer_insn q = I(FER_I_WIDE, r[0], first, FER_WIDE_UNARY, fmt_of(st), FER_OP_TO_FP_REAL);
  q.e = FER_WIDE_UNARY, q.pad = 1;
  return emit_wide(c, q, w, dst);
}

/* A term on a floating-point format wider than 128 bits: a WIDE
 * instruction of the FP layout (prog.h). */
static int compile_wide_fp(fer_comp *c, fer_term t, const uint32_t *r, uint32_t *dst) {
  ferret *f = c->f;
  fer_op op = fer_term_op(f, t);
  uint32_t n = fer_term_nargs(f, t), U = FER_WIDE_UNARY;
  const fer_term *args = fer_term_args(f, t);
  const fer_sort_info *st = fer_comp_sort(c, t);
  for (uint32_t j = 0; j <= n; j++) {
    const fer_sort_info *sj = j < n ? fer_comp_sort(c, args[j]) : st;
    if (sj->kind == FER_SORT_FP && !fer_fpw_fmt_ok((fer_fmt){sj->a, sj->b}))
      return too_wide(c, j < n ? args[j] : t, j < n ? "an argument" : "a term");
  }
  bool rmf = n && fer_comp_sort(c, args[0])->kind == FER_SORT_RM;
  uint32_t k = rmf, rw = bits_of(st);
  const fer_sort_info *sa = n > k ? fer_comp_sort(c, args[k]) : st;
  fer_insn q = I(FER_I_WIDE, rmf ? r[0] : U, n > k ? r[k] : U, U, 0, op);
  q.e = U, q.pad = 1;
  q.w = st->kind == FER_SORT_FP ? fmt_of(st) : rw;
  switch (op) {
  case FER_OP_TO_FP_REAL: return wide_real(c, t, r, dst);
  case FER_OP_TO_FP_FP: case FER_OP_FP_TO_UBV: case FER_OP_FP_TO_SBV:
  case FER_OP_FP_TO_IEEE_BV:
    q.e = fmt_of(sa);
    if (op != FER_OP_TO_FP_FP) c->p->may_unspec = true;
    break;
  case FER_OP_TO_FP_UBV: case FER_OP_TO_FP_SBV: q.e = sa->a; break;
  case FER_OP_TO_FP_BV: break;
  case FER_OP_FP: q.c = r[1], q.e = r[2]; break;
  case FER_OP_FP_LEQ: case FER_OP_FP_LT: case FER_OP_FP_GEQ: case FER_OP_FP_GT:
  case FER_OP_FP_EQ:
    if (n != 2) return unsupported(c, "chained comparison on wide floating point");
    /* fall through */
  case FER_OP_FP_IS_NORMAL: case FER_OP_FP_IS_SUBNORMAL: case FER_OP_FP_IS_ZERO:
  case FER_OP_FP_IS_INF: case FER_OP_FP_IS_NAN: case FER_OP_FP_IS_NEG:
  case FER_OP_FP_IS_POS:
    q.w = fmt_of(sa);
    q.c = n > 1 ? r[1] : U;
    break;
  case FER_OP_FP_MIN: case FER_OP_FP_MAX: case FER_OP_FP_RTI:
    c->p->may_unspec = true;
    /* fall through */
  case FER_OP_FP_ABS: case FER_OP_FP_NEG: case FER_OP_FP_ADD: case FER_OP_FP_SUB:
  case FER_OP_FP_MUL: case FER_OP_FP_DIV: case FER_OP_FP_FMA: case FER_OP_FP_SQRT:
  case FER_OP_FP_REM:
    q.c = n > k + 1 ? r[k + 1] : U;
    q.e = n > k + 2 ? r[k + 2] : U;
    break;
  default:
    return unsupported(c, "operator not supported on floating point wider than 128 bits");
  }
  return emit_wide(c, q, rw, dst);
}

/* Does t or an argument have a floating-point format wider than 128 bits? */
static bool touches_wide_fp(fer_comp *c, fer_term t) {
  const fer_sort_info *si = fer_comp_sort(c, t);
  if (si->kind == FER_SORT_FP && si->a + si->b > 128) return true;
  uint32_t n = fer_term_nargs(c->f, t);
  for (uint32_t j = 0; j < n; j++) {
    si = fer_comp_sort(c, fer_term_arg(c->f, t, j));
    if (si->kind == FER_SORT_FP && si->a + si->b > 128) return true;
  }
  return false;
}

/* A term with a wide BV or FP sort or argument (the others: compile_node). */
static int compile_wide(fer_comp *c, fer_term t, const uint32_t *r,
                        uint32_t *dst) {
  ferret *f = c->f;
  fer_op op = fer_term_op(f, t);
  uint32_t n = fer_term_nargs(f, t);
  const fer_term *args = fer_term_args(f, t);
  const fer_sort_info *st = fer_comp_sort(c, t);
  for (uint32_t j = 0; j <= n; j++) {
    const fer_sort_info *sj = j < n ? fer_comp_sort(c, args[j]) : st;
    if (wide(sj) && bits_of(sj) > FER_WIDE_LIMBS * 64)
      return too_wide(c, j < n ? args[j] : t, j < n ? "an argument" : "a term");
  }
  const fer_sort_info *s0 = fer_comp_sort(c, args[0]);
  bool fp_eq = (op == FER_OP_EQ || op == FER_OP_DISTINCT) && s0->kind == FER_SORT_FP;
  if (op != FER_OP_ITE && !fp_eq && touches_wide_fp(c, t)) return compile_wide_fp(c, t, r, dst);
  if (fp_eq && !fer_fpw_fmt_ok((fer_fmt){s0->a, s0->b})) return too_wide(c, args[0], "an argument");
  uint32_t w0 = bits_of(s0), rw = st->kind == FER_SORT_BOOL ? 1 : bits_of(st);
  uint32_t i0 = fer_term_idx(f, t, 0), i1 = fer_term_idx(f, t, 1);
  fer_insn q = I(FER_I_WIDE, r[0], n > 1 ? r[1] : FER_WIDE_UNARY, 0, w0, op);
  switch (op) {
  case FER_OP_ITE:
    q = I(FER_I_WIDE, r[0], r[1], r[2], rw, op);
    return emit_wide(c, q, rw, dst);
  case FER_OP_EQ:
  case FER_OP_DISTINCT: { /* = of two; distinct: not = on every pair */
    FER_STACK(uint32_t) rs = {0};
    int ok = 1;
    for (uint32_t i = 0; ok && i < n; i++)
      for (uint32_t j = i + 1; ok && j < n; j++) {
        uint32_t e;
        fer_insn qe = I(FER_I_WIDE, c->reg[fer_cid(c, args[i])] - 1,
                        c->reg[fer_cid(c, args[j])] - 1, 0, w0, FER_OP_EQ);
        if (fp_eq) { /* = on FP: one NaN, two zeros (the FP layout) */
          qe = I(FER_I_WIDE, FER_WIDE_UNARY, qe.a, qe.b, fmt_of(s0), FER_OP_EQ);
          qe.e = FER_WIDE_UNARY, qe.pad = 1;
        }
        ok = emit_wide(c, qe, 1, &e);
        if (ok && op == FER_OP_DISTINCT) ok = emit(c, I(FER_I_NOT, e, 0, 0, 0, 0), &e);
        ok = ok && FER_PUSH(f, rs, e);
      }
    ok = ok && chain(c, FER_I_AND, (uint32_t)rs.size, rs.data, dst);
    FER_RELEASE(f, rs);
    return ok;
  }
  case FER_OP_TO_FP_UBV:
  case FER_OP_TO_FP_SBV:
    if (st->a + st->b > 128 || st->a > 30) return too_wide(c, t, "a term");
    q = I(FER_I_WIDE, r[0], r[1], st->a, fer_comp_sort(c, args[1])->a, op);
    q.e = st->b;
    return emit_wide(c, q, 1, dst);
  case FER_OP_FP_TO_UBV:
  case FER_OP_FP_TO_SBV: {
    const fer_sort_info *s1 = fer_comp_sort(c, args[1]);
    if (s1->a + s1->b > 128 || s1->a > 30) return too_wide(c, args[1], "an argument");
    q = I(FER_I_WIDE, r[0], r[1], s1->a, st->a, op);
    q.e = s1->b;
    c->p->may_unspec = true;
    return emit_wide(c, q, rw, dst);
  }
  default: break;
  }
  bool binary = n == 2;
  if (n > 2 || fer_comp_sort(c, args[0])->kind != FER_SORT_BV ||
      !fer_bvw_result_width(op, w0, binary ? fer_comp_sort(c, args[1])->a : 0, i0, i1))
    return unsupported(c, "operator not supported on bit-vectors wider than 128 bits");
  q.c = binary ? fer_comp_sort(c, args[1])->a : i1;
  q.e = i0;
  return emit_wide(c, q, rw, dst);
}

/* An internal node being compiled (compile_node): its arguments, their
 * registers, its sort and its first argument's, its indices. */
typedef struct node_in {
  fer_term t;
  fer_op op;
  uint32_t n;
  const fer_term *args;
  uint32_t r[4];                 /* registers of the first four arguments */
  const fer_sort_info *s0, *st;  /* first argument's sort, the node's */
  uint32_t w, eb, sb;            /* s0's width; st's eb and sb */
  uint32_t i0, i1;
  bool rne;                      /* the rounding mode is the constant RNE */
} node_in;

/* What a compile_* function of one operator family returns for an
 * operator of another family (else 1 or 0 as emit). */
#define NOT_MINE (-1)

static uint32_t arg_reg(fer_comp *c, const node_in *x, uint32_t j) {
  return c->reg[fer_cid(c, x->args[j])] - 1;
}

/* and, or, distinct (not = on every pair): a chain of AND or OR. */
static int compile_nary_bool(fer_comp *c, const node_in *x, uint32_t *dst) {
  ferret *f = c->f;
  FER_STACK(uint32_t) rs = {0};
  int ok = 1;
  fer_op op = x->op;
  if (op == FER_OP_DISTINCT) {
    bool fp = x->s0->kind == FER_SORT_FP;
    for (uint32_t i = 0; ok && i < x->n; i++)
      for (uint32_t j = i + 1; ok && j < x->n; j++) {
        uint32_t ri = arg_reg(c, x, i), rj = arg_reg(c, x, j), e, ne;
        fer_insn q = fp ? I(FER_I_FSEQ, 0, ri, rj, x->s0->a, x->s0->b)
                        : I(FER_I_EQ, ri, rj, 0, 0, 0);
        ok = emit(c, q, &e) && emit(c, I(FER_I_NOT, e, 0, 0, 0, 0), &ne) &&
             FER_PUSH(f, rs, ne);
      }
    op = FER_OP_AND;
  } else {
    ok = FER_RESERVE(f, rs, x->n);
    for (uint32_t j = 0; ok && j < x->n; j++) rs.data[rs.size++] = arg_reg(c, x, j);
  }
  if (ok)
    ok = chain(c, op == FER_OP_AND ? FER_I_AND : FER_I_OR, (uint32_t)rs.size,
               rs.data, dst);
  FER_RELEASE(f, rs);
  return ok;
}

/* The Boolean connectives, = and ite. */
static int compile_bool(fer_comp *c, const node_in *x, uint32_t *dst) {
  const uint32_t *r = x->r;
  switch (x->op) {
  case FER_OP_NOT: return emit(c, I(FER_I_NOT, r[0], 0, 0, 0, 0), dst);
  case FER_OP_AND:
  case FER_OP_OR:
  case FER_OP_DISTINCT: return compile_nary_bool(c, x, dst);
  case FER_OP_IMPLIES: return emit(c, I(FER_I_IMPLIES, r[0], r[1], 0, 0, 0), dst);
  case FER_OP_XOR: return emit(c, I(FER_I_XOR, r[0], r[1], 0, 0, 0), dst);
  case FER_OP_EQ:
    if (x->s0->kind == FER_SORT_FP)
      return emit(c, I(FER_I_FSEQ, 0, r[0], r[1], x->s0->a, x->s0->b), dst);
    return emit(c, I(FER_I_EQ, r[0], r[1], 0, 0, 0), dst);
  case FER_OP_ITE: return emit(c, I(FER_I_ITE, r[0], r[1], r[2], 0, 0), dst);
  default: return NOT_MINE;
  }
}

/* The bit-vector operators of at most 128 bits (> and >= as < and <= with
 * the arguments swapped). */
static int compile_bv(fer_comp *c, const node_in *x, uint32_t *dst) {
  const uint32_t *r = x->r;
  uint32_t w = x->w, i0 = x->i0;
  switch (x->op) {
  case FER_OP_CONCAT:
    if (x->st->a > 128) return too_wide(c, x->t, "a concat");
    return emit(c, I(FER_I_CONCAT, r[0], r[1], 0, fer_comp_sort(c, x->args[1])->a, 0), dst);
  case FER_OP_EXTRACT: return emit(c, I(FER_I_EXTRACT, r[0], 0, 0, i0, x->i1), dst);
  case FER_OP_REPEAT: return emit(c, I(FER_I_REPEAT, r[0], 0, 0, w, i0), dst);
  case FER_OP_ZERO_EXTEND: *dst = r[0]; return 1; /* same bits */
  case FER_OP_SIGN_EXTEND: return emit(c, I(FER_I_SEXT, r[0], 0, 0, w, i0), dst);
  case FER_OP_ROTATE_LEFT: return emit(c, I(FER_I_ROTL, r[0], 0, 0, w, i0 % w), dst);
  case FER_OP_ROTATE_RIGHT: return emit(c, I(FER_I_ROTR, r[0], 0, 0, w, i0 % w), dst);
#define BV1(OP, IOP) case FER_OP_##OP: return emit(c, I(FER_I_##IOP, r[0], 0, 0, w, 0), dst);
#define BV2(OP, IOP) case FER_OP_##OP: return emit(c, I(FER_I_##IOP, r[0], r[1], 0, w, 0), dst);
#define BV2S(OP, IOP) case FER_OP_##OP: return emit(c, I(FER_I_##IOP, r[1], r[0], 0, w, 0), dst);
  BV1(BVNOT, BVNOT) BV1(BVNEG, BVNEG) BV1(BVREDAND, BVREDAND) BV1(BVREDOR, BVREDOR)
  BV1(BVNEGO, BVNEGO)
  BV2(BVAND, BVAND) BV2(BVOR, BVOR) BV2(BVXOR, BVXOR) BV2(BVNAND, BVNAND)
  BV2(BVNOR, BVNOR) BV2(BVXNOR, BVXNOR) BV2(BVCOMP, BVCOMP) BV2(BVADD, BVADD)
  BV2(BVSUB, BVSUB) BV2(BVMUL, BVMUL) BV2(BVUDIV, BVUDIV) BV2(BVUREM, BVUREM)
  BV2(BVSDIV, BVSDIV) BV2(BVSREM, BVSREM) BV2(BVSMOD, BVSMOD) BV2(BVSHL, BVSHL)
  BV2(BVLSHR, BVLSHR) BV2(BVASHR, BVASHR) BV2(BVULT, BVULT) BV2(BVULE, BVULE)
  BV2(BVSLT, BVSLT) BV2(BVSLE, BVSLE) BV2S(BVUGT, BVULT) BV2S(BVUGE, BVULE)
  BV2S(BVSGT, BVSLT) BV2S(BVSGE, BVSLE) BV2(BVUADDO, BVUADDO)
  BV2(BVSADDO, BVSADDO) BV2(BVUMULO, BVUMULO) BV2(BVSMULO, BVSMULO)
  BV2(BVUSUBO, BVUSUBO) BV2(BVSSUBO, BVSSUBO) BV2(BVSDIVO, BVSDIVO)
#undef BV1
#undef BV2
#undef BV2S
  default: return NOT_MINE;
  }
}

/* The floating-point operators within one format: arithmetic, comparisons
 * (>= and > as <= and < swapped), classification. */
static int compile_fp(fer_comp *c, const node_in *x, uint32_t *dst) {
  const uint32_t *r = x->r;
  uint32_t eb = x->eb, sb = x->sb, ea = x->s0->a, sa = x->s0->b;
  bool rne = x->rne;
  switch (x->op) {
  case FER_OP_FP: return emit(c, I(FER_I_FPMAKE, r[0], r[1], r[2], eb, sb), dst);
  case FER_OP_FP_ABS: return emit(c, I(FER_I_FABS, 0, r[0], 0, eb, sb), dst);
  case FER_OP_FP_NEG: return emit(c, I(FER_I_FNEG, 0, r[0], 0, eb, sb), dst);
#define FARITH(OP, IOP)                                                       \
  case FER_OP_##OP:                                                           \
    return emit(c, I(specialise(FER_I_##IOP, eb, sb, rne), r[0], r[1], r[2],  \
                     eb, sb), dst);
  FARITH(FP_ADD, FADD) FARITH(FP_SUB, FSUB) FARITH(FP_MUL, FMUL)
  FARITH(FP_DIV, FDIV)
#undef FARITH
  case FER_OP_FP_FMA: {
    fer_insn q = I(FER_I_FFMA, r[0], r[1], r[2], eb, sb);
    q.e = r[3];
    return emit(c, q, dst);
  }
  case FER_OP_FP_SQRT: return emit(c, I(FER_I_FSQRT, r[0], r[1], 0, eb, sb), dst);
  case FER_OP_FP_RTI: return emit(c, I(FER_I_FRTI, r[0], r[1], 0, eb, sb), dst);
  case FER_OP_FP_REM: return emit(c, I(FER_I_FREM, 0, r[0], r[1], eb, sb), dst);
  case FER_OP_FP_MIN: c->p->may_unspec = true;
    return emit(c, I(FER_I_FMIN, 0, r[0], r[1], eb, sb), dst);
  case FER_OP_FP_MAX: c->p->may_unspec = true;
    return emit(c, I(FER_I_FMAX, 0, r[0], r[1], eb, sb), dst);
#define FCMP(OP, IOP, X, Y) \
  case FER_OP_##OP:                                                           \
    return emit(c, I(specialise(FER_I_##IOP, ea, sa, false), 0, r[X],         \
                     r[Y], ea, sa), dst);
  FCMP(FP_LEQ, FLEQ, 0, 1) FCMP(FP_LT, FLT, 0, 1) FCMP(FP_GEQ, FLEQ, 1, 0)
  FCMP(FP_GT, FLT, 1, 0) FCMP(FP_EQ, FEQ, 0, 1)
#undef FCMP
#define FCLS(OP, IOP) \
  case FER_OP_##OP: return emit(c, I(FER_I_##IOP, 0, r[0], 0, ea, sa), dst);
  FCLS(FP_IS_NORMAL, ISNORMAL) FCLS(FP_IS_SUBNORMAL, ISSUBNORMAL)
  FCLS(FP_IS_ZERO, ISZERO) FCLS(FP_IS_INF, ISINF) FCLS(FP_IS_NAN, ISNAN)
  FCLS(FP_IS_NEG, ISNEG) FCLS(FP_IS_POS, ISPOS)
#undef FCLS
  default: return NOT_MINE;
  }
}

/* ((_ to_fp eb sb) rm r) of a Real literal r: the five roundings of r are
 * registers (constants in the dictionary); a constant rounding mode picks
 * one, a variable one selects among them at run time. */
static int compile_to_fp_real(fer_comp *c, const node_in *x, uint32_t *dst) {
  ferret *f = c->f;
  bool neg;
  const uint32_t *num, *den;
  uint32_t nl, dl;
  fer_real_get(f, x->args[1], &neg, &num, &nl, &den, &dl);
  fer_fmt m = {x->eb, x->sb};
  uint32_t first = FER_NONE;
  for (int rm = 0; rm < 5; rm++) {
    fer_u128 v = fer_fp_from_rational(m, (fer_rm)rm, neg, num, nl, den, dl);
    uint32_t k = new_reg(c, v);
    if (k == FER_NONE || !dict_add(c, x->eb + x->sb, v)) return 0;
    if (rm == 0) first = k;
  }
  if (fer_term_op(f, x->args[0]) == FER_OP_CONST) { /* a fixed rounding mode */
    *dst = first + (uint32_t)fer_const_u128(f, x->args[0]);
    return 1;
  }
  return emit(c, I(FER_I_FROMREAL, x->r[0], first, 0, x->eb, x->sb), dst);
}

/* Conversions into and out of floating-point. */
static int compile_fp_convert(fer_comp *c, const node_in *x, uint32_t *dst) {
  const uint32_t *r = x->r;
  uint32_t eb = x->eb, sb = x->sb;
  switch (x->op) {
  case FER_OP_TO_FP_BV: *dst = r[0]; return 1; /* same bits */
  case FER_OP_TO_FP_FP: {
    fer_insn q = I(FER_I_FCVT, r[0], r[1], 0, eb, sb);
    const fer_sort_info *s1 = fer_comp_sort(c, x->args[1]);
    q.e = s1->a, q.c = s1->b;
    return emit(c, q, dst);
  }
  case FER_OP_TO_FP_SBV:
  case FER_OP_TO_FP_UBV: {
    uint32_t width = fer_comp_sort(c, x->args[1])->a;
    if (width > 128) return too_wide(c, x->args[1], "an argument");
    return emit(c, I(x->op == FER_OP_TO_FP_SBV ? FER_I_FROMSBV : FER_I_FROMUBV,
                     r[0], r[1], width, eb, sb), dst);
  }
  case FER_OP_TO_FP_REAL: return compile_to_fp_real(c, x, dst);
  case FER_OP_FP_TO_UBV:
  case FER_OP_FP_TO_SBV: {
    const fer_sort_info *s1 = fer_comp_sort(c, x->args[1]);
    fer_insn q = I(x->op == FER_OP_FP_TO_UBV ? FER_I_TOUBV : FER_I_TOSBV, r[0],
                   r[1], s1->b, x->st->a, 0);
    q.e = s1->a;
    c->p->may_unspec = true;
    return emit(c, q, dst);
  }
  case FER_OP_FP_TO_IEEE_BV:
    c->p->may_unspec = true;
    return emit(c, I(FER_I_TOIEEE, 0, r[0], 0, x->s0->a, x->s0->b), dst);
  default: return NOT_MINE;
  }
}

/* Is sort s beyond the narrow engine (BV over 128 bits, FP over 128 bits or
 * eb over 30)? */
static bool beyond_narrow(const fer_sort_info *s) {
  return (s->kind == FER_SORT_BV && s->a > 128) ||
         (s->kind == FER_SORT_FP && (s->a + s->b > 128 || s->a > 30));
}

/* An internal node: checks its sorts, then the family of its operator
 * emits it. */
static int compile_node(fer_comp *c, fer_term t, uint32_t *dst) {
  ferret *f = c->f;
  node_in x;
  memset(&x, 0, sizeof x);
  x.t = t, x.op = fer_term_op(f, t), x.n = fer_term_nargs(f, t);
  x.args = fer_term_args(f, t);
  x.s0 = fer_comp_sort(c, x.args[0]), x.st = fer_comp_sort(c, t);
  for (uint32_t j = 0; j < x.n && j < 4; j++) {
    x.r[j] = arg_reg(c, &x, j);
    if (x.r[j] == FER_REAL_REG && x.op != FER_OP_TO_FP_REAL)
      return unsupported(c, "Real term outside to_fp");
  }
  if (touches_wide(c, t)) return compile_wide(c, t, x.r, dst);
  if (beyond_narrow(x.st)) return too_wide(c, t, "a term");
  for (uint32_t j = 0; j < x.n; j++)
    if (beyond_narrow(fer_comp_sort(c, x.args[j])))
      return too_wide(c, x.args[j], "an argument");
  x.w = x.s0->a, x.eb = x.st->a, x.sb = x.st->b;
  x.i0 = fer_term_idx(f, t, 0), x.i1 = fer_term_idx(f, t, 1);
  fer_term a0 = x.args[0];
  x.rne = x.s0->kind == FER_SORT_RM && fer_term_op(f, a0) == FER_OP_CONST &&
          fer_const_u128(f, a0) == FER_RNE;
  int k = compile_bool(c, &x, dst);
  if (k == NOT_MINE) k = compile_bv(c, &x, dst);
  if (k == NOT_MINE) k = compile_fp(c, &x, dst);
  if (k == NOT_MINE) k = compile_fp_convert(c, &x, dst);
  if (k == NOT_MINE)
    return unsupported(c, "operator not supported by the search engine");
  return k;
}

/* Record internal node t (its value in register reg) for the sampling
 * hooks, if its sort has bits worth diversifying. */
static int note_node(fer_comp *c, fer_term t, uint32_t reg) {
  const fer_sort_info *si = fer_comp_sort(c, t);
  uint32_t bits = si->kind == FER_SORT_BOOL ? 1
                  : si->kind == FER_SORT_BV ? si->a
                  : si->kind == FER_SORT_FP ? si->a + si->b
                                            : 0;
  if (!bits || bits > 128) return 1;
  return FER_PUSH(c->f, c->p->node_reg, reg) &&
         FER_PUSH(c->f, c->p->node_bits, bits);
}

/* Post-order over all constraints. */
static int emit_all(fer_comp *c, const fer_term *a, size_t n) {
  ferret *f = c->f;
  for (size_t k = 0; k < n; k++) {
    FER_CLEAR(c->stack);
    if (!FER_PUSH(f, c->stack, a[k])) return 0;
    while (c->stack.size) {
      fer_term t = FER_TOP(c->stack);
      if (c->reg[fer_cid(c, t)]) {
        c->stack.size--;
        continue;
      }
      uint32_t m = fer_term_nargs(f, t);
      bool pending = false;
      for (uint32_t j = m; j-- > 0;) {
        fer_term u = fer_term_arg(f, t, j);
        if (!c->reg[fer_cid(c, u)]) {
          if (!FER_PUSH(f, c->stack, u)) return 0;
          pending = true;
        }
      }
      if (pending) continue;
      c->stack.size--;
      uint32_t dst = FER_NONE;
      uint32_t before = (uint32_t)c->code.size;
      int ok = m ? compile_node(c, t, &dst) : compile_leaf(c, t, &dst);
      if (!ok) return 0;
      c->reg[fer_cid(c, t)] = dst + 1;
      c->ib[fer_cid(c, t)] = before, c->ie[fer_cid(c, t)] = (uint32_t)c->code.size;
      if (c->ie[fer_cid(c, t)] > before && !FER_PUSH(f, c->order, t)) return 0;
      if (m && c->ie[fer_cid(c, t)] > before && !note_node(c, t, dst)) return 0;
    }
  }
  return 1;
}

/* ---------------------------------------------------------- the driver */

static int cmp_dict(const void *x, const void *y) {
  const fer_u128 *a = x, *b = y;
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1];
}

/* Sort the dictionary by (bits, value) and drop duplicates. */
static int dict_finish(ferret *f, fer_prog *p) {
  size_t n = p->dict_val.size;
  if (!n) return 1;
  fer_u128 *pairs = fer_malloc(f, n * 2 * sizeof *pairs);
  if (!pairs) return 0;
  for (size_t i = 0; i < n; i++)
    pairs[2 * i] = p->dict_bits.data[i], pairs[2 * i + 1] = p->dict_val.data[i];
  qsort(pairs, n, 2 * sizeof *pairs, cmp_dict);
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    if (k && pairs[2 * i] == p->dict_bits.data[k - 1] &&
        pairs[2 * i + 1] == p->dict_val.data[k - 1])
      continue;
    p->dict_bits.data[k] = (uint32_t)pairs[2 * i];
    p->dict_val.data[k++] = pairs[2 * i + 1];
  }
  p->dict_bits.size = p->dict_val.size = k;
  fer_free(f, pairs, n * 2 * sizeof *pairs);
  return 1;
}

static int make_slots(fer_comp *c, const fer_term *a, size_t n) {
  ferret *f = c->f;
  fer_prog *p = c->p;
  fer_term_stack vars = {0};
  int ok = fer_collect_vars(f, a, n, &vars);
  for (size_t i = 0; ok && i < vars.size; i++) {
    fer_term v = vars.data[i];
    const fer_sort_info *si = fer_comp_sort(c, v);
    fer_slot s = {v, FER_SLOT_BOOL, 1, 0, 0};
    switch (si->kind) {
    case FER_SORT_BOOL: break;
    case FER_SORT_RM: s.kind = FER_SLOT_RM, s.bits = 3; break;
    case FER_SORT_BV:
      s.kind = FER_SLOT_BV, s.bits = si->a;
      if (si->a > 128) ok = too_wide(c, v, "variable");
      break;
    case FER_SORT_FP:
      s.kind = FER_SLOT_FP, s.bits = si->a + si->b, s.eb = si->a, s.sb = si->b;
      if (s.bits > 128 || s.eb > 30) /* the limits of fp.h */
        ok = too_wide(c, v, "variable");
      break;
    default:
      ok = unsupported(c, "variable of an unsupported sort");
    }
    if (!ok) break;
    uint32_t r = new_reg(c, 0);
    ok = r != FER_NONE && FER_PUSH(f, p->slots, s);
    c->reg[fer_cid(c, v)] = r + 1;
    p->total_bits += s.bits;
  }
  p->nslots = (uint32_t)p->slots.size;
  FER_RELEASE(f, vars);
  return ok;
}

/* Number the terms reachable from a[0..n) 1, 2, ... (c->ids) and set
 * c->nterms; 0 on allocation failure. */
static int number_terms(fer_comp *c, const fer_term *a, size_t n) {
  ferret *f = c->f;
  uint32_t next = 1;
  FER_CLEAR(c->stack);
  int ok = 1;
  for (size_t i = 0; ok && i < n; i++) {
    if (fer_map_get(&c->ids, a[i])) continue;
    ok = fer_map_put(f, &c->ids, a[i], next++) && FER_PUSH(f, c->stack, a[i]);
    while (ok && c->stack.size) {
      fer_term t = FER_POP(c->stack);
      uint32_t m = fer_term_nargs(f, t);
      for (uint32_t j = 0; ok && j < m; j++) {
        fer_term u = fer_term_arg(f, t, j);
        if (fer_map_get(&c->ids, u)) continue;
        ok = fer_map_put(f, &c->ids, u, next++) && FER_PUSH(f, c->stack, u);
      }
    }
  }
  FER_CLEAR(c->stack);
  c->nterms = next;
  return ok;
}

ferret_status fer_compile(ferret *f, const fer_term *a, size_t n, fer_prog *p) {
  fer_comp c;
  memset(&c, 0, sizeof c);
  c.f = f, c.p = p;
  fer_prog_init(p);
  fer_map_init(&c.ids);
  /* The by-term arrays live in one arena, released at once at the end. */
  fer_arena ar;
  fer_arena_init(&ar);
  size_t nt = number_terms(&c, a, n) ? c.nterms : 0;
  c.reg = fer_arena_array(f, &ar, nt, 4);
  c.ib = fer_arena_array(f, &ar, nt, 4);
  c.ie = fer_arena_array(f, &ar, nt, 4);
  c.stamp = fer_arena_array(f, &ar, nt, 4);
  c.count = fer_arena_array(f, &ar, nt, 4);
  c.hash = fer_arena_array(f, &ar, nt, 8);
  uint32_t *tblk = fer_arena_array(f, &ar, nt, 4);
  uint32_t *dn_idx = fer_arena_array(f, &ar, nt, 4);
  uint32_t *open = fer_arena_array(f, &ar, nt, 4);
  uint32_t *atom_of = fer_arena_array(f, &ar, nt, 4);
  int ok = nt && c.reg && c.ib && c.ie && c.stamp && c.count && c.hash &&
           tblk && dn_idx && open && atom_of;
  if (ok) memset(atom_of, 0xff, nt * 4);
  ok = ok && make_slots(&c, a, n) && emit_all(&c, a, n);
  for (size_t k = 0; ok && k < n; k++) {
    fer_cons cn;
    memset(&cn, 0, sizeof cn);
    cn.term = a[k];
    cn.root = c.reg[fer_cid(&c, a[k])] - 1;
    ok = FER_PUSH(f, p->cons, cn);
  }
  ok = ok && fer_compile_blocks(&c, a, n, tblk) &&
       fer_compile_dist(&c, a, n, dn_idx, open, atom_of) && dict_finish(f, p);
  fer_arena_release(f, &ar);
  fer_map_release(f, &c.ids);
  if (ok && c.bad_id)
    ok = 0, fer_error(f, FERRET_ERROR_LIMIT, 0, 0,
                      "internal: compiler met a term outside its component");
  FER_RELEASE(f, c.order);
  FER_RELEASE(f, c.code);
  FER_RELEASE(f, c.stack);
  if (ok) return FERRET_OK;
  fer_prog_release(f, p);
  if (c.unsupported) return FERRET_ERROR_UNSUPPORTED;
  if (!f->out_of_memory) fer_error(f, FERRET_ERROR_LIMIT, 0, 0, "out of memory");
  return FERRET_ERROR_LIMIT;
}
