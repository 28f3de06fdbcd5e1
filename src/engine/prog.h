/* The compiled program (pipeline step 5): the constraints of one component
 * as a flat, typed, register-based program over the variable slots.
 *
 * Registers hold values of up to 128 bits (fer_u128): Bool as 0/1, BV in
 * the low bits, FP as its IEEE pattern, RoundingMode as fer_rm.  Layout:
 *   r[0 .. nslots)   the input: one register per slot (variable),
 *   then constants (loaded once from `init`) and one register per
 *   instruction result, in the order they were created.
 * Every instruction writes one register; a shared subterm is computed once.
 *
 * Incremental evaluation: instructions are grouped into blocks, a block
 * being the instructions used by exactly the same set of constraints.
 * Blocks are ordered so that every block comes after the blocks it reads
 * (a block's user set is a strict subset of the user sets of the blocks
 * feeding it, so sorting by user-set size is a topological order).  A
 * constraint lists the blocks it needs (all ancestors of its root's block).
 * An exec state stamps every slot
 * change and every block run with a strictly increasing clock; a block
 * re-runs only if one of its direct inputs (a slot or a block) carries a
 * newer stamp than its own, and a block found up to date is not checked
 * again until a slot changes.  Evaluation is demand-driven: from the root's
 * block back along predecessor edges, stopping at blocks already checked
 * for this input, then the collected blocks are checked in topological
 * (id) order; so each block is looked at once per input however many
 * constraints share it.  Above that, a constraint none of whose slots
 * changed since its last evaluation answers from its root register at once.  So after a mutation of one slot only the
 * instructions that depend on it run, only for the constraints that are
 * evaluated, and the check costs the in-degree of the blocks looked at
 * (not the fan-out of the changed slot, which for deep formulas is large).
 *
 * Distances: for each constraint, its Boolean skeleton (not/and/or/=>/xor/
 * ite/= over Bool) is kept as "distance nodes" whose leaves are atoms
 * (comparisons) with their operand registers, so that a distance to truth
 * can be computed after evaluation (dist.c) without slowing evaluation. */
#ifndef FER_PROG_H
#define FER_PROG_H

#include "fp/fp.h"
#include "base/context.h"
#include "smt/term.h"

/* ---- opcodes: one per operator; dispatch is in prog.c (fer_run) ---- */
#define FER_OPCODES(X)                                                     \
  X(NOT) X(AND) X(OR) X(XOR) X(IMPLIES) X(ITE) X(EQ) X(FSEQ)               \
  X(BVNOT) X(BVNEG) X(BVAND) X(BVOR) X(BVXOR) X(BVNAND) X(BVNOR) X(BVXNOR) \
  X(BVCOMP) X(BVADD) X(BVSUB) X(BVMUL) X(BVUDIV) X(BVUREM) X(BVSDIV)       \
  X(BVSREM) X(BVSMOD) X(BVSHL) X(BVLSHR) X(BVASHR) X(BVULT) X(BVULE)       \
  X(BVSLT) X(BVSLE) X(BVNEGO) X(BVUADDO) X(BVSADDO) X(BVUMULO) X(BVSMULO)  \
  X(BVUSUBO) X(BVSSUBO) X(BVSDIVO) X(BVREDAND) X(BVREDOR) X(CONCAT)        \
  X(EXTRACT) X(REPEAT) X(SEXT) X(ROTL) X(ROTR)                             \
  X(FPMAKE) X(FABS) X(FNEG) X(FADD) X(FSUB) X(FMUL) X(FDIV) X(FFMA)        \
  X(FSQRT) X(FREM) X(FRTI) X(FMIN) X(FMAX) X(FLEQ) X(FLT) X(FEQ)           \
  X(ISNORMAL) X(ISSUBNORMAL) X(ISZERO) X(ISINF) X(ISNAN) X(ISNEG) X(ISPOS) \
  X(FCVT) X(FROMSBV) X(FROMUBV) X(FROMREAL) X(TOUBV) X(TOSBV) X(TOIEEE)    \
  X(FADD64) X(FSUB64) X(FMUL64) X(FDIV64) X(FLEQ64) X(FLT64) X(FEQ64)      \
  X(FADD32) X(FSUB32) X(FMUL32) X(FDIV32) X(FLEQ32) X(FLT32) X(FEQ32)      \
  X(WIDE)

