/* The interpreter of compiled programs (contract in prog.h).
 *
 * fer_run is THE hot loop of ferret: every candidate assignment runs
 * through it.  Keep it lean: one switch, no allocation, no calls except the
 * semantics functions of fp.h / bv.h (never reimplemented here) and their
 * inline Float32/Float64 fast paths of fp/fast.h, which return the same
 * bits given what is known of the MXCSR, found once per demand() call
 * (see demand for why that is sound).  Define
 * FER_COMPUTED_GOTO to use a jump table (GCC/Clang) instead of the switch;
 * the opcode cases are written once, through the CASE/NEXT macros. */
#include <string.h>

#include "bv.h"
#include "fp/fast.h"
#include "fp/fp.h"
#include "prog.h"

/* ---- the floating-point environment of a search (internal.h) ---- */

#if FER_FP_HW
#define MXCSR_STD 0x1f80u  /* nearest, FTZ and DAZ off, exceptions masked */
#define MXCSR_CTRL 0xffc0u /* the control bits; 0x3f are sticky flags */
/* initial-exec: one %fs-relative load (the default model of position-
 * independent code calls __tls_get_addr, on every evaluation here). */
static _Thread_local unsigned env_depth __attribute__((tls_model("initial-exec")));
static _Thread_local unsigned env_saved __attribute__((tls_model("initial-exec")));
/* The four switches stay out-of-line calls (noinline, also under LTO): the
 * compiler does not model the MXCSR, so nothing but memory ordering keeps an
 * operation on the right side of an ldmxcsr; the evaluator reads its
 * operands from and writes its results to memory (the register file) that
 * an opaque call may access, so no operation can cross such a call. */
__attribute__((noinline)) void fer_env_enter(void) {
  if (env_depth++) return;
  unsigned m = _mm_getcsr();
  env_saved = m;
  if ((m & MXCSR_CTRL) != MXCSR_STD) _mm_setcsr(MXCSR_STD | (m & 0x3f));
}
__attribute__((noinline)) void fer_env_leave(void) {
  if (!env_depth || --env_depth) return;
  unsigned m = _mm_getcsr();
  if ((m & MXCSR_CTRL) != (env_saved & MXCSR_CTRL))
    _mm_setcsr((env_saved & MXCSR_CTRL) | (m & 0x3f));
}
__attribute__((noinline)) void fer_env_host(void) {
  if (!env_depth) return;
  unsigned m = _mm_getcsr();
  if ((m & MXCSR_CTRL) != (env_saved & MXCSR_CTRL))
    _mm_setcsr((env_saved & MXCSR_CTRL) | (m & 0x3f));
}
__attribute__((noinline)) void fer_env_refresh(void) {
  if (!env_depth) return;
  unsigned m = _mm_getcsr();
  if ((m & MXCSR_CTRL) != MXCSR_STD) _mm_setcsr(MXCSR_STD | (m & 0x3f));
}
bool fer_env_std(void) { return env_depth != 0; }
/* What the evaluator knows of the MXCSR now (fp/fast.h's FER_ENV_*). */
static inline int env_now(void) {
  if (env_depth) return FER_ENV_STD;
  return fer_fast_probe() ? FER_ENV_NEAREST : FER_ENV_UNKNOWN;
}
#else
void fer_env_enter(void) {}
void fer_env_leave(void) {}
void fer_env_host(void) {}
void fer_env_refresh(void) {}
bool fer_env_std(void) { return false; }
static inline int env_now(void) { return FER_ENV_UNKNOWN; }
#endif

const char *const fer_opcode_name[FER_I_COUNT] = {
#define FER_OPCODE_NAME(N) #N,
    FER_OPCODES(FER_OPCODE_NAME)
#undef FER_OPCODE_NAME
};

void fer_prog_init(fer_prog *p) { memset(p, 0, sizeof *p); }

