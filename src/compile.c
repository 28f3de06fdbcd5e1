/* Compilation of constraints to a register program (contract in prog.h).
 *
 * Four steps:
 *   1. emit: post-order walk over the DAG of all constraints, one register
 *      per distinct term, instructions in emission (post-)order;
 *   2. blocks: group the instructions of terms by the set of constraints
 *      using them (a 64-bit hash of the set plus its size), order groups by
 *      decreasing size: a topological order (see prog.h), checked, with a
 *      single-block fallback if the check ever fails;
 *   3. dependencies: blocks per constraint, slots per block (transitively,
 *      through the blocks it reads), slots and constraints per slot;
 *   4. distance nodes: the Boolean skeleton of each constraint. */
#include <stdlib.h>
#include <string.h>

#include "fp/fp.h"
#include "pre.h"
#include "prog.h"

#define NONE UINT32_MAX
#define REAL_REG (NONE - 1) /* marks a Real literal: it has no register */

typedef struct comp {
  ferret *f;
  fer_prog *p;
  uint32_t nterms;     /* size of the by-term arrays */
  uint32_t *reg;       /* by term: register + 1, 0 = not compiled */
  uint32_t *ib, *ie;   /* by term: emitted instruction range */
  uint32_t *stamp;     /* by term: walk stamp */
  uint64_t *hash;      /* by term: user-set hash */
  uint32_t *count;     /* by term: user-set size */
  bool unsupported;           /* a failure was "unsupported", not memory */
  FER_STACK(fer_term) order;  /* terms with instructions, emission order */
  FER_STACK(fer_insn) code;   /* emission order */
  fer_term_stack stack;
  uint32_t walk;
} comp;

static const fer_sort_info *sinfo(comp *c, fer_term t) {
  return fer_sort_get(c->f, fer_term_sort(c->f, t));
}

static int unsupported(comp *c, const char *what) {
  c->unsupported = true;
  fer_error(c->f, FERRET_ERROR_UNSUPPORTED, 0, 0, "search engine: %s", what);
  return 0;
}

static uint32_t new_reg(comp *c, fer_u128 init) {
  if (!FER_PUSH(c->f, c->p->init, init)) return NONE;
  return c->p->nregs++;
}

static int dict_add(comp *c, uint32_t bits, fer_u128 v) {
  return FER_PUSH(c->f, c->p->dict_val, v) && FER_PUSH(c->f, c->p->dict_bits, bits);
}

/* Which fields of an instruction are registers (dependency analysis). */
static uint32_t operands(const fer_insn *i, uint32_t out[4]) {
  switch ((fer_opcode)i->op) {
  case FER_I_FCVT: case FER_I_FROMSBV: case FER_I_FROMUBV:
  case FER_I_TOUBV: case FER_I_TOSBV: case FER_I_FSQRT: case FER_I_FRTI:
    out[0] = i->a, out[1] = i->b;
    return 2;
  case FER_I_FROMREAL:
    out[0] = i->a; /* b.. b+4 are constants */
    return 1;
  case FER_I_FPMAKE: case FER_I_ITE: case FER_I_FADD: case FER_I_FSUB:
  case FER_I_FMUL: case FER_I_FDIV:
    out[0] = i->a, out[1] = i->b, out[2] = i->c;
    return 3;
  case FER_I_FFMA:
    out[0] = i->a, out[1] = i->b, out[2] = i->c, out[3] = i->e;
    return 4;
  case FER_I_FABS: case FER_I_FNEG: case FER_I_ISNORMAL: case FER_I_ISSUBNORMAL:
  case FER_I_ISZERO: case FER_I_ISINF: case FER_I_ISNAN: case FER_I_ISNEG:
  case FER_I_ISPOS: case FER_I_TOIEEE:
    out[0] = i->b;
    return 1;
  case FER_I_FREM: case FER_I_FMIN: case FER_I_FMAX: case FER_I_FLEQ:
  case FER_I_FLT: case FER_I_FEQ: case FER_I_FSEQ:
    out[0] = i->b, out[1] = i->c;
    return 2;
  case FER_I_NOT: case FER_I_BVNOT: case FER_I_BVNEG: case FER_I_BVREDAND:
  case FER_I_BVREDOR: case FER_I_EXTRACT: case FER_I_REPEAT: case FER_I_SEXT:
  case FER_I_ROTL: case FER_I_ROTR: case FER_I_BVNEGO:
    out[0] = i->a;
    return 1;
  default:
    out[0] = i->a, out[1] = i->b;
    return 2;
  }
}

/* ------------------------------------------------------------ 1. emit */