typedef enum fer_opcode {
#define FER_OPCODE_ENUM(N) FER_I_##N,
  FER_OPCODES(FER_OPCODE_ENUM)
#undef FER_OPCODE_ENUM
  FER_I_COUNT
} fer_opcode;

extern const char *const fer_opcode_name[FER_I_COUNT];

/* The specialised opcodes FADD64 ... FEQ32 are FADD ... FEQ on Float64
 * (11,53) or Float32 (8,24), the arithmetic ones under the constant
 * rounding mode RNE (compile.c picks them; prog.c runs them through the
 * fp/fast.h entry points without format or mode tests).  Their operand
 * fields are those of the general opcode (a = the rounding-mode register,
 * w, x = eb, sb), so any consumer may treat them as fer_opcode_general(op). */
static inline fer_opcode fer_opcode_general(fer_opcode op) {
  switch (op) {
  case FER_I_FADD64: case FER_I_FADD32: return FER_I_FADD;
  case FER_I_FSUB64: case FER_I_FSUB32: return FER_I_FSUB;
  case FER_I_FMUL64: case FER_I_FMUL32: return FER_I_FMUL;
  case FER_I_FDIV64: case FER_I_FDIV32: return FER_I_FDIV;
  case FER_I_FLEQ64: case FER_I_FLEQ32: return FER_I_FLEQ;
  case FER_I_FLT64: case FER_I_FLT32: return FER_I_FLT;
  case FER_I_FEQ64: case FER_I_FEQ32: return FER_I_FEQ;
  default: return op;
  }
}

/* One instruction.  FP operations: a = rounding-mode register (unused for
 * those without one), b, c, e = operands, w = eb, x = sb.  BV: a, b
 * operands, w = width of a (CONCAT: w = width of b; EXTRACT: w = hi,
 * x = lo; REPEAT/SEXT/ROTL/ROTR: x = count).  FROMREAL: b = first of five
 * constant registers, one per rounding mode. */
typedef struct fer_insn {
  uint16_t op;
  uint16_t pad;
  uint32_t d;
  uint32_t a, b, c, e;
  uint32_t w, x;
} fer_insn;

/* WIDE (engine/wide.c): an operation on bit-vectors wider than 128 bits,
 * x = the fer_op.  A value of w > 128 bits occupies ceil(w/128)
 * consecutive registers from its register (low bits first), narrower
 * values one.  BV operations: a, b = operands (b = FER_WIDE_UNARY for a
 * unary one), w = a's width, c = b's width (binary) or lo (extract),
 * e = the first index.  ITE: a = condition, b, c = branches, w = width.
 * EQ: a, b, w.  TO_FP_UBV/SBV: a = rounding mode, b = the bit-vector,
 * w = its width, c/e = eb/sb of the result.  FP_TO_UBV/SBV: a = rounding
 * mode, b = the FP operand, w = the result's width, c/e = eb/sb of the
 * operand.  Widths up to FER_WIDE_LIMBS * 64 bits.
 * With pad = 1, an FP operation on a format wider than 128 bits (fp/fpw.h):
 * a = the rounding-mode register or FER_WIDE_UNARY, w = the result's format
 * (fer_wide_fmt_pack) or, for a BV or Bool result, its width; conversions
 * (TO_FP_FP, TO_FP_UBV/SBV, TO_FP_BV, FP_TO_UBV/SBV, FP_TO_IEEE_BV):
 * b = the operand, e = its format or BV width; TO_FP_REAL: b = the first
 * of five constant values, one per rounding mode; FP: b, c, e = sign,
 * exponent, significand; = and the predicates: w = the operands' format;
 * the rest: b, c, e = the operands (FER_WIDE_UNARY when fewer). */
#define FER_WIDE_LIMBS 128
#define FER_WIDE_UNARY UINT32_MAX
static inline uint32_t fer_wide_fmt_pack(uint32_t eb, uint32_t sb) { return eb << 16 | sb; }
static inline fer_fmt fer_wide_fmt(uint32_t packed) {
  fer_fmt m = {packed >> 16, packed & 0xffff};
  return m;
}
/* Run WIDE instruction i on registers r[n * stride]; false when the result
 * is unspecified (fp.to_ubv/fp.to_sbv out of range).  The slow path. */
bool fer_wide_run(const struct fer_insn *i, fer_u128 *r, size_t stride);
/* Its operand registers (first register of each), as compile_blocks.c
 * needs them. */