void fer_prog_release(ferret *f, fer_prog *p) {
  FER_RELEASE(f, p->slots);
  FER_RELEASE(f, p->init);
  FER_RELEASE(f, p->code);
  FER_RELEASE(f, p->blocks);
  FER_RELEASE(f, p->cons);
  FER_RELEASE(f, p->cblocks);
  FER_RELEASE(f, p->cslots);
  FER_RELEASE(f, p->blk_slot_off);
  FER_RELEASE(f, p->blk_slot);
  FER_RELEASE(f, p->blk_pred_off);
  FER_RELEASE(f, p->blk_pred);
  FER_RELEASE(f, p->slot_cons_off);
  FER_RELEASE(f, p->slot_cons);
  FER_RELEASE(f, p->dn);
  FER_RELEASE(f, p->dn_kids);
  FER_RELEASE(f, p->blk_of_reg);
  FER_RELEASE(f, p->dict_val);
  FER_RELEASE(f, p->dict_bits);
  fer_prog_init(p);
}

/* Straight mode's per-constraint code (prog.h): each constraint's blocks,
 * in id order, copied one after the other. */
static size_t straight_size(const fer_prog *p);
static int straight_init(ferret *f, fer_exec *x, const fer_prog *p) {
  size_t nc = p->cons.size, n = straight_size(p);
  x->nscode = n;
  x->scode = fer_malloc(f, (n ? n : 1) * sizeof *x->scode);
  x->sbeg = fer_malloc(f, (nc + 1) * sizeof *x->sbeg);
  x->cin = fer_calloc(f, (nc ? nc : 1) * sizeof *x->cin);
  x->cunspec = fer_calloc(f, nc ? nc : 1);
  if (!x->scode || !x->sbeg || !x->cin || !x->cunspec) return 0;
  n = 0;
  for (size_t c = 0; c < nc; c++) {
    const fer_cons *k = &p->cons.data[c];
    x->sbeg[c] = (uint32_t)n;
    for (uint32_t j = k->blk_begin; j < k->blk_end; j++) {
      const fer_block *b = &p->blocks.data[p->cblocks.data[j]];
      memcpy(x->scode + n, p->code.data + b->begin,
             (b->end - b->begin) * sizeof *x->scode);
      n += b->end - b->begin;
    }
  }
  x->sbeg[nc] = (uint32_t)n;
  return 1;
}

int fer_exec_init_mode(ferret *f, fer_exec *x, const fer_prog *p,
                       bool straight) {
  memset(x, 0, sizeof *x);
  x->p = p;
  size_t nb = p->blocks.size ? p->blocks.size : 1, ns = p->nslots ? p->nslots : 1;
  x->r = fer_malloc(f, (size_t)(p->nregs ? p->nregs : 1) * sizeof *x->r);
  x->sver = fer_calloc(f, ns * sizeof *x->sver);
  x->bver = fer_calloc(f, nb * sizeof *x->bver);
  x->bchk = fer_calloc(f, nb * sizeof *x->bchk);
  x->unspec = fer_calloc(f, nb);
  size_t nc = p->cons.size ? p->cons.size : 1;
  x->cdirty = fer_malloc(f, nc);
  if (x->cdirty) memset(x->cdirty, 1, nc);
  x->stack = fer_malloc(f, nb * sizeof *x->stack);
  x->pending = fer_calloc(f, (nb + 63) / 64 * sizeof *x->pending);
  x->clock = x->input = 1; /* bchk == 0 and cin == 0 never match */
  x->straight = straight;
  if (!x->r || !x->sver || !x->bver || !x->bchk || !x->unspec || !x->cdirty ||
      !x->stack || !x->pending || (straight && !straight_init(f, x, p))) {
    fer_exec_release(f, x);
    return 0;
  }
  if (p->nregs) memcpy(x->r, p->init.data, (size_t)p->nregs * sizeof *x->r);
  return 1;
}

/* Instructions of straight mode's per-constraint copies: the sum of the
 * constraints' cone sizes. */
