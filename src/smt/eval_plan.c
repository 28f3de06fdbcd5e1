/* Plans of the reference evaluator (contract in eval.h): for a caller that
 * checks many models of one formula, the DAG laid out once in post-order
 * (the eliminated variables' definitions, then the assertions) and
 * evaluated into an array of values, with the memo walk's per-operation
 * code and taints (eval_internal.h). */
#include <string.h>

#include "fp/fp.h"
#include "smt/eval_internal.h"

typedef struct plan_node {
  node_info d;
  uint32_t arg; /* arguments: positions args[arg .. arg + d.n) */
  uint32_t var; /* FER_OP_VAR: its index in vars */
} plan_node;

/* Stage k < nelim computes elim_def[k] in nodes [stage[k], stage[k + 1])
 * and gives its value, root[k], to vars[elim[k]]; the last stage computes
 * the assertions, root[nelim ..]. */
typedef struct plan_fp {
  uint32_t var; /* an FP variable's index, and its format */
  fer_fmt m;
} plan_fp;

struct fer_eval_plan {
  FER_STACK(plan_node) nodes;
  FER_STACK(uint32_t) args, stage, elim, root;
  FER_STACK(plan_fp) fp;     /* the FP variables */
  fer_fmt *elim_fmt;         /* per eliminated variable: FP format or 0 */
  size_t nval;       /* entries of val and taint */
  fer_u128 *val;     /* per node */
  uint8_t *taint;
  /* A check recomputes only the nodes with an argument whose value or
   * taint changed, the rest keep the last check's results (every operation
   * is a function of its arguments' values and taints alone); `warm` says
   * there are such results.  dirty: a bit per node, set for the nodes to
   * recompute; a recomputed node that changed sets its users' bits.  Each
   * stage's nodes read only nodes of the same stage (its own memo), laid
   * out after them, so one pass in order over a stage's set bits
   * recomputes each node once, after its arguments. */
  uint64_t *dirty;   /* (nval + 63) / 64 words */
  FER_STACK(uint32_t) user_at, users; /* node i's users: users[user_at[i] ..
                                         user_at[i + 1]) */
  FER_STACK(uint32_t) var_at, var_node; /* stage k's variable nodes:
                                           var_node[var_at[k] .. var_at[k + 1]) */
  bool warm;
  fer_u128 *scratch; /* distinct's values */
  uint32_t nscratch;
};

void fer_eval_plan_free(ferret *f, fer_eval_plan *p) {
  if (!p) return;
  fer_free(f, p->val, p->nval * sizeof *p->val);
  fer_free(f, p->taint, p->nval);
  fer_free(f, p->dirty, (p->nval + 63) / 64 * sizeof *p->dirty);
  FER_RELEASE(f, p->user_at);
  FER_RELEASE(f, p->users);
  FER_RELEASE(f, p->var_at);
  FER_RELEASE(f, p->var_node);
  fer_free(f, p->scratch, p->nscratch * sizeof *p->scratch);
  FER_RELEASE(f, p->nodes);
  FER_RELEASE(f, p->args);
  FER_RELEASE(f, p->stage);
  FER_RELEASE(f, p->elim);
  FER_RELEASE(f, p->root);
  FER_RELEASE(f, p->fp);
  fer_free(f, p->elim_fmt, fer_array_bytes(p->elim.size, sizeof *p->elim_fmt));
  fer_free(f, p, sizeof *p);
}

/* Can a plan take node d?  Sets the error if not. */
static int plannable(evaluator *e, const node_info *d) {
  ferret *f = e->f;
  fer_op op = d->op;
  const fer_sort_info *s = sort_of(e, d->t);
  if (!fer_ev_check_sort(e, d->t)) return 0;
  if (s->kind != FER_SORT_BOOL && s->kind != FER_SORT_BV &&
      s->kind != FER_SORT_FP && s->kind != FER_SORT_RM &&
      !(op == FER_OP_REAL && s->kind == FER_SORT_REAL)) {
    fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0, "plan: a term of this sort");
    return 0;
  }
  switch (op) {
  case FER_OP_TRUE: case FER_OP_FALSE: case FER_OP_CONST: case FER_OP_VAR:
  case FER_OP_REAL: case FER_OP_ITE: case FER_OP_AND: case FER_OP_OR:
  case FER_OP_IMPLIES: case FER_OP_DISTINCT:
    return 1;
  default: break;
  }
  if (fer_op_table[op].kind == FER_KIND_LEAF) {
    fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0, "plan: a parameter");
    return 0;
  }
  /* A dry run on zeros fails exactly where compute cannot go: that
   * depends on the operator and the term alone. */
  args a;
  memset(&a, 0, sizeof a);
  fer_u128 out;
  int taint;
  return fer_ev_compute(e, d, &a, &out, &taint);
}