uint32_t fer_wide_operands(const struct fer_insn *i, uint32_t out[4]);
/* The distance of a comparison atom whose operands are wider than 128
 * bits (a BV, or an FP format with eb + sb > 128: fer_dn_wide), to true or
 * (to_false) to false, as dist.c defines it for narrow ones (the BV
 * difference; for FP the difference of the ordered keys, fer_fp_key, so
 * ULPs; a NaN operand as far as can be), saturated at 2^128 - 1.  And its
 * log2 bucket over the atom's whole range: 0 for 0, else
 * 1 + floor(log2 d) * 128 / (w + 1), so 1 .. 128 (a strict order's
 * distance may reach 2^w), where fer_dist_bucket would saturate at
 * 2^128: the coverage features see a wide value come closer in its high
 * parts too.  Defined in engine/wide.c. */
struct fer_dnode;
fer_u128 fer_wide_distance(const struct fer_dnode *dn, const fer_u128 *r, bool to_false);
uint32_t fer_wide_bucket(const struct fer_dnode *dn, const fer_u128 *r);

/* The registers instruction i reads (at most 4, the first register of a
 * wide value; FROMREAL's constants not counted): their count
 * (compile_blocks.c). */
uint32_t fer_insn_operands(const fer_insn *i, uint32_t out[4]);

/* The FP format an instruction works on (w = eb, x = sb). */
static inline fer_fmt fer_insn_fmt(const fer_insn *i) {
  fer_fmt m = {i->w, i->x};
  return m;
}

typedef enum fer_slot_kind {
  FER_SLOT_BOOL,
  FER_SLOT_BV,
  FER_SLOT_FP,
  FER_SLOT_RM
} fer_slot_kind;

typedef struct fer_slot {
  fer_term var;
  uint32_t kind; /* fer_slot_kind */
  uint32_t bits; /* BV width, FP eb+sb, 1 for Bool, 3 for RM */
  uint32_t eb, sb;
} fer_slot;

typedef struct fer_block {
  uint32_t begin, end; /* instruction range in code */
} fer_block;

/* Distance-node kinds: atoms (leaves) then connectives. */
typedef enum fer_dn_kind {
  FER_DN_BOOL,  /* any predicate: distance 0 or 1 */
  FER_DN_FLT,   /* fp.lt a b */
  FER_DN_FLEQ,  /* fp.leq a b */
  FER_DN_FEQ,   /* fp.eq a b */
  FER_DN_FSEQ,  /* = on FP (structural) */
  FER_DN_EQ,    /* = on BV / RM */
  FER_DN_ULT, FER_DN_ULE, FER_DN_SLT, FER_DN_SLE,
  FER_DN_FCLASS, /* fp.isNormal ... fp.isPositive (b = the fer_op) of a
                    format over 128 bits: the distance of its magnitude
                    to the class's (engine/wide.c) */
  FER_DN_NOT,   /* connectives: kids in dn_kids[a .. b) */
  FER_DN_AND, FER_DN_OR, FER_DN_IMPLIES, FER_DN_XOR, FER_DN_EQB, FER_DN_ITE
} fer_dn_kind;

#define FER_DN_IS_ATOM(k) ((k) < FER_DN_NOT)

typedef struct fer_dnode {
  uint32_t kind;  /* fer_dn_kind */
  uint32_t reg;   /* register holding the node's truth value */
  uint32_t a, b;  /* atoms: operand registers; connectives: kid range */
  uint32_t w, x;  /* atoms: width, or eb/sb */
  uint32_t atom;  /* atoms: global atom number (features) */
} fer_dnode;

/* The width of an atom's operands (of an FP atom: eb + sb), and whether
 * they are wider than 128 bits (engine/wide.c measures its distance). */
static inline uint32_t fer_dn_width(const fer_dnode *d) {
  bool fp = (d->kind >= FER_DN_FLT && d->kind <= FER_DN_FSEQ) || d->kind == FER_DN_FCLASS;
  return fp ? d->w + d->x : d->w;
}
static inline bool fer_dn_wide(const fer_dnode *d) {
  return d->kind >= FER_DN_FLT && d->kind <= FER_DN_FCLASS && fer_dn_width(d) > 128;
}