static int emit(comp *c, fer_insn i, uint32_t *dst) {
  i.d = new_reg(c, 0);
  if (i.d == NONE || !FER_PUSH(c->f, c->code, i)) return 0;
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

/* Chain a binary Bool operator over regs r[0..n). */
static int chain(comp *c, fer_opcode op, uint32_t n, const uint32_t *r,
                 uint32_t *dst) {
  uint32_t acc = r[0];
  for (uint32_t j = 1; j < n; j++)
    if (!emit(c, I(op, acc, r[j], 0, 0, 0), &acc)) return 0;
  *dst = acc;
  return 1;
}

static int compile_leaf(comp *c, fer_term t, uint32_t *dst) {
  ferret *f = c->f;
  switch (fer_term_op(f, t)) {
  case FER_OP_TRUE: *dst = new_reg(c, 1); break;
  case FER_OP_FALSE: *dst = new_reg(c, 0); break;
  case FER_OP_CONST: {
    const fer_sort_info *si = sinfo(c, t);
    uint32_t bits = fer_sort_bits(f, fer_term_sort(f, t));
    if (bits > 128 || (si->kind == FER_SORT_FP && si->a > 30))
      return unsupported(c, "constant wider than 128 bits or eb > 30");
    fer_u128 v = fer_const_u128(f, t);
    if (si->kind != FER_SORT_RM && !dict_add(c, bits, v)) return 0;
    *dst = new_reg(c, v);
    break;
  }
  case FER_OP_REAL: *dst = REAL_REG; return 1; /* only under to_fp */
  case FER_OP_VAR: return unsupported(c, "variable without a slot");
  default: return unsupported(c, "define-fun parameter in an assertion");
  }
  return *dst != NONE;
}

static int compile_node(comp *c, fer_term t, uint32_t *dst) {
  ferret *f = c->f;
  fer_op op = fer_term_op(f, t);
  uint32_t n = fer_term_nargs(f, t);
  uint32_t r[4] = {0, 0, 0, 0};
  const fer_term *args = fer_term_args(f, t);
  fer_term a0 = args[0];
  const fer_sort_info *s0 = sinfo(c, a0), *st = sinfo(c, t);
  for (uint32_t j = 0; j < n && j < 4; j++) {
    r[j] = c->reg[args[j]] - 1;
    if (r[j] == REAL_REG && op != FER_OP_TO_FP_REAL)
      return unsupported(c, "Real term outside to_fp");
  }
  if (st->kind == FER_SORT_BV && st->a > 128)
    return unsupported(c, "bit-vector wider than 128 bits");
  if (st->kind == FER_SORT_FP && (st->a + st->b > 128 || st->a > 30))
    return unsupported(c, "floating-point format wider than 128 bits or eb > 30");
  for (uint32_t j = 0; j < n; j++) {
    const fer_sort_info *sj = sinfo(c, args[j]);
    if ((sj->kind == FER_SORT_BV && sj->a > 128) ||
        (sj->kind == FER_SORT_FP && (sj->a + sj->b > 128 || sj->a > 30)))
      return unsupported(c, "argument wider than 128 bits or eb > 30");
  }
  uint32_t w = s0->a, eb = st->a, sb = st->b;
  uint32_t i0 = fer_term_idx(f, t, 0), i1 = fer_term_idx(f, t, 1);
  switch (op) {
  case FER_OP_NOT: return emit(c, I(FER_I_NOT, r[0], 0, 0, 0, 0), dst);
  case FER_OP_AND:
  case FER_OP_OR:
  case FER_OP_DISTINCT: {
    FER_STACK(uint32_t) rs = {0};
    int ok = 1;
    if (op == FER_OP_DISTINCT) {
      bool fp = s0->kind == FER_SORT_FP;
      for (uint32_t i = 0; ok && i < n; i++)
        for (uint32_t j = i + 1; ok && j < n; j++) {
          uint32_t ri = c->reg[args[i]] - 1, rj = c->reg[args[j]] - 1, e, ne;
          fer_insn q = fp ? I(FER_I_FSEQ, 0, ri, rj, s0->a, s0->b)
                          : I(FER_I_EQ, ri, rj, 0, 0, 0);
          ok = emit(c, q, &e) && emit(c, I(FER_I_NOT, e, 0, 0, 0, 0), &ne) &&
               FER_PUSH(f, rs, ne);
        }
      op = FER_OP_AND;
    } else {
      ok = FER_RESERVE(f, rs, n);
      for (uint32_t j = 0; ok && j < n; j++)
        rs.data[rs.size++] = c->reg[args[j]] - 1;
    }
    if (ok)
      ok = chain(c, op == FER_OP_AND ? FER_I_AND : FER_I_OR, (uint32_t)rs.size,
                 rs.data, dst);
    FER_RELEASE(f, rs);
    return ok;
  }
  case FER_OP_IMPLIES: return emit(c, I(FER_I_IMPLIES, r[0], r[1], 0, 0, 0), dst);
  case FER_OP_XOR: return emit(c, I(FER_I_XOR, r[0], r[1], 0, 0, 0), dst);
  case FER_OP_EQ:
    if (s0->kind == FER_SORT_FP)
      return emit(c, I(FER_I_FSEQ, 0, r[0], r[1], s0->a, s0->b), dst);
    return emit(c, I(FER_I_EQ, r[0], r[1], 0, 0, 0), dst);
  case FER_OP_ITE: return emit(c, I(FER_I_ITE, r[0], r[1], r[2], 0, 0), dst);
  case FER_OP_CONCAT:
    if (st->a > 128) return unsupported(c, "concat wider than 128 bits");
    return emit(c, I(FER_I_CONCAT, r[0], r[1], 0, sinfo(c, args[1])->a, 0), dst);
  case FER_OP_EXTRACT: return emit(c, I(FER_I_EXTRACT, r[0], 0, 0, i0, i1), dst);
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
  case FER_OP_FP: return emit(c, I(FER_I_FPMAKE, r[0], r[1], r[2], eb, sb), dst);
  case FER_OP_FP_ABS: return emit(c, I(FER_I_FABS, 0, r[0], 0, eb, sb), dst);
  case FER_OP_FP_NEG: return emit(c, I(FER_I_FNEG, 0, r[0], 0, eb, sb), dst);
  case FER_OP_FP_ADD: return emit(c, I(FER_I_FADD, r[0], r[1], r[2], eb, sb), dst);
  case FER_OP_FP_SUB: return emit(c, I(FER_I_FSUB, r[0], r[1], r[2], eb, sb), dst);
  case FER_OP_FP_MUL: return emit(c, I(FER_I_FMUL, r[0], r[1], r[2], eb, sb), dst);
  case FER_OP_FP_DIV: return emit(c, I(FER_I_FDIV, r[0], r[1], r[2], eb, sb), dst);
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
  case FER_OP_##OP: return emit(c, I(FER_I_##IOP, 0, r[X], r[Y], s0->a, s0->b), dst);
  FCMP(FP_LEQ, FLEQ, 0, 1) FCMP(FP_LT, FLT, 0, 1) FCMP(FP_GEQ, FLEQ, 1, 0)
  FCMP(FP_GT, FLT, 1, 0) FCMP(FP_EQ, FEQ, 0, 1)
#undef FCMP
#define FCLS(OP, IOP) \
  case FER_OP_##OP: return emit(c, I(FER_I_##IOP, 0, r[0], 0, s0->a, s0->b), dst);
  FCLS(FP_IS_NORMAL, ISNORMAL) FCLS(FP_IS_SUBNORMAL, ISSUBNORMAL)
  FCLS(FP_IS_ZERO, ISZERO) FCLS(FP_IS_INF, ISINF) FCLS(FP_IS_NAN, ISNAN)
  FCLS(FP_IS_NEG, ISNEG) FCLS(FP_IS_POS, ISPOS)
#undef FCLS
  case FER_OP_TO_FP_BV: *dst = r[0]; return 1; /* same bits */
  case FER_OP_TO_FP_FP: {
    fer_insn q = I(FER_I_FCVT, r[0], r[1], 0, eb, sb);
    const fer_sort_info *s1 = sinfo(c, args[1]);
    q.e = s1->a, q.c = s1->b;
    return emit(c, q, dst);
  }
  case FER_OP_TO_FP_SBV:
  case FER_OP_TO_FP_UBV: {
    uint32_t width = sinfo(c, args[1])->a;
    if (width > 128) return unsupported(c, "bit-vector wider than 128 bits");
    return emit(c, I(op == FER_OP_TO_FP_SBV ? FER_I_FROMSBV : FER_I_FROMUBV,
                     r[0], r[1], width, eb, sb), dst);
  }
  case FER_OP_TO_FP_REAL: {
    bool neg;
    const uint32_t *num, *den;
    uint32_t nl, dl;
    fer_real_get(f, args[1], &neg, &num, &nl, &den, &dl);
    fer_fmt m = {eb, sb};
    uint32_t first = NONE;
    for (int rm = 0; rm < 5; rm++) {
      fer_u128 v = fer_fp_from_rational(m, (fer_rm)rm, neg, num, nl, den, dl);
      uint32_t k = new_reg(c, v);
      if (k == NONE || !dict_add(c, eb + sb, v)) return 0;
      if (rm == 0) first = k;
    }
    if (fer_term_op(f, args[0]) == FER_OP_CONST) { /* a fixed rounding mode */
      *dst = first + (uint32_t)fer_const_u128(f, args[0]);
      return 1;
    }
    return emit(c, I(FER_I_FROMREAL, r[0], first, 0, eb, sb), dst);
  }
  case FER_OP_FP_TO_UBV:
  case FER_OP_FP_TO_SBV: {
    const fer_sort_info *s1 = sinfo(c, args[1]);
    fer_insn q = I(op == FER_OP_FP_TO_UBV ? FER_I_TOUBV : FER_I_TOSBV, r[0],
                   r[1], s1->b, st->a, 0);
    q.e = s1->a;
    c->p->may_unspec = true;
    return emit(c, q, dst);
  }
  case FER_OP_FP_TO_IEEE_BV:
    c->p->may_unspec = true;
    return emit(c, I(FER_I_TOIEEE, 0, r[0], 0, s0->a, s0->b), dst);
  default:
    return unsupported(c, "operator not supported by the search engine");
  }
}

/* Post-order over all constraints. */
static int emit_all(comp *c, const fer_term *a, size_t n) {
  ferret *f = c->f;
  for (size_t k = 0; k < n; k++) {
    FER_CLEAR(c->stack);
    if (!FER_PUSH(f, c->stack, a[k])) return 0;
    while (c->stack.size) {
      fer_term t = FER_TOP(c->stack);
      if (c->reg[t]) {
        c->stack.size--;
        continue;
      }
      uint32_t m = fer_term_nargs(f, t);
      bool pending = false;
      for (uint32_t j = m; j-- > 0;) {
        fer_term u = fer_term_arg(f, t, j);
        if (!c->reg[u]) {
          if (!FER_PUSH(f, c->stack, u)) return 0;
          pending = true;
        }
      }
      if (pending) continue;
      c->stack.size--;
      uint32_t dst = NONE;
      uint32_t before = (uint32_t)c->code.size;
      int ok = m ? compile_node(c, t, &dst) : compile_leaf(c, t, &dst);
      if (!ok) return 0;
      c->reg[t] = dst + 1;
      c->ib[t] = before, c->ie[t] = (uint32_t)c->code.size;
      if (c->ie[t] > before && !FER_PUSH(f, c->order, t)) return 0;
    }
  }
  return 1;
}

/* ------------------------------------------------------------ 2. blocks */

/* Walk the DAG under `root`, running VISIT (with `t` bound) once per
 * distinct term; VISIT may clear OK to stop.  OK is cleared on allocation
 * failure. */
#define WALK(c, root, OK, VISIT)                                             \
  do {                                                                       \
    uint32_t w_ = ++(c)->walk;                                               \
    FER_CLEAR((c)->stack);                                                   \
    if (!FER_PUSH((c)->f, (c)->stack, (root))) OK = 0;                       \
    while (OK && (c)->stack.size) {                                          \
      fer_term t = FER_POP((c)->stack);                                      \
      if ((c)->stamp[t] == w_) continue;                                     \
      (c)->stamp[t] = w_;                                                    \
      VISIT;                                                                 \
      uint32_t m_ = fer_term_nargs((c)->f, t);                               \
      if (!OK || !FER_RESERVE((c)->f, (c)->stack, m_)) {                     \
        OK = 0;                                                              \
        break;                                                               \
      }                                                                      \
      const fer_term *a_ = fer_term_args((c)->f, t);                         \
      for (uint32_t j_ = 0; j_ < m_; j_++)                                   \
        (c)->stack.data[(c)->stack.size++] = a_[j_];                         \
    }                                                                        \
  } while (0)

typedef struct bkey {
  uint64_t hash;
  uint32_t count, pos;
  fer_term t;
} bkey;

static int cmp_bkey(const void *x, const void *y) {
  const bkey *a = x, *b = y;
  if (a->count != b->count) return a->count > b->count ? -1 : 1;
  if (a->hash != b->hash) return a->hash < b->hash ? -1 : 1;
  return a->pos < b->pos ? -1 : a->pos > b->pos;
}

static int user_sets(comp *c, const fer_term *a, size_t n) {
  int ok = 1;
  for (size_t k = 0; ok && k < n; k++) {
    uint64_t id = (uint64_t)k + 1;
    WALK(c, a[k], ok, {
      if (c->ie[t] > c->ib[t]) {
        c->hash[t] = (c->hash[t] ^ (id * 0x9e3779b97f4a7c15ull)) * 0x100000001b3ull;
        c->count[t]++;
      }
    });
  }
  return ok;
}

/* Lay out the code block by block; *tblk gets each term's block.  If the
 * order is not topological (a hash collision), fall back to one block. */
static int layout(comp *c, uint32_t *tblk) {
  ferret *f = c->f;
  fer_prog *p = c->p;
  size_t nt = c->order.size;
  bkey *keys = fer_malloc(f, (nt ? nt : 1) * sizeof *keys);
  uint32_t *pos = fer_malloc(f, (size_t)p->nregs * sizeof *pos + 1);
  int ok = keys && pos;
  if (ok) {
    for (size_t i = 0; i < nt; i++) {
      fer_term t = c->order.data[i];
      keys[i].hash = c->hash[t], keys[i].count = c->count[t];
      keys[i].pos = (uint32_t)i, keys[i].t = t;
    }
    qsort(keys, nt, sizeof *keys, cmp_bkey);
    ok = FER_RESERVE(f, p->code, c->code.size);
  }
  for (size_t i = 0; ok && i < nt; i++) {
    bool fresh = !i || keys[i].count != keys[i - 1].count ||
                 keys[i].hash != keys[i - 1].hash;
    if (fresh) {
      fer_block b = {(uint32_t)p->code.size, (uint32_t)p->code.size};
      if (!FER_PUSH(f, p->blocks, b)) ok = 0;
    }
    fer_term t = keys[i].t;
    for (uint32_t j = c->ib[t]; ok && j < c->ie[t]; j++)
      p->code.data[p->code.size++] = c->code.data[j];
    if (ok) {
      FER_TOP(p->blocks).end = (uint32_t)p->code.size;
      tblk[t] = (uint32_t)p->blocks.size - 1;
    }
  }
  /* Check: every operand is produced earlier (or is a slot/constant). */
  bool topo = true;
  if (ok) {
    for (uint32_t r = 0; r < p->nregs; r++) pos[r] = NONE;
    for (uint32_t j = 0; j < p->code.size; j++) pos[p->code.data[j].d] = j;
    for (uint32_t j = 0; topo && j < p->code.size; j++) {
      uint32_t ops[4], k = operands(&p->code.data[j], ops);
      for (uint32_t q = 0; q < k; q++)
        if (pos[ops[q]] != NONE && pos[ops[q]] >= j) topo = false;
    }
  }
  if (ok && !topo) { /* one block in emission order: always correct */
    memcpy(p->code.data, c->code.data, c->code.size * sizeof *c->code.data);
    p->blocks.size = 1;
    p->blocks.data[0].begin = 0, p->blocks.data[0].end = (uint32_t)p->code.size;
    for (size_t i = 0; i < nt; i++) tblk[c->order.data[i]] = 0;
  }
  fer_free(f, keys, (nt ? nt : 1) * sizeof *keys);
  fer_free(f, pos, (size_t)p->nregs * sizeof *pos + 1);
  return ok;
}

/* ------------------------------------------------------ 3. dependencies */

static int cmp_u32(const void *x, const void *y) {
  uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
  return a < b ? -1 : a > b;
}

/* CSR from (key, value) pairs: off[0..nkeys], val.  Pairs are consumed. */
static int csr(ferret *f, uint32_t nkeys, const uint32_t *pk, const uint32_t *pv,
               size_t np, void *off_stack, void *val_stack) {
  FER_STACK(uint32_t) *off = off_stack, *val = val_stack;
  if (!FER_RESERVE(f, *off, (size_t)nkeys + 1) || !FER_RESERVE(f, *val, np + 1))
    return 0;
  memset(off->data, 0, ((size_t)nkeys + 1) * sizeof *off->data);
  for (size_t i = 0; i < np; i++) off->data[pk[i] + 1]++;
  for (uint32_t k = 0; k < nkeys; k++) off->data[k + 1] += off->data[k];
  off->size = (size_t)nkeys + 1;
  uint32_t *fill = fer_malloc(f, ((size_t)nkeys + 1) * sizeof *fill);
  if (!fill) return 0;
  memcpy(fill, off->data, ((size_t)nkeys + 1) * sizeof *fill);
  for (size_t i = 0; i < np; i++) val->data[fill[pk[i]]++] = pv[i];
  val->size = np;
  fer_free(f, fill, ((size_t)nkeys + 1) * sizeof *fill);
  return 1;
}

typedef FER_STACK(uint32_t) u32_stack;

static int dependencies(comp *c, const fer_term *a, size_t n,
                        const uint32_t *tblk) {
  ferret *f = c->f;
  fer_prog *p = c->p;
  uint32_t nb = (uint32_t)p->blocks.size, ns = p->nslots;
  int ok = 1;
  u32_stack ek = {0}, ev = {0}, sk = {0}, sv = {0}, bs = {0}, rk = {0};
  uint32_t *bstamp = fer_calloc(f, ((size_t)nb + 1) * sizeof *bstamp);
  uint32_t *sstamp = fer_calloc(f, ((size_t)ns + 1) * sizeof *sstamp);
  if (!bstamp || !sstamp) ok = 0;
  /* blk_of_reg */
  if (ok && !FER_RESERVE(f, p->blk_of_reg, p->nregs)) ok = 0;
  if (ok) {
    for (uint32_t r = 0; r < p->nregs; r++) p->blk_of_reg.data[r] = NONE;
    p->blk_of_reg.size = p->nregs;
    for (uint32_t b = 0; b < nb; b++)
      for (uint32_t j = p->blocks.data[b].begin; j < p->blocks.data[b].end; j++)
        p->blk_of_reg.data[p->code.data[j].d] = b;
  }
  /* Direct edges: slot -> block (sk/sv), block -> block (ek/ev). */
  for (uint32_t b = 0; ok && b < nb; b++) {
    for (uint32_t j = p->blocks.data[b].begin; ok && j < p->blocks.data[b].end; j++) {
      uint32_t ops[4], k = operands(&p->code.data[j], ops);
      for (uint32_t q = 0; ok && q < k; q++) {
        uint32_t r = ops[q];
        if (r < ns) {
          if (sstamp[r] == b + 1) continue;
          sstamp[r] = b + 1;
          ok = FER_PUSH(f, bs, b) && FER_PUSH(f, rk, r);
        } else {
          uint32_t src = p->blk_of_reg.data[r];
          if (src == NONE || src == b || bstamp[src] == b + 1) continue;
          bstamp[src] = b + 1;
          ok = FER_PUSH(f, ek, src) && FER_PUSH(f, ev, b);
        }
      }
    }
  }
  /* block -> direct slots, block -> direct predecessor blocks */
  ok = ok && csr(f, nb, bs.data, rk.data, bs.size, &p->blk_slot_off, &p->blk_slot) &&
       csr(f, nb, ev.data, ek.data, ev.size, &p->blk_pred_off, &p->blk_pred);
  const u32_stack bs_off = {p->blk_slot_off.data, p->blk_slot_off.size, 0};
  const u32_stack bsl = {p->blk_slot.data, p->blk_slot.size, 0};
  /* Per constraint: blocks (sorted), slots, cost. */
  FER_CLEAR(sk), FER_CLEAR(sv);
  for (uint32_t b = 0; b <= nb && ok; b++) bstamp[b] = 0;
  for (uint32_t s = 0; s <= ns && ok; s++) sstamp[s] = 0;
  for (size_t k = 0; ok && k < n; k++) {
    fer_cons *cn = &p->cons.data[k];
    cn->blk_begin = (uint32_t)p->cblocks.size;
    uint32_t mark = (uint32_t)k + 1;
    WALK(c, a[k], ok, {
      if (c->ie[t] > c->ib[t] && bstamp[tblk[t]] != mark) {
        bstamp[tblk[t]] = mark;
        if (!FER_PUSH(f, p->cblocks, tblk[t])) ok = 0;
      }
    });
    if (!ok) break;
    cn->blk_end = (uint32_t)p->cblocks.size;
    qsort(p->cblocks.data + cn->blk_begin, cn->blk_end - cn->blk_begin,
          sizeof *p->cblocks.data, cmp_u32);
    cn->slot_begin = (uint32_t)p->cslots.size;
    cn->cost = 0;
    if (cn->root < ns) {
      sstamp[cn->root] = mark;
      ok = FER_PUSH(f, p->cslots, cn->root);
    }
    for (uint32_t j = cn->blk_begin; ok && j < cn->blk_end; j++) {
      uint32_t b = p->cblocks.data[j];
      cn->cost += p->blocks.data[b].end - p->blocks.data[b].begin;
      for (uint32_t q = bs_off.data[b]; ok && q < bs_off.data[b + 1]; q++)
        if (sstamp[bsl.data[q]] != mark) {
          sstamp[bsl.data[q]] = mark;
          ok = FER_PUSH(f, p->cslots, bsl.data[q]);
        }
    }
    cn->slot_end = (uint32_t)p->cslots.size;
    cn->root_blk = cn->root < p->nregs ? p->blk_of_reg.data[cn->root] : NONE;
    for (uint32_t j = cn->slot_begin; ok && j < cn->slot_end; j++)
      ok = FER_PUSH(f, sk, p->cslots.data[j]) && FER_PUSH(f, sv, (uint32_t)k);
  }
  ok = ok && csr(f, ns, sk.data, sv.data, sk.size, &p->slot_cons_off, &p->slot_cons);
  FER_RELEASE(f, ek), FER_RELEASE(f, ev), FER_RELEASE(f, sk), FER_RELEASE(f, sv);
  FER_RELEASE(f, bs), FER_RELEASE(f, rk);
  fer_free(f, bstamp, ((size_t)nb + 1) * sizeof *bstamp);
  fer_free(f, sstamp, ((size_t)ns + 1) * sizeof *sstamp);
  return ok;
}

/* ---------------------------------------------------- 4. distance nodes */

static bool is_connective(comp *c, fer_term t) {
  ferret *f = c->f;
  switch (fer_term_op(f, t)) {
  case FER_OP_NOT: case FER_OP_AND: case FER_OP_OR: case FER_OP_IMPLIES:
  case FER_OP_XOR:
    return true;
  case FER_OP_EQ:
    return sinfo(c, fer_term_arg(f, t, 0))->kind == FER_SORT_BOOL;
  case FER_OP_ITE:
    return sinfo(c, t)->kind == FER_SORT_BOOL;
  default:
    return false;
  }
}

static fer_dnode atom_node(comp *c, fer_term t) {
  ferret *f = c->f;
  fer_dnode d;
  memset(&d, 0, sizeof d);
  d.kind = FER_DN_BOOL;
  d.reg = c->reg[t] - 1;
  uint32_t n = fer_term_nargs(f, t);
  if (n != 2) return d;
  fer_term x = fer_term_arg(f, t, 0), y = fer_term_arg(f, t, 1);
  const fer_sort_info *si = sinfo(c, x);
  bool swap = false;
  switch (fer_term_op(f, t)) {
  case FER_OP_EQ:
    if (si->kind == FER_SORT_FP) d.kind = FER_DN_FSEQ;
    else if (si->kind == FER_SORT_BV || si->kind == FER_SORT_RM) d.kind = FER_DN_EQ;
    break;
  case FER_OP_FP_EQ: d.kind = FER_DN_FEQ; break;
  case FER_OP_FP_LT: d.kind = FER_DN_FLT; break;
  case FER_OP_FP_LEQ: d.kind = FER_DN_FLEQ; break;
  case FER_OP_FP_GT: d.kind = FER_DN_FLT, swap = true; break;
  case FER_OP_FP_GEQ: d.kind = FER_DN_FLEQ, swap = true; break;
  case FER_OP_BVULT: d.kind = FER_DN_ULT; break;
  case FER_OP_BVULE: d.kind = FER_DN_ULE; break;
  case FER_OP_BVUGT: d.kind = FER_DN_ULT, swap = true; break;
  case FER_OP_BVUGE: d.kind = FER_DN_ULE, swap = true; break;
  case FER_OP_BVSLT: d.kind = FER_DN_SLT; break;
  case FER_OP_BVSLE: d.kind = FER_DN_SLE; break;
  case FER_OP_BVSGT: d.kind = FER_DN_SLT, swap = true; break;
  case FER_OP_BVSGE: d.kind = FER_DN_SLE, swap = true; break;
  default: return d;
  }
  if (d.kind == FER_DN_BOOL) return d;
  d.a = c->reg[swap ? y : x] - 1, d.b = c->reg[swap ? x : y] - 1;
  if (si->kind == FER_SORT_FP) d.w = si->a, d.x = si->b;
  else d.w = fer_sort_bits(f, fer_term_sort(f, x));
  return d;
}

static int distance_nodes(comp *c, const fer_term *a, size_t n,
                          uint32_t *dn_idx, uint32_t *open, uint32_t *atom_of) {
  ferret *f = c->f;
  fer_prog *p = c->p;
  for (size_t k = 0; k < n; k++) {
    fer_cons *cn = &p->cons.data[k];
    cn->dn_begin = (uint32_t)p->dn.size;
    uint32_t w = ++c->walk;
    FER_CLEAR(c->stack);
    if (!FER_PUSH(f, c->stack, a[k])) return 0;
    while (c->stack.size) {
      fer_term t = FER_TOP(c->stack);
      if (c->stamp[t] == w) {
        c->stack.size--;
        continue;
      }
      bool conn = is_connective(c, t);
      uint32_t m = conn ? fer_term_nargs(f, t) : 0;
      if (conn && open[t] != w) { /* first visit: children first */
        open[t] = w;
        if (!FER_RESERVE(f, c->stack, m)) return 0;
        for (uint32_t j = m; j-- > 0;) {
          fer_term u = fer_term_arg(f, t, j);
          if (c->stamp[u] != w) c->stack.data[c->stack.size++] = u;
        }
        continue;
      }
      c->stack.size--;
      fer_dnode d;
      if (conn) {
        memset(&d, 0, sizeof d);
        fer_op op = fer_term_op(f, t);
        d.kind = op == FER_OP_NOT       ? FER_DN_NOT
                 : op == FER_OP_AND     ? FER_DN_AND
                 : op == FER_OP_OR      ? FER_DN_OR
                 : op == FER_OP_IMPLIES ? FER_DN_IMPLIES
                 : op == FER_OP_XOR     ? FER_DN_XOR
                 : op == FER_OP_EQ      ? FER_DN_EQB
                                        : FER_DN_ITE;
        d.reg = c->reg[t] - 1;
        d.a = (uint32_t)p->dn_kids.size;
        for (uint32_t j = 0; j < m; j++)
          if (!FER_PUSH(f, p->dn_kids, dn_idx[fer_term_arg(f, t, j)])) return 0;
        d.b = (uint32_t)p->dn_kids.size;
      } else {
        d = atom_node(c, t);
        if (atom_of[t] == NONE) atom_of[t] = p->natoms++;
        d.atom = atom_of[t];
      }
      dn_idx[t] = (uint32_t)p->dn.size - cn->dn_begin;
      c->stamp[t] = w;
      if (!FER_PUSH(f, p->dn, d)) return 0;
    }
    cn->dn_end = (uint32_t)p->dn.size;
    if (cn->dn_end - cn->dn_begin > p->max_dn) p->max_dn = cn->dn_end - cn->dn_begin;
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

static int make_slots(comp *c, const fer_term *a, size_t n) {
  ferret *f = c->f;
  fer_prog *p = c->p;
  fer_term_stack vars = {0};
  int ok = fer_collect_vars(f, a, n, &vars);
  for (size_t i = 0; ok && i < vars.size; i++) {
    fer_term v = vars.data[i];
    const fer_sort_info *si = sinfo(c, v);
    fer_slot s = {v, FER_SLOT_BOOL, 1, 0, 0};
    switch (si->kind) {
    case FER_SORT_BOOL: break;
    case FER_SORT_RM: s.kind = FER_SLOT_RM, s.bits = 3; break;
    case FER_SORT_BV:
      s.kind = FER_SLOT_BV, s.bits = si->a;
      if (si->a > 128) ok = unsupported(c, "bit-vector variable wider than 128 bits");
      break;
    case FER_SORT_FP:
      s.kind = FER_SLOT_FP, s.bits = si->a + si->b, s.eb = si->a, s.sb = si->b;
      if (s.bits > 128 || s.eb > 30) /* the limits of fp.h */
        ok = unsupported(c, "floating-point variable wider than 128 bits or eb > 30");
      break;
    default:
      ok = unsupported(c, "variable of an unsupported sort");
    }
    if (!ok) break;
    uint32_t r = new_reg(c, 0);
    ok = r != NONE && FER_PUSH(f, p->slots, s);
    c->reg[v] = r + 1;
    p->total_bits += s.bits;
  }
  p->nslots = (uint32_t)p->slots.size;
  FER_RELEASE(f, vars);
  return ok;
}

ferret_status fer_compile(ferret *f, const fer_term *a, size_t n, fer_prog *p) {
  comp c;
  memset(&c, 0, sizeof c);
  c.f = f, c.p = p;
  fer_prog_init(p);
  c.nterms = fer_term_count(f) + 1;
  size_t nt = c.nterms;
  c.reg = fer_calloc(f, nt * 4);
  c.ib = fer_calloc(f, nt * 4);
  c.ie = fer_calloc(f, nt * 4);
  c.stamp = fer_calloc(f, nt * 4);
  c.count = fer_calloc(f, nt * 4);
  c.hash = fer_calloc(f, nt * 8);
  uint32_t *tblk = fer_calloc(f, nt * 4), *dn_idx = fer_calloc(f, nt * 4);
  uint32_t *open = fer_calloc(f, nt * 4), *atom_of = fer_malloc(f, nt * 4);
  int ok = c.reg && c.ib && c.ie && c.stamp && c.count && c.hash && tblk &&
           dn_idx && open && atom_of;
  if (ok) memset(atom_of, 0xff, nt * 4);
  ok = ok && make_slots(&c, a, n) && emit_all(&c, a, n);
  for (size_t k = 0; ok && k < n; k++) {
    fer_cons cn;
    memset(&cn, 0, sizeof cn);
    cn.term = a[k];
    cn.root = c.reg[a[k]] - 1;
    ok = FER_PUSH(f, p->cons, cn);
  }
  ok = ok && user_sets(&c, a, n) && layout(&c, tblk) &&
       dependencies(&c, a, n, tblk) &&
       distance_nodes(&c, a, n, dn_idx, open, atom_of) && dict_finish(f, p);
  fer_free(f, c.reg, nt * 4);
  fer_free(f, c.ib, nt * 4);
  fer_free(f, c.ie, nt * 4);
  fer_free(f, c.stamp, nt * 4);
  fer_free(f, c.count, nt * 4);
  fer_free(f, c.hash, nt * 8);
  fer_free(f, tblk, nt * 4);
  fer_free(f, dn_idx, nt * 4);
  fer_free(f, open, nt * 4);
  fer_free(f, atom_of, nt * 4);
  FER_RELEASE(f, c.order);
  FER_RELEASE(f, c.code);
  FER_RELEASE(f, c.stack);
  if (ok) return FERRET_OK;
  fer_prog_release(f, p);
  if (c.unsupported) return FERRET_ERROR_UNSUPPORTED;
  if (!f->out_of_memory) fer_error(f, FERRET_ERROR_LIMIT, 0, 0, "out of memory");
  return FERRET_ERROR_LIMIT;
}
