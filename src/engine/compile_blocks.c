/* Compiler, steps 2 and 3 (see compile.c): blocks and dependencies.
 *
 * A block is the instructions of the terms used by exactly the same set of
 * constraints (found by a 64-bit hash of the set plus its size).  Blocks
 * are ordered by decreasing user-set size, which is topological: a block
 * feeding another is used by a strict superset of its constraints.  The
 * order is checked and, should a hash collision ever break it, replaced by
 * one block in emission order (always correct, only less incremental). */
#include <stdlib.h>
#include <string.h>

#include "engine/compile.h"

/* Which fields of an instruction are registers (dependency analysis). */
uint32_t fer_insn_operands(const fer_insn *i, uint32_t out[4]) {
  switch (fer_opcode_general((fer_opcode)i->op)) {
  case FER_I_WIDE: return fer_wide_operands(i, out);
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
      uint32_t *st_ = &(c)->stamp[fer_cid((c), t)];                          \
      if (*st_ == w_) continue;                                              \
      *st_ = w_;                                                             \
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

static int user_sets(fer_comp *c, const fer_term *a, size_t n) {
  int ok = 1;
  for (size_t k = 0; ok && k < n; k++) {
    uint64_t id = (uint64_t)k + 1;
    WALK(c, a[k], ok, {
      if (c->ie[fer_cid(c, t)] > c->ib[fer_cid(c, t)]) {
        c->hash[fer_cid(c, t)] = (c->hash[fer_cid(c, t)] ^ (id * 0x9e3779b97f4a7c15ull)) * 0x100000001b3ull;
        c->count[fer_cid(c, t)]++;
      }
    });
  }
  return ok;
}

/* Lay out the code block by block; *tblk gets each term's block.  If the
 * order is not topological (a hash collision), fall back to one block. */
static int layout(fer_comp *c, uint32_t *tblk) {
  ferret *f = c->f;
  fer_prog *p = c->p;
  size_t nt = c->order.size;
  bkey *keys = FER_ALLOC_ARRAY(f, bkey, nt);
  uint32_t *pos = FER_ALLOC_ARRAY(f, uint32_t, p->nregs);
  int ok = keys && pos;
  if (ok) {
    for (size_t i = 0; i < nt; i++) {
      fer_term t = c->order.data[i];
      keys[i].hash = c->hash[fer_cid(c, t)], keys[i].count = c->count[fer_cid(c, t)];
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
    for (uint32_t j = c->ib[fer_cid(c, t)]; ok && j < c->ie[fer_cid(c, t)]; j++)
      p->code.data[p->code.size++] = c->code.data[j];
    if (ok) {
      FER_TOP(p->blocks).end = (uint32_t)p->code.size;
      tblk[fer_cid(c, t)] = (uint32_t)p->blocks.size - 1;
    }
  }
  /* Check: every operand is produced earlier (or is a slot/constant). */
  bool topo = true;
  if (ok) {
    for (uint32_t r = 0; r < p->nregs; r++) pos[r] = FER_NONE;
    for (uint32_t j = 0; j < p->code.size; j++) pos[p->code.data[j].d] = j;
    for (uint32_t j = 0; topo && j < p->code.size; j++) {
      uint32_t ops[4], k = fer_insn_operands(&p->code.data[j], ops);
      for (uint32_t q = 0; q < k; q++)
        if (pos[ops[q]] != FER_NONE && pos[ops[q]] >= j) topo = false;
    }
  }
  if (ok && !topo) { /* one block in emission order: always correct */
    memcpy(p->code.data, c->code.data, c->code.size * sizeof *c->code.data);
    p->blocks.size = 1;
    p->blocks.data[0].begin = 0, p->blocks.data[0].end = (uint32_t)p->code.size;
    for (size_t i = 0; i < nt; i++) tblk[fer_cid(c, c->order.data[i])] = 0;
  }
  FER_FREE_ARRAY(f, keys, nt);
  FER_FREE_ARRAY(f, pos, p->nregs);
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

static int dependencies(fer_comp *c, const fer_term *a, size_t n,
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
    for (uint32_t r = 0; r < p->nregs; r++) p->blk_of_reg.data[r] = FER_NONE;
    p->blk_of_reg.size = p->nregs;
    for (uint32_t b = 0; b < nb; b++)
      for (uint32_t j = p->blocks.data[b].begin; j < p->blocks.data[b].end; j++)
        p->blk_of_reg.data[p->code.data[j].d] = b;
  }
  /* Direct edges: slot -> block (sk/sv), block -> block (ek/ev). */
  for (uint32_t b = 0; ok && b < nb; b++) {
    for (uint32_t j = p->blocks.data[b].begin; ok && j < p->blocks.data[b].end; j++) {
      uint32_t ops[4], k = fer_insn_operands(&p->code.data[j], ops);
      for (uint32_t q = 0; ok && q < k; q++) {
        uint32_t r = ops[q];
        if (r < ns) {
          if (sstamp[r] == b + 1) continue;
          sstamp[r] = b + 1;
          ok = FER_PUSH(f, bs, b) && FER_PUSH(f, rk, r);
        } else {
          uint32_t src = p->blk_of_reg.data[r];
          if (src == FER_NONE || src == b || bstamp[src] == b + 1) continue;
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
      if (c->ie[fer_cid(c, t)] > c->ib[fer_cid(c, t)] && bstamp[tblk[fer_cid(c, t)]] != mark) {
        bstamp[tblk[fer_cid(c, t)]] = mark;
        if (!FER_PUSH(f, p->cblocks, tblk[fer_cid(c, t)])) ok = 0;
      }
    });
    if (!ok) break;
    cn->blk_end = (uint32_t)p->cblocks.size;
    if (cn->blk_end > cn->blk_begin) /* qsort(NULL, 0) is undefined */
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
    cn->root_blk = cn->root < p->nregs ? p->blk_of_reg.data[cn->root] : FER_NONE;
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

int fer_compile_blocks(fer_comp *c, const fer_term *a, size_t n, uint32_t *tblk) {
  return user_sets(c, a, n) && layout(c, tblk) && dependencies(c, a, n, tblk);
}