typedef struct fer_cons {
  fer_term term;
  uint32_t root;                  /* register of its truth value */
  uint32_t blk_begin, blk_end;    /* its blocks: cblocks[blk_begin..blk_end) */
  uint32_t slot_begin, slot_end;  /* its slots: cslots[..] */
  uint32_t dn_begin, dn_end;      /* its distance nodes (post-order; the
                                     last one is the root) */
  uint32_t cost;                  /* instructions in its blocks */
  uint32_t root_blk;              /* block computing root, or UINT32_MAX */
} fer_cons;

typedef struct fer_prog {
  FER_STACK(fer_slot) slots;
  FER_STACK(fer_u128) init;       /* initial register file (nregs) */
  FER_STACK(fer_insn) code;
  FER_STACK(fer_block) blocks;
  FER_STACK(fer_cons) cons;
  FER_STACK(uint32_t) cblocks, cslots;
  FER_STACK(uint32_t) blk_slot_off, blk_slot;   /* CSR: slots a block reads */
  FER_STACK(uint32_t) blk_pred_off, blk_pred;   /* CSR: blocks a block reads */
  FER_STACK(uint32_t) slot_cons_off, slot_cons; /* CSR: constraints per slot */
  FER_STACK(fer_dnode) dn;
  FER_STACK(uint32_t) dn_kids;
  FER_STACK(uint32_t) blk_of_reg; /* by register: producing block or
                                     UINT32_MAX (slot, constant) */
  /* The formula's internal nodes (terms with arguments, of sort Bool, BV
   * or FP, each computed by instructions of their own): the register
   * holding the node's value and its width in bits.  Read only by the
   * sampling hooks (engine.h, diversity features); solve never looks. */
  FER_STACK(uint32_t) node_reg, node_bits;
  /* Dictionary: the formula's BV/FP constants, by bit width. */
  FER_STACK(fer_u128) dict_val;
  FER_STACK(uint32_t) dict_bits;
  uint32_t nslots, nregs, natoms;
  uint32_t max_dn;        /* most distance nodes of one constraint */
  uint32_t total_bits;    /* sum of slot bits (RM counted as log2(5)~3) */
  bool may_unspec;        /* has instructions with unspecified cases */
} fer_prog;

void fer_prog_init(fer_prog *);
void fer_prog_release(ferret *, fer_prog *);

/* compile.c.  Compile assertions a[0..n) (Bool terms) into p.  Returns
 * FERRET_OK, FERRET_ERROR_UNSUPPORTED (a width over 128 bits, a parameter,
 * an operator the engine cannot run: the context's error says which), or
 * FERRET_ERROR_LIMIT (memory). */
ferret_status fer_compile(ferret *, const fer_term *a, size_t n, fer_prog *p);

/* Debug listing of the program on the diagnostic channel. */
void fer_prog_dump(ferret *, const fer_prog *);

/* ---- exec state (prog.c): one per worker ---- */
typedef struct fer_exec {
  const fer_prog *p;
  fer_u128 *r;          /* register file */
  uint64_t *sver;       /* by slot: clock of its last change */
  uint64_t *bver;       /* by block: clock of its last run, 0 = never */
  uint64_t *bchk;       /* by block: `input` when last found up to date */
  uint64_t clock;
  uint64_t input;       /* clock of the last slot change (>= 1) */
  uint8_t *cdirty;      /* by constraint: a slot it reads changed */
  uint32_t *stack;      /* nblocks: demand walk */
  uint64_t *pending;    /* bitmap of blocks to check, by block id */
  uint8_t *unspec;      /* by block: last run hit an unspecified case */
  uint64_t insns;       /* instructions executed (statistics) */
  /* Straight mode (see FER_STRAIGHT_MAX for when): no slot
   * clocks, no dirty marks, no blocks.  Each constraint owns a copy of
   * the instructions of its cone (its blocks, in id order: a topological
   * order), scode[sbeg[c] .. sbeg[c+1]), so evaluating it is one run over
   * a contiguous range; a subterm shared by two constraints is computed
   * by both (idempotent: same inputs, same registers, same values).
   * `input` counts inputs (bumped by every slot change), and
   * cin[c] == input says constraint c was evaluated for the current one;
   * cunspec[c] is its unspecified flag. */
  bool straight;
  fer_insn *scode;
  uint32_t *sbeg;       /* ncons + 1 */
  uint64_t *cin;        /* by constraint */
  uint8_t *cunspec;     /* by constraint */
  size_t nscode;        /* instructions in scode */
} fer_exec;