static size_t straight_size(const fer_prog *p) {
  size_t n = 0;
  for (size_t c = 0; c < p->cons.size; c++) {
    const fer_cons *k = &p->cons.data[c];
    for (uint32_t j = k->blk_begin; j < k->blk_end; j++) {
      const fer_block *b = &p->blocks.data[p->cblocks.data[j]];
      n += b->end - b->begin;
    }
  }
  return n;
}

int fer_exec_init(ferret *f, fer_exec *x, const fer_prog *p) {
  size_t n = straight_size(p);
  bool straight = n <= FER_STRAIGHT_MAX || 4 * n <= 5 * p->code.size;
  return fer_exec_init_mode(f, x, p, straight);
}

void fer_exec_release(ferret *f, fer_exec *x) {
  const fer_prog *p = x->p;
  if (!p) return;
  size_t nb = p->blocks.size ? p->blocks.size : 1, ns = p->nslots ? p->nslots : 1;
  size_t nc = p->cons.size ? p->cons.size : 1;
  fer_free(f, x->r, (size_t)(p->nregs ? p->nregs : 1) * sizeof *x->r);
  fer_free(f, x->sver, ns * sizeof *x->sver);
  fer_free(f, x->bver, nb * sizeof *x->bver);
  fer_free(f, x->bchk, nb * sizeof *x->bchk);
  fer_free(f, x->unspec, nb);
  fer_free(f, x->cdirty, nc);
  fer_free(f, x->stack, nb * sizeof *x->stack);
  fer_free(f, x->pending, (nb + 63) / 64 * sizeof *x->pending);
  fer_free(f, x->scode, (x->nscode ? x->nscode : 1) * sizeof *x->scode);
  fer_free(f, x->sbeg, (p->cons.size + 1) * sizeof *x->sbeg);
  fer_free(f, x->cin, nc * sizeof *x->cin);
  fer_free(f, x->cunspec, nc);
  memset(x, 0, sizeof *x);
}

static inline fer_fmt fmt_of(const fer_insn *i) {
  fer_fmt m = {i->w, i->x};
  return m;
}

/* Run code[begin, end) on register file r.  Returns whether an
 * instruction hit a case SMT-LIB leaves unspecified.  `env` is what is
 * known of the current MXCSR (FER_ENV_*, fp/fast.h; from env_now).  HOT.
 * Always inlined into fer_run, once with env the constant FER_ENV_STD
 * (the search's case: the Float32/Float64 cases then compile to the bare
 * SSE instruction, with no environment test and no fallback code) and
 * once for the others. */
