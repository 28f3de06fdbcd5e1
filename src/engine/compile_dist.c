/* Compiler, step 4 (see compile.c): the distance nodes.  Each
 * constraint's Boolean skeleton (not, and, or, =>, xor, ite and = over
 * Bool) in post-order; its leaves are atoms: comparisons with their operand
 * registers (distances are computed from them after evaluation, dist.c),
 * class tests on FP formats over 128 bits with theirs, or any other
 * predicate, judged by its truth value alone. */
#include <string.h>

#include "engine/compile.h"


static bool is_connective(fer_comp *c, fer_term t) {
  ferret *f = c->f;
  switch (fer_term_op(f, t)) {
  case FER_OP_NOT: case FER_OP_AND: case FER_OP_OR: case FER_OP_IMPLIES:
  case FER_OP_XOR:
    return true;
  case FER_OP_EQ:
    return fer_comp_sort(c, fer_term_arg(f, t, 0))->kind == FER_SORT_BOOL;
  case FER_OP_ITE:
    return fer_comp_sort(c, t)->kind == FER_SORT_BOOL;
  default:
    return false;
  }
}

static fer_dnode atom_node(fer_comp *c, fer_term t) {
  ferret *f = c->f;
  fer_dnode d;
  memset(&d, 0, sizeof d);
  d.kind = FER_DN_BOOL;
  d.reg = c->reg[fer_cid(c, t)] - 1;
  uint32_t n = fer_term_nargs(f, t);
  fer_op op = fer_term_op(f, t);
  if (n == 1 && op >= FER_OP_FP_IS_NORMAL && op <= FER_OP_FP_IS_POS) {
    /* a class test on a format over 128 bits: a distance (engine/wide.c);
     * on narrower ones, whose seeds and mutations are FP-typed, none */
    const fer_sort_info *sx = fer_comp_sort(c, fer_term_arg(f, t, 0));
    if (sx->a + sx->b <= 128) return d;
    d.kind = FER_DN_FCLASS, d.a = c->reg[fer_cid(c, fer_term_arg(f, t, 0))] - 1;
    d.b = (uint32_t)op, d.w = sx->a, d.x = sx->b;
    return d;
  }
  if (n != 2) return d;
  fer_term x = fer_term_arg(f, t, 0), y = fer_term_arg(f, t, 1);
  /* operands wider than 128 bits too: their registers are the first of
   * their values', their distance is engine/wide.c's (prog.h) */
  const fer_sort_info *si = fer_comp_sort(c, x);
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
  d.a = c->reg[fer_cid(c, swap ? y : x)] - 1, d.b = c->reg[fer_cid(c, swap ? x : y)] - 1;
  if (si->kind == FER_SORT_FP) d.w = si->a, d.x = si->b;
  else d.w = fer_sort_bits(f, fer_term_sort(f, x));
  return d;
}

int fer_compile_dist(fer_comp *c, const fer_term *a, size_t n,
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
      if (c->stamp[fer_cid(c, t)] == w) {
        c->stack.size--;
        continue;
      }
      bool conn = is_connective(c, t);
      uint32_t m = conn ? fer_term_nargs(f, t) : 0;
      if (conn && open[fer_cid(c, t)] != w) { /* first visit: children first */
        open[fer_cid(c, t)] = w;
        if (!FER_RESERVE(f, c->stack, m)) return 0;
        for (uint32_t j = m; j-- > 0;) {
          fer_term u = fer_term_arg(f, t, j);
          if (c->stamp[fer_cid(c, u)] != w) c->stack.data[c->stack.size++] = u;
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
        d.reg = c->reg[fer_cid(c, t)] - 1;
        d.a = (uint32_t)p->dn_kids.size;
        for (uint32_t j = 0; j < m; j++)
          if (!FER_PUSH(f, p->dn_kids, dn_idx[fer_cid(c, fer_term_arg(f, t, j))])) return 0;
        d.b = (uint32_t)p->dn_kids.size;
      } else {
        d = atom_node(c, t);
        if (atom_of[fer_cid(c, t)] == FER_NONE) atom_of[fer_cid(c, t)] = p->natoms++;
        d.atom = atom_of[fer_cid(c, t)];
      }
      dn_idx[fer_cid(c, t)] = (uint32_t)p->dn.size - cn->dn_begin;
      c->stamp[fer_cid(c, t)] = w;
      if (!FER_PUSH(f, p->dn, d)) return 0;
    }
    cn->dn_end = (uint32_t)p->dn.size;
    if (cn->dn_end - cn->dn_begin > p->max_dn) p->max_dn = cn->dn_end - cn->dn_begin;
  }
  return 1;
}