/* The evaluation mode fer_exec_init chooses.  Straight mode when its
 * per-constraint copies hold at most FER_STRAIGHT_MAX instructions in all,
 * or at most 1.25 times the program (the constraints share little: each
 * copy is mostly its own code).  For such programs the incremental
 * machinery (per-slot and per-block clocks, the demand walk) costs more per
 * execution than running a constraint's cone again (bench/limit.py: a KLEE
 * query of 2 instructions spent ~90% of its time there).  Where cones
 * overlap, straight mode would recompute the shared subterms for every
 * constraint, and the incremental evaluation, which re-runs only what a
 * changed slot feeds, wins.  Engine executions per second, incremental vs
 * straight (`--max-execs 3000000`, BENCHMARKS.md): griggio test_v7_r12
 * (193 instructions, copies 194) 0.83M vs 1.60M, test_v5_r10 (120/120)
 * 1.52M vs 1.83M; sqrt_klee query.20 (45/96) 3.44M vs 2.84M, div2.c.40
 * (121/901) 0.63M vs 0.26M, gaussian.c.75 (825/1868) 0.16M vs 0.10M. */
#ifndef FER_STRAIGHT_MAX
#define FER_STRAIGHT_MAX 48
#endif

int fer_exec_init(ferret *, fer_exec *, const fer_prog *);
/* The same with the evaluation mode forced: straight 1 or 0 (tests and
 * bench/limit-eval.c compare both); fer_exec_init chooses by sharing
 * (FER_STRAIGHT_MAX above). */
int fer_exec_init_mode(ferret *, fer_exec *, const fer_prog *, bool straight);
void fer_exec_release(ferret *, fer_exec *);

/* Set slot s to v (no-op if equal) and mark the constraints reading it.
 * Hot: called on every execution. */
static inline void fer_exec_set(fer_exec *x, uint32_t s, fer_u128 v) {
  if (x->r[s] == v) return;
  x->r[s] = v;
  if (x->straight) {
    x->input++;
    return;
  }
  x->sver[s] = x->input = ++x->clock;
  const fer_prog *p = x->p;
  const uint32_t *c = p->slot_cons.data + p->slot_cons_off.data[s];
  const uint32_t *e = p->slot_cons.data + p->slot_cons_off.data[s + 1];
  for (; c < e; c++) x->cdirty[*c] = 1;
}

/* Load a whole input (nslots values).  Hot.  Straight mode copies it and
 * counts a new input without comparing (an unchanged input is only
 * evaluated again). */
static inline void fer_exec_load(fer_exec *x, const fer_u128 *in) {
  uint32_t n = x->p->nslots;
  if (x->straight) {
    fer_u128 *r = x->r;
    for (uint32_t s = 0; s < n; s++) r[s] = in[s];
    x->input++;
    return;
  }
  for (uint32_t s = 0; s < n; s++) fer_exec_set(x, s, in[s]);
}

/* Out of line parts of fer_exec_cons (prog.c). */
void fer_exec_straight(fer_exec *, uint32_t c);
void fer_exec_demand(fer_exec *, const fer_cons *);

/* Run the blocks of constraint c that are out of date and return its
 * truth value.  Hot: called for every constraint of every execution. */
static inline bool fer_exec_cons(fer_exec *x, uint32_t c) {
  const fer_cons *k = &x->p->cons.data[c];
  uint32_t rb = k->root_blk;
  if (x->straight) {
    if (x->cin[c] != x->input) fer_exec_straight(x, c);
  } else if (x->cdirty[c]) {
    x->cdirty[c] = 0;
    if (rb != UINT32_MAX && x->bchk[rb] != x->input) fer_exec_demand(x, k);
  }
  return (bool)(x->r[k->root] & 1);
}

/* Did the blocks of constraint c hit an unspecified case (fp.to_ubv of
 * NaN, fp.min of zeros of both signs, ...) in their last run? */
bool fer_exec_cons_unspec(const fer_exec *, uint32_t c);