#ifdef FER_COMPUTED_GOTO /* GCC does not inline a function with &&label */
#define RUN_INLINE
#else
#define RUN_INLINE inline __attribute__((always_inline))
#endif
static RUN_INLINE bool run_code(const fer_insn *code, uint32_t begin,
                                uint32_t end, fer_u128 *r, int env) {
  bool unspec = false;
  const fer_insn *i = code + begin, *stop = code + end;
#define A r[i->a]
#define B r[i->b]
#define C r[i->c]
#define RM ((fer_rm)r[i->a])
#define SET(V) r[i->d] = (V)
#ifdef FER_COMPUTED_GOTO
  static const void *const jump[FER_I_COUNT] = {
#define FER_OPCODE_LABEL(N) &&L_##N,
      FER_OPCODES(FER_OPCODE_LABEL)
#undef FER_OPCODE_LABEL
  };
#define CASE(N) L_##N:
#define NEXT                          \
  if (++i == stop) return unspec;     \
  goto *jump[i->op]
  if (i == stop) return unspec;
  goto *jump[i->op];
  {
#else
#define CASE(N) case FER_I_##N:
#define NEXT break
  for (; i < stop; i++) {
    switch ((fer_opcode)i->op) {
#endif
    CASE(NOT) SET(A ^ 1); NEXT;
    CASE(AND) SET(A & B); NEXT;
    CASE(OR) SET(A | B); NEXT;
    CASE(XOR) SET(A ^ B); NEXT;
    CASE(IMPLIES) SET((A ^ 1) | B); NEXT;
    CASE(ITE) SET(A ? B : C); NEXT;
    CASE(EQ) SET(A == B); NEXT;
    CASE(FSEQ) SET(fer_fast_smt_eq(fmt_of(i), B, C)); NEXT;
    CASE(BVNOT) SET(fer_bv_not(A, i->w)); NEXT;
    CASE(BVNEG) SET(fer_bv_neg(A, i->w)); NEXT;
    CASE(BVAND) SET(A & B); NEXT;
    CASE(BVOR) SET(A | B); NEXT;
    CASE(BVXOR) SET(A ^ B); NEXT;
    CASE(BVNAND) SET(fer_bv_not(A & B, i->w)); NEXT;
    CASE(BVNOR) SET(fer_bv_not(A | B, i->w)); NEXT;
    CASE(BVXNOR) SET(fer_bv_not(A ^ B, i->w)); NEXT;
    CASE(BVCOMP) SET(A == B); NEXT;
    CASE(BVADD) SET(fer_bv_add(A, B, i->w)); NEXT;
    CASE(BVSUB) SET(fer_bv_sub(A, B, i->w)); NEXT;
    CASE(BVMUL) SET(fer_bv_mul(A, B, i->w)); NEXT;
    CASE(BVUDIV) SET(fer_bv_udiv(A, B, i->w)); NEXT;
    CASE(BVUREM) SET(fer_bv_urem(A, B, i->w)); NEXT;
    CASE(BVSDIV) SET(fer_bv_sdiv(A, B, i->w)); NEXT;
    CASE(BVSREM) SET(fer_bv_srem(A, B, i->w)); NEXT;
    CASE(BVSMOD) SET(fer_bv_smod(A, B, i->w)); NEXT;
    CASE(BVSHL) SET(fer_bv_shl(A, B, i->w)); NEXT;
    CASE(BVLSHR) SET(fer_bv_lshr(A, B, i->w)); NEXT;
    CASE(BVASHR) SET(fer_bv_ashr(A, B, i->w)); NEXT;
    CASE(BVULT) SET(fer_bv_ult(A, B, i->w)); NEXT;
    CASE(BVULE) SET(!fer_bv_ult(B, A, i->w)); NEXT;
    CASE(BVSLT) SET(fer_bv_slt(A, B, i->w)); NEXT;
    CASE(BVSLE) SET(!fer_bv_slt(B, A, i->w)); NEXT;
    CASE(BVNEGO) SET(fer_bv_nego(A, i->w)); NEXT;
    CASE(BVUADDO) SET(fer_bv_uaddo(A, B, i->w)); NEXT;
    CASE(BVSADDO) SET(fer_bv_saddo(A, B, i->w)); NEXT;
    CASE(BVUMULO) SET(fer_bv_umulo(A, B, i->w)); NEXT;
    CASE(BVSMULO) SET(fer_bv_smulo(A, B, i->w)); NEXT;
    CASE(BVUSUBO) SET(fer_bv_usubo(A, B, i->w)); NEXT;
    CASE(BVSSUBO) SET(fer_bv_ssubo(A, B, i->w)); NEXT;
    CASE(BVSDIVO) SET(fer_bv_sdivo(A, B, i->w)); NEXT;
    CASE(BVREDAND) SET(A == fer_bv_mask(i->w)); NEXT;
    CASE(BVREDOR) SET(A != 0); NEXT;
    CASE(CONCAT) SET(fer_bv_concat(A, B, i->w)); NEXT;
    CASE(EXTRACT) SET(fer_bv_extract(A, i->w, i->x)); NEXT;
    CASE(REPEAT) SET(fer_bv_repeat(A, i->x, i->w)); NEXT;
    CASE(SEXT) SET(fer_bv_sign_extend(A, i->x, i->w)); NEXT;
    CASE(ROTL) SET(fer_bv_rotl(A, i->x, i->w)); NEXT;
    CASE(ROTR) SET(fer_bv_rotr(A, i->x, i->w)); NEXT;
    CASE(FPMAKE) SET(fer_fp_make(fmt_of(i), (unsigned)A, B, C)); NEXT;
    CASE(FABS) SET(fer_fast_abs(fmt_of(i), B)); NEXT;
    CASE(FNEG) SET(fer_fast_neg(fmt_of(i), B)); NEXT;
    CASE(FADD) SET(fer_fast_add(fmt_of(i), RM, B, C, env)); NEXT;
    CASE(FSUB) SET(fer_fast_sub(fmt_of(i), RM, B, C, env)); NEXT;
    CASE(FMUL) SET(fer_fast_mul(fmt_of(i), RM, B, C, env)); NEXT;
    CASE(FDIV) SET(fer_fast_div(fmt_of(i), RM, B, C, env)); NEXT;
    CASE(FFMA) SET(fer_fast_fma(fmt_of(i), RM, B, C, r[i->e], env)); NEXT;
    CASE(FSQRT) SET(fer_fast_sqrt(fmt_of(i), RM, B, env)); NEXT;
    CASE(FREM) SET(fer_fp_rem(fmt_of(i), B, C)); NEXT;
    CASE(FRTI) SET(fer_fp_rti(fmt_of(i), RM, B)); NEXT;
    CASE(FMIN) {
      fer_fmt m = fmt_of(i);
      if (fer_fast_is_zero(m, B) && fer_fast_is_zero(m, C) && B != C) unspec = true;
      SET(fer_fast_min(m, B, C));
    }
    NEXT;
    CASE(FMAX) {
      fer_fmt m = fmt_of(i);
      if (fer_fast_is_zero(m, B) && fer_fast_is_zero(m, C) && B != C) unspec = true;
      SET(fer_fast_max(m, B, C));
    }
    NEXT;
    CASE(FLEQ) SET(fer_fast_leq(fmt_of(i), B, C)); NEXT;
    CASE(FLT) SET(fer_fast_lt(fmt_of(i), B, C)); NEXT;
    CASE(FEQ) SET(fer_fast_eq(fmt_of(i), B, C)); NEXT;
    CASE(ISNORMAL) SET(fer_fast_is_normal(fmt_of(i), B)); NEXT;
    CASE(ISSUBNORMAL) SET(fer_fast_is_subnormal(fmt_of(i), B)); NEXT;
    CASE(ISZERO) SET(fer_fast_is_zero(fmt_of(i), B)); NEXT;
    CASE(ISINF) SET(fer_fast_is_inf(fmt_of(i), B)); NEXT;
    CASE(ISNAN) SET(fer_fast_is_nan(fmt_of(i), B)); NEXT;
    CASE(ISNEG) SET(fer_fast_is_negative(fmt_of(i), B)); NEXT;
    CASE(ISPOS) SET(fer_fast_is_positive(fmt_of(i), B)); NEXT;
    /* Conversions: w/x = target format; e = source eb, c = source sb or
     * source width (the registers a/b are rm/operand). */
    CASE(FCVT) {
      fer_fmt from = {i->e, i->c};
      SET(fer_fast_convert(fmt_of(i), RM, from, B, env));
    }
    NEXT;
    CASE(FROMSBV) SET(fer_fast_from_sbv(fmt_of(i), RM, B, i->c, env)); NEXT;
    CASE(FROMUBV) SET(fer_fast_from_ubv(fmt_of(i), RM, B, i->c, env)); NEXT;
    CASE(FROMREAL) SET(r[i->b + (uint32_t)A]); NEXT;
    CASE(TOUBV) {
      bool defined = true;
      fer_fmt from = {i->e, i->c};
      SET(fer_fp_to_ubv(from, RM, B, i->w, &defined));
      unspec |= !defined;
    }
    NEXT;
    CASE(TOSBV) {
      bool defined = true;
      fer_fmt from = {i->e, i->c};
      SET(fer_fp_to_sbv(from, RM, B, i->w, &defined));
      unspec |= !defined;
    }
    NEXT;
    /* Float64 / Float32 under constant RNE (compile.c's specialise) */
    CASE(FADD64) SET(fer_fast_add64(B, C, env)); NEXT;
    CASE(FSUB64) SET(fer_fast_sub64(B, C, env)); NEXT;
    CASE(FMUL64) SET(fer_fast_mul64(B, C, env)); NEXT;
    CASE(FDIV64) SET(fer_fast_div64(B, C, env)); NEXT;
    CASE(FLEQ64) SET(fer_fast_leq64(B, C, env)); NEXT;
    CASE(FLT64) SET(fer_fast_lt64(B, C, env)); NEXT;
    CASE(FEQ64) SET(fer_fast_eq64(B, C, env)); NEXT;
    CASE(FADD32) SET(fer_fast_add32(B, C, env)); NEXT;
    CASE(FSUB32) SET(fer_fast_sub32(B, C, env)); NEXT;
    CASE(FMUL32) SET(fer_fast_mul32(B, C, env)); NEXT;
    CASE(FDIV32) SET(fer_fast_div32(B, C, env)); NEXT;
    CASE(FLEQ32) SET(fer_fast_leq32(B, C, env)); NEXT;
    CASE(FLT32) SET(fer_fast_lt32(B, C, env)); NEXT;
    CASE(FEQ32) SET(fer_fast_eq32(B, C, env)); NEXT;
    CASE(TOIEEE) {
      fer_fmt m = fmt_of(i);
      if (fer_fp_is_nan(m, B)) unspec = true;
      SET(fer_fp_canon(m, B));
    }
    NEXT;
#ifdef FER_COMPUTED_GOTO
  }
#else
    default:
      break;
    }
  }
#endif
  return unspec;
#undef A
#undef B
#undef C
#undef RM
#undef SET
#undef CASE
#undef NEXT
}

