/* Batched evaluation: one program on up to FER_LANES inputs at once
 * (contract in prog.h).
 *
 * The scalar interpreter (prog.c) pays, per input and per instruction, a
 * dispatch (an indirect jump that depends on the program, not the data)
 * and, per input and per constraint, the bookkeeping of the incremental or
 * straight mode.  For the many formulas of one to three instructions (most
 * KLEE queries) that is nearly all the cost: bench/limit.py measured them
 * at ~0.11 of the natively compiled program.  Here an instruction is
 * dispatched once per batch and its case loops over the lanes, with the
 * operation code of prog_ops.h, so the semantics are the scalar ones by
 * construction. */
#include <string.h>

#include "bv/bv.h"
#include "fp/env.h"
#include "fp/fast.h"
#include "fp/fp.h"
#include "engine/prog.h"

/* Register file size aimed at (lanes are halved, down to 8, until it
 * fits): a few instructions' columns then stay in the first-level cache. */
#define BATCH_BYTES ((size_t)64 << 10)

int fer_batch_init(ferret *f, fer_batch *b, const fer_prog *p) {
  memset(b, 0, sizeof *b);
  b->p = p;
  size_t nr = p->nregs ? p->nregs : 1;
  uint32_t sh = 6; /* FER_LANES == 1 << 6 */
  while (sh > 3 && (nr << sh) * sizeof(fer_u128) > BATCH_BYTES) sh--;
  b->shift = sh;
  b->lanes = 1u << sh;
  size_t nb = p->blocks.size ? p->blocks.size : 1;
  b->r = fer_malloc(f, (nr << sh) * sizeof *b->r);
  b->done = fer_calloc(f, nb * sizeof *b->done);
  if (!b->r || !b->done) {
    fer_batch_release(f, b);
    return 0;
  }
  /* Constants (and the unused initial values of the other registers) in
   * every lane; instructions never write them. */
  for (size_t g = 0; g < p->nregs; g++)
    for (uint32_t l = 0; l < b->lanes; l++) b->r[(g << sh) + l] = p->init.data[g];
  return 1;
}

void fer_batch_release(ferret *f, fer_batch *b) {
  const fer_prog *p = b->p;
  if (!p) return;
  size_t nr = p->nregs ? p->nregs : 1;
  size_t nb = p->blocks.size ? p->blocks.size : 1;
  fer_free(f, b->r, (nr << b->shift) * sizeof *b->r);
  fer_free(f, b->done, nb * sizeof *b->done);
  memset(b, 0, sizeof *b);
}

/* Run code[i, stop) on the lanes act[0 .. na) of r, or on lanes 0 .. na
 * if act is NULL.  `env` as in prog.c's run_code (always inlined by
 * run_block, with env and act constant where it can).  HOT. */
static inline __attribute__((always_inline)) void
run_lanes(const fer_insn *i, const fer_insn *stop, fer_u128 *r, uint32_t sh,
          const uint8_t *act, uint32_t na, uint8_t *us, int env) {
#define REG(n) r[((size_t)(n) << sh) + l]
#define UNSPEC(X) us[l] |= (uint8_t)(X)
#define CASE(N)                            \
  case FER_I_##N:                          \
    for (uint32_t j = 0; j < na; j++) {    \
      uint32_t l = act ? act[j] : j;
#define NEXT \
  }          \
  break
  for (; i < stop; i++) {
    switch ((fer_opcode)i->op) {
#include "engine/prog_ops.h"
    default:
      break;
    }
  }
}

/* One block on the live lanes.  The search's environment (FER_ENV_STD)
 * gets its own copies, as fer_run's: one for a lane list and one for all
 * lanes alive (dense: no list to read; the common case of the first
 * constraint). */
static void run_block(const fer_insn *i, const fer_insn *stop, fer_u128 *r,
                      uint32_t sh, const uint8_t *act, uint32_t na,
                      bool dense, uint8_t *us, int env) {
  if (env == FER_ENV_STD) {
    if (dense)
      run_lanes(i, stop, r, sh, NULL, na, us, FER_ENV_STD);
    else
      run_lanes(i, stop, r, sh, act, na, us, FER_ENV_STD);
  } else {
    run_lanes(i, stop, r, sh, act, na, us, env);
  }
}

void fer_batch_run(fer_batch *b, const fer_u128 *in, uint32_t n,
                   const uint32_t *order, bool try_all, uint32_t *nsat,
                   uint32_t *first) {
  const fer_prog *p = b->p;
  uint32_t sh = b->shift, ns = p->nslots, nc = (uint32_t)p->cons.size;
  fer_u128 *r = b->r;
  uint8_t act[FER_LANES];
  uint32_t na = n;
  for (uint32_t l = 0; l < n; l++) act[l] = (uint8_t)l;
  memset(nsat, 0, n * sizeof *nsat);
  memset(b->unspec, 0, n);
  if (first)
    for (uint32_t l = 0; l < n; l++) first[l] = nc;
  for (uint32_t s = 0; s < ns; s++) {
    fer_u128 *col = r + ((size_t)s << sh);
    for (uint32_t l = 0; l < n; l++) col[l] = in[(size_t)l * ns + s];
  }
  if (!++b->batch) { /* wrapped: forget every old stamp */
    memset(b->done, 0, fer_array_bytes(p->blocks.size, sizeof *b->done));
    b->batch = 1;
  }
  /* Known once for the call: nothing below runs host code (prog.c's
   * demand says why that makes it hold throughout). */
  int env = fer_env_now();
  for (uint32_t k = 0; k < nc && na; k++) {
    const fer_cons *cn = &p->cons.data[order ? order[k] : k];
    for (uint32_t j = cn->blk_begin; j < cn->blk_end; j++) {
      uint32_t bl = p->cblocks.data[j];
      if (b->done[bl] == b->batch) continue;
      b->done[bl] = b->batch;
      const fer_block *blk = &p->blocks.data[bl];
      run_block(p->code.data + blk->begin, p->code.data + blk->end, r, sh,
                act, na, na == n, b->unspec, env);
      b->insns += (uint64_t)(blk->end - blk->begin) * na;
    }
    /* Without branches on the verdicts (they vary from lane to lane). */
    const fer_u128 *root = r + ((size_t)cn->root << sh);
    uint32_t keep = 0, stay = try_all;
    if (first)
      for (uint32_t j = 0; j < na; j++) {
        uint32_t l = act[j];
        first[l] = (root[l] & 1) || first[l] != nc ? first[l] : k;
      }
    if (k + 1 == nc) { /* the last: no lane list to keep */
      for (uint32_t j = 0; j < na; j++) nsat[act[j]] += (uint32_t)root[act[j]] & 1;
      break;
    }
    for (uint32_t j = 0; j < na; j++) {
      uint32_t l = act[j], v = (uint32_t)root[l] & 1;
      nsat[l] += v;
      act[keep] = (uint8_t)l;
      keep += v | stay;
    }
    na = keep;
  }
}
