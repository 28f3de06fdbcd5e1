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

#include "bv/bv.h"
#include "fp/fast.h"
#include "fp/env.h"
#include "fp/fp.h"
#include "engine/prog.h"

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
  FER_RELEASE(f, p->node_reg);
  FER_RELEASE(f, p->node_bits);
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
  x->scode = fer_malloc(f, fer_array_bytes(n, sizeof *x->scode));
  x->sbeg = fer_malloc(f, (nc + 1) * sizeof *x->sbeg);
  x->cin = fer_calloc(f, fer_array_bytes(nc, sizeof *x->cin));
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
  x->r = fer_malloc(f, fer_array_bytes(p->nregs, sizeof *x->r));
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
  fer_free(f, x->r, fer_array_bytes(p->nregs, sizeof *x->r));
  fer_free(f, x->sver, ns * sizeof *x->sver);
  fer_free(f, x->bver, nb * sizeof *x->bver);
  fer_free(f, x->bchk, nb * sizeof *x->bchk);
  fer_free(f, x->unspec, nb);
  fer_free(f, x->cdirty, nc);
  fer_free(f, x->stack, nb * sizeof *x->stack);
  fer_free(f, x->pending, (nb + 63) / 64 * sizeof *x->pending);
  fer_free(f, x->scode, fer_array_bytes(x->nscode, sizeof *x->scode));
  fer_free(f, x->sbeg, (p->cons.size + 1) * sizeof *x->sbeg);
  fer_free(f, x->cin, nc * sizeof *x->cin);
  fer_free(f, x->cunspec, nc);
  memset(x, 0, sizeof *x);
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
#define REG(n) r[n]
#define UNSPEC(X) unspec |= (X)
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
#include "engine/prog_ops.h"
#ifdef FER_COMPUTED_GOTO
  }
#else
    default:
      break;
    }
  }
#endif
  return unspec;
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
      if (env < 0) env = fer_env_now_inline();
      x->unspec[b] = fer_run(p->code.data, blk->begin, blk->end, x->r, env);
      x->insns += blk->end - blk->begin;
      x->bver[b] = ++x->clock;
    }
  }
}

/* Straight mode (prog.h): run constraint c's own code for the current
 * input (fer_env_now_inline() holds for the whole call, as in demand).  HOT. */
void fer_exec_straight(fer_exec *x, uint32_t c) {
  uint32_t b = x->sbeg[c], e = x->sbeg[c + 1];
  x->cin[c] = x->input;
  x->cunspec[c] = fer_run(x->scode, b, e, x->r, fer_env_now_inline());
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