/* Inlined into both callers (demand, fer_exec_straight): a one- or
 * two-instruction constraint then costs no call besides
 * fer_exec_straight's. */
static RUN_INLINE bool fer_run(const fer_insn *code, uint32_t begin,
                               uint32_t end, fer_u128 *r, int env) {
  if (env == FER_ENV_STD) return run_code(code, begin, end, r, FER_ENV_STD);
  return run_code(code, begin, end, r, env);
}

/* Must block b run again?  Its inputs are slots and earlier blocks (which
 * the caller has brought up to date first).  HOT. */
static inline bool stale(const fer_exec *x, const fer_prog *p, uint32_t b) {
  uint64_t v = x->bver[b];
  if (!v) return true;
  const uint32_t *q = p->blk_slot.data + p->blk_slot_off.data[b];
  const uint32_t *e = p->blk_slot.data + p->blk_slot_off.data[b + 1];
  for (; q < e; q++)
    if (x->sver[*q] > v) return true;
  q = p->blk_pred.data + p->blk_pred_off.data[b];
  e = p->blk_pred.data + p->blk_pred_off.data[b + 1];
  for (; q < e; q++)
    if (x->bver[*q] > v) return true;
  return false;
}

/* Bring block `root` and every block it depends on up to date.  HOT.
 * What is known of the MXCSR (env_now: FER_ENV_STD inside a search, else
 * the rounding-direction probe of fp/fast.h) is taken once here, before
 * the first block runs, and holds for every block of this call: from it to
 * the return, only fer_run runs, which calls nothing but pure fp.h / bv.h
 * functions (none writes the MXCSR) and no host code (no callback, no
 * allocation, no output), and the MXCSR is per thread and survives signal
 * handlers (fp/fast.h).  Between two calls the host may run code (the
 * engine's allocator and output callbacks): a probe is not kept across
 * calls, and inside a search the callbacks' wrappers restore the standard
 * MXCSR (fer_env_refresh). */
