/* Internals shared by the compiler's files (contract in prog.h):
 *   compile.c         emission (one register per term) and the driver;
 *   compile_blocks.c  blocks, their order and the dependency indexes;
 *   compile_dist.c    the distance nodes (Boolean skeletons).
 * The by-term arrays are indexed by a term's local id (fer_cid): the terms
 * reachable from the assertions are numbered 1..n first, so the compiler's
 * memory follows the component, never the size of the store (which does
 * not grow while compiling). */
#ifndef FER_COMPILE_H
#define FER_COMPILE_H

#include "base/map.h"
#include "engine/pre.h"
#include "engine/prog.h"

#define FER_NONE UINT32_MAX
#define FER_REAL_REG (FER_NONE - 1) /* a Real literal: it has no register */

typedef struct fer_comp {
  ferret *f;
  fer_prog *p;
  uint32_t nterms;     /* size of the by-term arrays: local ids + 1 */
  fer_map ids;         /* term -> local id (1..nterms-1) */
  bool bad_id;         /* a term outside the component was looked up */
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
} fer_comp;

/* The local id of term t, the index of the by-term arrays.  A term that
 * is not reachable from the assertions would be a compiler bug: it gets
 * the scratch entry 0 and fer_compile fails ("internal"). */
static inline uint32_t fer_cid(fer_comp *c, fer_term t) {
  uint32_t id = fer_map_get(&c->ids, t);
  if (!id) c->bad_id = true;
  return id;
}

static inline const fer_sort_info *fer_comp_sort(fer_comp *c, fer_term t) {
  return fer_sort_get(c->f, fer_term_sort(c->f, t));
}

/* compile_blocks.c: group, order and index; tblk gets each term's block. */
int fer_compile_blocks(fer_comp *, const fer_term *a, size_t n, uint32_t *tblk);
/* compile_dist.c: the distance nodes of every constraint. */
int fer_compile_dist(fer_comp *, const fer_term *a, size_t n, uint32_t *dn_idx,
                     uint32_t *open, uint32_t *atom_of);

#endif