/* Lay out the DAG of `root` as the next nodes, in post-order, each shared
 * node once within the stage (e's memo maps a term to its position; vi's
 * maps a variable to its index).  Its position in *pos. */
static int plan_dag(evaluator *e, fer_eval_plan *p, fer_term root,
                    const evaluator *vi, uint32_t *pos) {
  ferret *f = e->f;
  if (!fer_ev_push(e, root, 0)) return 0;
  while (e->stack.size) {
    frame fr = FER_POP(e->stack);
    fer_term t = fr.t;
    if (fer_ev_memo_find(e, t)) continue;
    uint32_t n = fer_term_nargs(f, t);
    const fer_term *arg = fer_term_args(f, t);
    if (!fr.state) { /* the arguments first */
      if (!fer_ev_push(e, t, 1)) return 0;
      for (uint32_t i = n; i-- > 0;)
        if (!fer_ev_memo_find(e, arg[i]) && !fer_ev_push(e, arg[i], 0)) return 0;
      continue;
    }
    plan_node nd = {.arg = (uint32_t)p->args.size};
    fer_ev_info_of(e, t, &nd.d);
    if (!plannable(e, &nd.d)) return 0;
    fer_op op = nd.d.op;
    if (op == FER_OP_VAR) {
      const memo_entry *m = fer_ev_memo_find(vi, t);
      if (!m) {
        fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0, "plan: variable '%s' not given",
                  fer_var_name(f, t));
        return 0;
      }
      nd.var = (uint32_t)m->val;
    }
    for (uint32_t i = 0; i < n; i++)
      if (!FER_PUSH(f, p->args, (uint32_t)fer_ev_memo_find(e, arg[i])->val)) return 0;
    if (op == FER_OP_DISTINCT && n > p->nscratch) p->nscratch = n;
    if (!FER_PUSH(f, p->nodes, nd) || !fer_ev_memo_put(e, t, p->nodes.size - 1, 0)) return 0;
  }
  *pos = (uint32_t)fer_ev_memo_find(e, root)->val;
  return 1;
}

/* Stage k of the plan: the eliminated variable k, or (k == nelim) the
 * assertions. */
static int plan_stage(evaluator *e, fer_eval_plan *p, const evaluator *vi,
                      const fer_term *roots, size_t n) {
  e->gen++, e->count = 0; /* a fresh memo, as each fer_eval has */
  if (!FER_PUSH(e->f, p->stage, (uint32_t)p->nodes.size)) return 0;
  for (size_t i = 0; i < n; i++) {
    uint32_t pos;
    if (!plan_dag(e, p, roots[i], vi, &pos) || !FER_PUSH(e->f, p->root, pos)) return 0;
  }
  return 1;
}

/* Each node's users (counted, then placed: CSR) and each stage's variable
 * nodes. */
static int plan_edges(ferret *f, fer_eval_plan *p) {
  size_t n = p->nodes.size;
  if (!FER_RESERVE(f, p->user_at, n + 1) || !FER_RESERVE(f, p->users, p->args.size + 1))
    return 0;
  p->user_at.size = n + 1, p->users.size = p->args.size;
  memset(p->user_at.data, 0, (n + 1) * sizeof *p->user_at.data);
  for (size_t a = 0; a < p->args.size; a++) p->user_at.data[p->args.data[a] + 1]++;
  for (size_t i = 0; i < n; i++) p->user_at.data[i + 1] += p->user_at.data[i];
  for (size_t i = 0; i < n; i++) { /* user_at[j] runs ahead while j's users are placed */
    const plan_node *nd = &p->nodes.data[i];
    for (uint32_t k = 0; k < nd->d.n; k++)
      p->users.data[p->user_at.data[p->args.data[nd->arg + k]]++] = (uint32_t)i;
  }
  for (size_t i = n; i > 0; i--) p->user_at.data[i] = p->user_at.data[i - 1];
  p->user_at.data[0] = 0;
  for (size_t k = 0; k + 1 < p->stage.size; k++) {
    if (!FER_PUSH(f, p->var_at, (uint32_t)p->var_node.size)) return 0;
    for (uint32_t i = p->stage.data[k]; i < p->stage.data[k + 1]; i++)
      if (p->nodes.data[i].d.op == FER_OP_VAR && !FER_PUSH(f, p->var_node, i)) return 0;
  }
  return FER_PUSH(f, p->var_at, (uint32_t)p->var_node.size);
}