static void demand(fer_exec *x, const fer_prog *p, uint32_t root) {
  uint64_t in = x->input;
  int env = -1; /* known at the first stale block */
  uint32_t sp = 0, lo = root; /* ancestors have smaller ids */
  x->bchk[root] = in;
  x->stack[sp++] = root;
  x->pending[root >> 6] |= (uint64_t)1 << (root & 63);
  while (sp) { /* collect the ancestors not yet checked for this input */
    uint32_t b = x->stack[--sp];
    const uint32_t *q = p->blk_pred.data + p->blk_pred_off.data[b];
    const uint32_t *e = p->blk_pred.data + p->blk_pred_off.data[b + 1];
    for (; q < e; q++) {
      uint32_t a = *q;
      if (x->bchk[a] == in) continue;
      x->bchk[a] = in;
      x->stack[sp++] = a;
      x->pending[a >> 6] |= (uint64_t)1 << (a & 63);
      if (a < lo) lo = a;
    }
  }
  /* ids are a topological order: check and run in increasing id */
  for (uint32_t w = lo >> 6; w <= root >> 6; w++) {
    uint64_t bits = x->pending[w];
    x->pending[w] = 0;
    while (bits) {
      uint32_t b = (w << 6) | (uint32_t)__builtin_ctzll(bits);
      bits &= bits - 1;
      if (!stale(x, p, b)) continue;
      const fer_block *blk = &p->blocks.data[b];
      if (env < 0) env = env_now();
      x->unspec[b] = fer_run(p->code.data, blk->begin, blk->end, x->r, env);
      x->insns += blk->end - blk->begin;
      x->bver[b] = ++x->clock;
    }
  }
}