/* ---- batched evaluation (batch.c) ----
 * One program run on up to FER_LANES inputs at once, instruction by
 * instruction: each instruction is dispatched once and then applied to
 * every input still alive (its "lane"), so the dispatch, which is most of
 * the cost of a program of a few instructions, is paid once per batch, not
 * once per input.  The registers are held register-major (r[reg * lanes +
 * lane]).  Constraints are evaluated in the order given; a block runs once
 * per batch, on the lanes alive when a constraint first needs it (with
 * fail-fast, later constraints only see lanes on which all earlier ones
 * held, a subset, so its values stay valid for them).  No incremental
 * evaluation: every input is a fresh one.  Each lane gets exactly the
 * verdicts of fer_exec_cons / fer_exec_cons_unspec on that input (the same
 * operation code, prog_ops.h; tests/test_engine.c checks it on every
 * operator and on corpus files). */
#define FER_LANES 64

typedef struct fer_batch {
  const fer_prog *p;
  uint32_t lanes, shift;  /* lanes per batch = 1 << shift, <= FER_LANES */
  fer_u128 *r;            /* nregs << shift */
  uint32_t *done;         /* by block: batch number of its last run */
  uint32_t batch;         /* batches run (never 0 after the first) */
  uint8_t unspec[FER_LANES]; /* by lane: an unspecified case was hit */
  uint64_t insns;         /* instructions dispatched (statistics) */
} fer_batch;

int fer_batch_init(ferret *, fer_batch *, const fer_prog *);
void fer_batch_release(ferret *, fer_batch *);
/* Evaluate the n <= b->lanes inputs in[l * nslots ..] (lane l), on the
 * constraints order[0 .. ncons) (NULL: program order).  fail-fast
 * (try_all false): lane l stops at its first false constraint; try-all:
 * every constraint is evaluated for every lane.  Out, by lane: nsat[l] the
 * number of true constraints evaluated, first[l] the position in the order
 * of its first false constraint (ncons if none; may be NULL).  Afterwards
 * b->unspec[l] says whether lane l hit an unspecified case in what it ran
 * (for a lane whose constraints all hold: in any constraint).  Any MXCSR,
 * as fer_exec_cons.  HOT. */
void fer_batch_run(fer_batch *b, const fer_u128 *in, uint32_t n,
                   const uint32_t *order, bool try_all, uint32_t *nsat,
                   uint32_t *first);

/* ---- distances (dist.c) ---- */
/* Log2 bucket of a distance: 0 for 0, else 1 + floor(log2 d) (1..128). */
uint32_t fer_dist_bucket(fer_u128 d);
/* The bucket of atom node dn's distance to true (0 if it holds):
 * fer_dist_bucket of fer_atom_distance, or for operands wider than 128 bits
 * fer_wide_bucket (the same buckets spread over the wider range). */
uint32_t fer_atom_bucket(const fer_dnode *dn, const fer_u128 *r);
/* Distance between the two sides of atom node dn, as an integer (ULPs for
 * FP, absolute difference for BV; NaN counts as far away).  Registers must
 * be valid (constraint evaluated). */
fer_u128 fer_atom_distance(const fer_dnode *dn, const fer_u128 *r);
/* Distance of constraint c to true: 0 if true, else >= 1, on a log scale
 * (1 + log2(1 + d) for the branch distance d of its Boolean skeleton).
 * FP atoms measure d in ULPs, or with `real` as the real difference of the
 * two sides.  c must be evaluated; scratch holds 2 * p->max_dn doubles. */
double fer_cons_distance(const fer_prog *, const fer_u128 *r, uint32_t c,
                         double *scratch, bool real);
/* The same without the log scale, FP atoms measured as real differences:
 * the gap a joint move of the constraint's variables has to close (local.c,
 * projection steps).  0 if c holds. */
double fer_cons_gap(const fer_prog *, const fer_u128 *r, uint32_t c, double *scratch);
/* An FP pattern of format eb/sb as a double: exact up to Float64, rounded
 * to nearest beyond, +-inf when out of range. */
double fer_fp_double(uint32_t eb, uint32_t sb, fer_u128 v);

/* Ordered key of an FP pattern: monotone in the value, -0 == +0 (eq_zero)
 * or -0 just below +0 (!eq_zero); NaN is not ordered (caller checks). */
__extension__ typedef __int128 fer_i128s;
fer_i128s fer_fp_key(uint32_t eb, uint32_t sb, fer_u128 v, bool eq_zero);
/* Inverse of fer_fp_key(.., false) for a key in range. */
fer_u128 fer_fp_from_key(uint32_t eb, uint32_t sb, fer_i128s k);

#endif