/* The arrays a check fills, and the constants' values, once. */
static int plan_arrays(ferret *f, fer_eval_plan *p) {
  p->nval = p->nodes.size ? p->nodes.size : 1;
  p->val = fer_malloc(f, p->nval * sizeof *p->val);
  p->taint = fer_calloc(f, p->nval);
  p->dirty = fer_calloc(f, (p->nval + 63) / 64 * sizeof *p->dirty);
  if (!p->nscratch) p->nscratch = 1;
  p->scratch = fer_malloc(f, p->nscratch * sizeof *p->scratch);
  if (!p->val || !p->taint || !p->dirty || !p->scratch || !plan_edges(f, p)) return 0;
  for (size_t i = 0; i < p->nodes.size; i++) {
    const plan_node *nd = &p->nodes.data[i];
    p->val[i] = nd->d.op == FER_OP_CONST  ? fer_const_u128(f, nd->d.t)
                : nd->d.op == FER_OP_TRUE ? 1
                                          : 0;
  }
  return 1;
}

fer_eval_plan *fer_eval_plan_new(ferret *f, const fer_term *vars, size_t nvars,
                                 const fer_term *elim_var, const fer_term *elim_def,
                                 size_t nelim, const fer_term *a, size_t n) {
  FER_REQUIRE(f, f && (vars || !nvars) && (elim_var || !nelim) && (a || !n),
              "NULL argument");
  fer_eval_plan *p = fer_calloc(f, sizeof *p);
  evaluator vi, e;
  memset(&vi, 0, sizeof vi);
  memset(&e, 0, sizeof e);
  vi.f = e.f = f, vi.gen = e.gen = 1;
  int ok = p != NULL;
  for (size_t i = 0; ok && i < nvars; i++) {
    if (fer_ev_memo_find(&vi, vars[i])) continue;
    ok = fer_ev_memo_put(&vi, vars[i], i, TAINT_NONE);
    const fer_sort_info *si = sort_of(&vi, vars[i]);
    plan_fp x = {(uint32_t)i, {si->a, si->b}};
    if (ok && si->kind == FER_SORT_FP) ok = FER_PUSH(f, p->fp, x);
  }
  for (size_t k = 0; ok && k < nelim; k++) {
    const memo_entry *m = fer_ev_memo_find(&vi, elim_var[k]);
    if (!m)
      fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0, "plan: variable '%s' not given",
                fer_var_name(f, elim_var[k]));
    ok = m && FER_PUSH(f, p->elim, (uint32_t)m->val) &&
         plan_stage(&e, p, &vi, &elim_def[k], 1);
  }
  ok = ok && plan_stage(&e, p, &vi, a, n) &&
       FER_PUSH(f, p->stage, (uint32_t)p->nodes.size) && plan_arrays(f, p);
  if (ok) ok = (p->elim_fmt = fer_calloc(f, fer_array_bytes(nelim, sizeof *p->elim_fmt))) != NULL;
  for (size_t k = 0; ok && k < nelim; k++) {
    const fer_sort_info *si = sort_of(&vi, elim_var[k]);
    if (si->kind == FER_SORT_FP) p->elim_fmt[k] = (fer_fmt){si->a, si->b};
  }
  fer_ev_release(&vi);
  fer_ev_release(&e);
  if (!ok) {
    fer_eval_plan_free(f, p);
    return NULL;
  }
  return p;
}

/* and / or / => over the values of its arguments, as step_connective
 * decides them. */