/* Straight mode (prog.h): run constraint c's own code for the current
 * input (env_now() holds for the whole call, as in demand).  HOT. */
void fer_exec_straight(fer_exec *x, uint32_t c) {
  uint32_t b = x->sbeg[c], e = x->sbeg[c + 1];
  x->cin[c] = x->input;
  x->cunspec[c] = fer_run(x->scode, b, e, x->r, env_now());
  x->insns += e - b;
}

void fer_exec_demand(fer_exec *x, const fer_cons *k) {
  demand(x, x->p, k->root_blk);
}

bool fer_exec_cons_unspec(const fer_exec *x, uint32_t c) {
  if (x->straight) return x->cunspec[c];
  const fer_prog *p = x->p;
  const fer_cons *k = &p->cons.data[c];
  for (uint32_t j = k->blk_begin; j < k->blk_end; j++)
    if (x->unspec[p->cblocks.data[j]]) return true;
  return false;
}

void fer_prog_dump(ferret *f, const fer_prog *p) {
  fer_diag(f, "program: %u slots, %u registers, %zu instructions, %zu blocks, "
              "%zu constraints\n",
           p->nslots, p->nregs, p->code.size, p->blocks.size, p->cons.size);
  for (size_t b = 0; b < p->blocks.size; b++) {
    fer_diag(f, " block %zu:\n", b);
    for (uint32_t j = p->blocks.data[b].begin; j < p->blocks.data[b].end; j++) {
      const fer_insn *i = &p->code.data[j];
      fer_diag(f, "  r%u = %s r%u r%u r%u r%u [%u %u]\n", i->d,
               fer_opcode_name[i->op], i->a, i->b, i->c, i->e, i->w, i->x);
    }
  }
  for (size_t c = 0; c < p->cons.size; c++)
    fer_diag(f, " constraint %zu: r%u, %u blocks, cost %u\n", c,
             p->cons.data[c].root,
             p->cons.data[c].blk_end - p->cons.data[c].blk_begin,
             p->cons.data[c].cost);
}