static void plan_connective(fer_eval_plan *p, const plan_node *nd, size_t i) {
  const uint32_t *arg = p->args.data + nd->arg;
  fer_op op = nd->d.op;
  for (uint32_t j = 0; j < nd->d.n; j++)
    if (!p->taint[arg[j]] && fer_ev_decisive(op, j, p->val[arg[j]])) {
      p->val[i] = op != FER_OP_AND, p->taint[i] = TAINT_NONE;
      return;
    }
  bool decided = false;
  int taint = TAINT_NONE;
  for (uint32_t j = 0; j < nd->d.n; j++) {
    decided |= fer_ev_decisive(op, j, p->val[arg[j]]);
    taint = max_taint(taint, p->taint[arg[j]]);
  }
  p->val[i] = op == FER_OP_AND ? !decided : decided;
  p->taint[i] = (uint8_t)any_if(taint);
}

/* Node i from its arguments when every argument is untainted and the
 * operator is one of the common ones: the functions fer_ev_compute calls,
 * without its generic dispatch (about half of a node's cost), and the
 * taint stays none as it would there.  false: not such a node. */
static bool plan_fast(fer_eval_plan *p, const plan_node *nd,
                      const uint32_t *arg, size_t i) {
  const fer_u128 *v = p->val;
  uint32_t n = nd->d.n;
  if (n > 3) return false;
  for (uint32_t j = 0; j < n; j++)
    if (p->taint[arg[j]] != TAINT_NONE) return false;
  fer_fmt m = nd->d.m, am = nd->d.am;
  fer_u128 x = v[arg[0]], y = n > 1 ? v[arg[1]] : 0, z = n > 2 ? v[arg[2]] : 0, out;
  switch (nd->d.op) {
  case FER_OP_NOT: out = !x; break;
  case FER_OP_EQ:
    if (n != 2) return false;
    out = nd->d.fp0 ? fer_fp_smt_eq(am, x, y) : x == y;
    break;
  case FER_OP_FP_ADD: out = fer_fp_add(m, (fer_rm)x, y, z); break;
  case FER_OP_FP_SUB: out = fer_fp_sub(m, (fer_rm)x, y, z); break;
  case FER_OP_FP_MUL: out = fer_fp_mul(m, (fer_rm)x, y, z); break;
  case FER_OP_FP_DIV: out = fer_fp_div(m, (fer_rm)x, y, z); break;
  case FER_OP_FP_NEG: out = fer_fp_neg(m, x); break;
  case FER_OP_FP_LEQ: out = fer_fp_leq(am, x, y); break;
  case FER_OP_FP_LT: out = fer_fp_lt(am, x, y); break;
  case FER_OP_FP_GEQ: out = fer_fp_leq(am, y, x); break;
  case FER_OP_FP_GT: out = fer_fp_lt(am, y, x); break;
  case FER_OP_FP_EQ: out = fer_fp_eq(am, x, y); break;
  case FER_OP_TO_FP_FP: out = fer_fp_convert(m, (fer_rm)x, am, y); break;
  default: return false;
  }
  p->val[i] = out, p->taint[i] = TAINT_NONE;
  return true;
}

/* Node i from its arguments.  0 on failure (error set). */
static int plan_node_eval(evaluator *e, fer_eval_plan *p, size_t i,
                          const fer_u128 *vals) {
  const plan_node *nd = &p->nodes.data[i];
  const uint32_t *arg = p->args.data + nd->arg;
  switch (nd->d.op) {
  case FER_OP_TRUE: case FER_OP_FALSE: case FER_OP_CONST: case FER_OP_REAL:
    return 1;
  case FER_OP_VAR: p->val[i] = vals[nd->var]; return 1; /* never tainted */
  case FER_OP_ITE: { /* a tainted condition might pick the other branch */
    uint32_t b = p->val[arg[0]] ? arg[1] : arg[2];
    p->val[i] = p->val[b];
    p->taint[i] = p->taint[arg[0]] ? TAINT_ANY : p->taint[b];
    return 1;
  }
  case FER_OP_AND: case FER_OP_OR: case FER_OP_IMPLIES:
    plan_connective(p, nd, i);
    return 1;
  case FER_OP_DISTINCT: {
    int taint = TAINT_NONE;
    for (uint32_t j = 0; j < nd->d.n; j++) {
      p->scratch[j] = p->val[arg[j]];
      taint = max_taint(taint, p->taint[arg[j]]);
    }
    p->val[i] = fer_ev_all_distinct(&nd->d, p->scratch, nd->d.n);
    p->taint[i] = (uint8_t)any_if(taint);
    return 1;
  }
  default:
    if (plan_fast(p, nd, arg, i)) return 1;
    break;
  }
  args a;
  memset(&a, 0, sizeof a);
  for (uint32_t j = 0; j < nd->d.n && j < 4; j++) {
    a.v[j] = p->val[arg[j]], a.ta[j] = p->taint[arg[j]];
    a.taint = max_taint(a.taint, a.ta[j]);
  }
  int taint;
  if (!fer_ev_compute(e, &nd->d, &a, &p->val[i], &taint)) return 0;
  p->taint[i] = (uint8_t)taint;
  return 1;
}

/* Node i changed: its users are to be recomputed. */
static void mark_users(fer_eval_plan *p, uint32_t i) {
  for (uint32_t u = p->user_at.data[i]; u < p->user_at.data[i + 1]; u++) {
    uint32_t j = p->users.data[u];
    p->dirty[j / 64] |= (uint64_t)1 << (j % 64);
  }
}

/* Stage k of a warm check: its variable nodes whose variable's value
 * changed, then the nodes they reach, each once, in order (see dirty).
 * 0 on failure. */
static int plan_warm_stage(evaluator *e, fer_eval_plan *p, size_t k, const fer_u128 *vals) {
  uint64_t *dirty = p->dirty;
  for (uint32_t q = p->var_at.data[k]; q < p->var_at.data[k + 1]; q++) {
    uint32_t i = p->var_node.data[q]; /* never tainted */
    fer_u128 v = vals[p->nodes.data[i].var];
    if (p->val[i] != v) p->val[i] = v, mark_users(p, i);
  }
  uint32_t lo = p->stage.data[k], hi = p->stage.data[k + 1];
  for (uint32_t w = lo / 64; lo < hi && w <= (hi - 1) / 64; w++) {
    while (dirty[w]) { /* the lowest bit first; users only set higher ones */
      uint32_t i = w * 64 + (uint32_t)__builtin_ctzll(dirty[w]);
      dirty[w] &= dirty[w] - 1;
      fer_u128 v = p->val[i];
      uint8_t t = p->taint[i];
      if (!plan_node_eval(e, p, i, vals)) return 0;
      if (v != p->val[i] || t != p->taint[i]) mark_users(p, i);
    }
  }
  return 1;
}

int fer_eval_plan_holds(ferret *f, fer_eval_plan *p, fer_u128 *vals) {
  FER_REQUIRE(f, f && p && vals, "NULL argument");
  evaluator e;
  memset(&e, 0, sizeof e);
  e.f = f;
  size_t nstage = p->stage.size - 1, nelim = p->elim.size;
  for (size_t k = 0; k < p->fp.size; k++) { /* every NaN one value, as */
    const plan_fp *x = &p->fp.data[k];      /* a model's constants have */
    vals[x->var] = fer_fp_canon(x->m, vals[x->var]);
  }
  bool warm = p->warm;
  if (!warm) /* a failed check may have left bits: everything is recomputed */
    memset(p->dirty, 0, (p->nval + 63) / 64 * sizeof *p->dirty);
  p->warm = false; /* until this check completes */
  for (size_t k = 0; k < nstage; k++) {
    if (warm && !plan_warm_stage(&e, p, k, vals)) return 0;
    for (size_t i = p->stage.data[k]; !warm && i < p->stage.data[k + 1]; i++)
      if (!plan_node_eval(&e, p, i, vals)) return 0;
    if (k < nelim) {
      fer_u128 v = p->val[p->root.data[k]];
      vals[p->elim.data[k]] = p->elim_fmt[k].eb ? fer_fp_canon(p->elim_fmt[k], v) : v;
    }
  }
  p->warm = true;
  int r = 1;
  for (size_t i = nelim; r && i < p->root.size; i++) {
    uint32_t x = p->root.data[i];
    if (p->taint[x] == TAINT_NONE && p->val[x] != 1) r = 0;
    else if (p->taint[x] != TAINT_NONE) r = -1;
  }
  return r;
}

fer_u128 fer_eval_plan_value(const fer_eval_plan *p, size_t i, bool *unspecified) {
  uint32_t x = p->root.data[p->elim.size + i];
  if (unspecified) *unspecified = p->taint[x] != TAINT_NONE;
  return p->val[x];
}
