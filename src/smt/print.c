/* The printer: terms with let for shared subterms, and whole scripts.
 *
 * How sharing is kept.  One analysis pass over the DAG below the roots
 * counts, for every non-leaf node, its occurrences as an argument (or as a
 * root).  A node with two or more is "shared".  Every node is printed by
 * exactly one "unit": an assertion, or a define-fun.  Walking parents
 * before children, a node inherits the unit of its parents; a shared node
 * reached from two different units becomes a define-fun (a unit of its
 * own), a shared node of one unit is bound by a let inside that unit.
 * For a single term there is one unit, so only lets occur.
 *
 * Let bindings are grouped by level (1 + the highest level of the lets
 * their body mentions), one (let (...)) per level, so the nesting depth is
 * the longest chain of shared nodes, not their number.  Within a level,
 * and for define-funs, the order is the post-order of a left-to-right
 * depth-first walk: it depends on the term's structure only, never on term
 * ids, so printing, reading back and printing again gives the same text.
 *
 * Nesting is bounded: a node whose inline text would nest more than
 * FER_PRINT_MAX_HEIGHT applications is bound by a let as if it were
 * shared, so a chain of 10^6 applications prints as 1000 nested lets of
 * depth 1000 each, which readers with a nesting limit (ours: 10000) and
 * recursive readers can take.  The cut points depend on structure only.
 *
 * Everything is iterative (explicit stacks: chains can be 10^6 deep) and
 * linear in the size of the DAG (a hash map from term ids to local
 * indices, so the cost does not depend on the size of the store). */
#include <stdio.h>
#include <string.h>

#include "base/map.h"
#include "smt/print.h"

enum {
  PN_DEF = 1,  /* printed as a define-fun */
  PN_LET = 2,  /* bound by a let in its unit */
  PN_SEEN = 4  /* visited by the per-unit walk */
};

#define UNIT_MULTI UINT32_MAX
/* Most applications one inline text nests (see above). */
#define FER_PRINT_MAX_HEIGHT 1000

typedef struct pnode {
  fer_term t;
  uint32_t refs;  /* occurrences as an argument or a root */
  uint32_t owner; /* unit printing it: 0 none yet, UNIT_MULTI several */
  uint32_t dep;   /* highest let level its printed text mentions */
  uint32_t height; /* nesting of its inline text, 0 if printed by name */
  uint32_t name;  /* let or define-fun number, 0 if printed inline */
  uint32_t flags;
} pnode;

typedef struct pframe {
  uint32_t node, next;
} pframe;

typedef struct printer {
  ferret *f;
  fer_buf *b;
  FER_STACK(pnode) nodes;
  FER_STACK(uint32_t) post; /* non-leaf nodes, children first */
  FER_STACK(uint32_t) vars; /* variables in order of first occurrence */
  FER_STACK(pframe) stack;
  FER_STACK(uint32_t) lets; /* per unit scratch */
  FER_STACK(uint32_t) order;
  FER_STACK(uint32_t) count;
  fer_map map; /* term id -> local index + 1 */
  uint32_t nroots;
  char let_prefix[24], def_prefix[24];
} printer;

static bool is_leaf(const printer *p, fer_term t) {
  return fer_op_table[fer_term_op(p->f, t)].kind == FER_KIND_LEAF;
}

/* ------------------------------------------------------------ the map */

/* The local index of `t`, adding it (refs 0) if new: *added tells. */
static int64_t lookup(printer *p, fer_term t, bool *added) {
  uint32_t v = fer_map_get(&p->map, t);
  if (v) {
    *added = false;
    return v - 1;
  }
  pnode n;
  memset(&n, 0, sizeof n);
  n.t = t;
  if (!FER_PUSH(p->f, p->nodes, n) ||
      !fer_map_put(p->f, &p->map, t, (uint32_t)p->nodes.size))
    return -1;
  *added = true;
  return (int64_t)p->nodes.size - 1;
}

/* The local index of a term the analysis has seen. */
static uint32_t find(const printer *p, fer_term t) {
  return fer_map_get(&p->map, t) - 1;
}

/* ----------------------------------------------------------- analysis */

/* Count occurrences, list variables and non-leaf nodes in post-order. */
static int visit(printer *p, fer_term t) {
  bool added;
  int64_t i = lookup(p, t, &added);
  if (i < 0) return 0;
  p->nodes.data[i].refs++;
  if (!added) return 1;
  if (fer_term_op(p->f, t) == FER_OP_VAR)
    return FER_PUSH(p->f, p->vars, (uint32_t)i);
  if (is_leaf(p, t)) return 1;
  pframe fr = {(uint32_t)i, 0};
  return FER_PUSH(p->f, p->stack, fr);
}

static int walk(printer *p, fer_term root) {
  size_t base = p->stack.size;
  if (!visit(p, root)) return 0;
  while (p->stack.size > base) {
    pframe *fr = &FER_TOP(p->stack);
    fer_term t = p->nodes.data[fr->node].t;
    if (fr->next < fer_term_nargs(p->f, t)) {
      fer_term c = fer_term_arg(p->f, t, fr->next++);
      if (!visit(p, c)) return 0; /* may move the stack: fr is stale */
    } else {
      uint32_t n = FER_POP(p->stack).node;
      if (!FER_PUSH(p->f, p->post, n)) return 0;
    }
  }
  return 1;
}

static void merge(pnode *n, uint32_t unit) {
  if (!n->owner) n->owner = unit;
  else if (n->owner != unit) n->owner = UNIT_MULTI;
}

/* Assertion i is unit i + 1; the define-fun of node k is unit nroots+1+k. */
static void assign_units(printer *p, const fer_term *roots, size_t nroots) {
  for (size_t i = 0; i < nroots; i++)
    if (!is_leaf(p, roots[i]))
      merge(&p->nodes.data[find(p, roots[i])], (uint32_t)i + 1);
  for (size_t k = p->post.size; k-- > 0;) { /* parents before children */
    uint32_t i = p->post.data[k];
    pnode *n = &p->nodes.data[i];
    uint32_t unit = n->owner;
    if (n->refs >= 2) {
      if (n->owner == UNIT_MULTI) {
        n->flags |= PN_DEF;
        unit = p->nroots + 1 + i;
      } else
        n->flags |= PN_LET;
    }
    const fer_term *args = fer_term_args(p->f, n->t);
    for (uint32_t a = 0, na = fer_term_nargs(p->f, n->t); a < na; a++)
      if (!is_leaf(p, args[a]))
        merge(&p->nodes.data[find(p, args[a])], unit);
  }
}

/* A prefix no variable name starts with, so let and define-fun names can
 * never capture a variable. */
static void choose_prefix(printer *p, char *out, size_t size,
                          const char *stem) {
  for (unsigned k = 0;; k++) {
    if (k) snprintf(out, size, "_%s%u_", stem, k);
    else snprintf(out, size, "_%s_", stem);
    size_t len = strlen(out);
    bool clash = false;
    for (size_t v = 0; v < p->vars.size && !clash; v++)
      clash = !strncmp(fer_var_name(p->f, p->nodes.data[p->vars.data[v]].t),
                       out, len);
    if (!clash) return;
  }
}

static int analyse(printer *p, const fer_term *roots, size_t n) {
  p->nroots = (uint32_t)n;
  for (size_t i = 0; i < n; i++)
    if (!walk(p, roots[i])) return 0;
  assign_units(p, roots, n);
  choose_prefix(p, p->let_prefix, sizeof p->let_prefix, "let");
  choose_prefix(p, p->def_prefix, sizeof p->def_prefix, "def");
  return 1;
}

/* ------------------------------------------------------------ printing */

static int add(printer *p, const char *s) {
  return fer_buf_add(p->f, p->b, s, strlen(s));
}

static int print_name(printer *p, const pnode *n) {
  return fer_buf_printf(p->f, p->b, "%s%u",
                        n->flags & PN_DEF ? p->def_prefix : p->let_prefix,
                        n->name);
}

/* "(op" or "((_ op i j)". */
static int print_head(printer *p, fer_term t) {
  fer_op op = fer_term_op(p->f, t);
  const fer_op_info *info = &fer_op_table[op];
  if (op == FER_OP_CONST_ARRAY)
    return fer_buf_str(p->f, p->b, "((as const ") &&
           fer_print_sort(p->f, p->b, fer_term_sort(p->f, t)) &&
           fer_buf_str(p->f, p->b, ")");
  if (op == FER_OP_APPLY) /* (f a1 .. an): the function is the head */
    return fer_buf_str(p->f, p->b, "(") &&
           fer_print_symbol(p->f, p->b, fer_var_name(p->f, fer_term_arg(p->f, t, 0)));
  if (!info->nidx) return fer_buf_printf(p->f, p->b, "(%s", info->name);
  if (info->nidx == 1)
    return fer_buf_printf(p->f, p->b, "((_ %s %u)", info->name,
                          fer_term_idx(p->f, t, 0));
  return fer_buf_printf(p->f, p->b, "((_ %s %u %u)", info->name,
                        fer_term_idx(p->f, t, 0), fer_term_idx(p->f, t, 1));
}

/* The node `i` itself, its arguments by name when they have one. */
static int print_inline(printer *p, uint32_t i) {
  size_t base = p->stack.size;
  pframe top = {i, fer_term_op(p->f, p->nodes.data[i].t) == FER_OP_APPLY};
  if (!print_head(p, p->nodes.data[i].t) || !FER_PUSH(p->f, p->stack, top))
    return 0;
  while (p->stack.size > base) {
    pframe *fr = &FER_TOP(p->stack);
    fer_term t = p->nodes.data[fr->node].t;
    if (fr->next == fer_term_nargs(p->f, t)) {
      p->stack.size--;
      if (!add(p, ")")) return 0;
      continue;
    }
    fer_term c = fer_term_arg(p->f, t, fr->next++);
    if (!add(p, " ")) return 0;
    int r = fer_print_leaf(p->f, p->b, c);
    if (r == 0) return 0;
    if (r > 0) continue;
    uint32_t ci = find(p, c);
    if (p->nodes.data[ci].name) {
      if (!print_name(p, &p->nodes.data[ci])) return 0;
      continue;
    }
    pframe cf = {ci, fer_term_op(p->f, c) == FER_OP_APPLY};
    if (!print_head(p, c) || !FER_PUSH(p->f, p->stack, cf)) return 0;
  }
  return 1;
}

/* The lets of the unit rooted at `r`, in post-order, with their levels;
 * cuts a node whose text would nest too deep. */
static int collect_lets(printer *p, uint32_t r) {
  FER_CLEAR(p->lets);
  pframe top = {r, 0};
  p->nodes.data[r].flags |= PN_SEEN;
  if (!FER_PUSH(p->f, p->stack, top)) return 0;
  while (p->stack.size) {
    pframe *fr = &FER_TOP(p->stack);
    pnode *n = &p->nodes.data[fr->node];
    if (fr->next < fer_term_nargs(p->f, n->t)) {
      fer_term c = fer_term_arg(p->f, n->t, fr->next++);
      if (is_leaf(p, c)) continue;
      uint32_t ci = find(p, c);
      pnode *cn = &p->nodes.data[ci];
      if (cn->flags & (PN_DEF | PN_SEEN)) continue;
      cn->flags |= PN_SEEN;
      pframe cf = {ci, fer_term_op(p->f, c) == FER_OP_APPLY};
      if (!FER_PUSH(p->f, p->stack, cf)) return 0;
      continue;
    }
    uint32_t ni = FER_POP(p->stack).node;
    n = &p->nodes.data[ni];
    const fer_term *args = fer_term_args(p->f, n->t);
    uint32_t dep = 0, height = 0;
    for (uint32_t a = 0, na = fer_term_nargs(p->f, n->t); a < na; a++) {
      if (is_leaf(p, args[a])) continue;
      const pnode *cn = &p->nodes.data[find(p, args[a])];
      uint32_t d = cn->flags & PN_DEF ? 0
                   : cn->flags & PN_LET ? cn->dep + 1
                                        : cn->dep;
      if (d > dep) dep = d;
      if (!(cn->flags & (PN_DEF | PN_LET)) && cn->height > height)
        height = cn->height;
    }
    n->dep = dep;
    n->height = height + 1;
    if (n->height >= FER_PRINT_MAX_HEIGHT && ni != r) n->flags |= PN_LET;
    if (ni != r && (n->flags & PN_LET) && !FER_PUSH(p->f, p->lets, ni))
      return 0;
  }
  return 1;
}

/* The text of the unit rooted at node r (a define-fun body or an
 * assertion), with its lets. */
static int print_unit(printer *p, uint32_t r) {
  if (!collect_lets(p, r)) return 0;
  /* Counting sort of the lets by level (dep + 1), stable. */
  uint32_t levels = 0;
  for (size_t k = 0; k < p->lets.size; k++) {
    uint32_t l = p->nodes.data[p->lets.data[k]].dep + 1;
    if (l > levels) levels = l;
  }
  FER_CLEAR(p->count);
  FER_CLEAR(p->order);
  if (!FER_RESERVE(p->f, p->count, (size_t)levels + 2) ||
      !FER_RESERVE(p->f, p->order, p->lets.size))
    return 0;
  memset(p->count.data, 0, ((size_t)levels + 2) * sizeof *p->count.data);
  for (size_t k = 0; k < p->lets.size; k++)
    p->count.data[p->nodes.data[p->lets.data[k]].dep + 2]++;
  for (uint32_t l = 2; l < levels + 2; l++)
    p->count.data[l] += p->count.data[l - 1];
  for (size_t k = 0; k < p->lets.size; k++) {
    uint32_t i = p->lets.data[k];
    p->order.data[p->count.data[p->nodes.data[i].dep + 1]++] = i;
  }
  p->order.size = p->lets.size;
  for (size_t k = 0; k < p->order.size; k++)
    p->nodes.data[p->order.data[k]].name = (uint32_t)k + 1;
  /* (let ((a ..) (b ..)) (let ((c ..)) body)) */
  size_t k = 0;
  for (uint32_t l = 1; l <= levels; l++) {
    if (!add(p, "(let (")) return 0;
    for (bool first = true;
         k < p->order.size && p->nodes.data[p->order.data[k]].dep + 1 == l;
         k++, first = false) {
      const pnode *n = &p->nodes.data[p->order.data[k]];
      if (!add(p, first ? "(" : " (") || !print_name(p, n) || !add(p, " ") ||
          !print_inline(p, p->order.data[k]) || !add(p, ")"))
        return 0;
    }
    if (!add(p, ") ")) return 0;
  }
  if (!print_inline(p, r)) return 0;
  for (uint32_t l = 0; l < levels; l++)
    if (!add(p, ")")) return 0;
  return 1;
}

/* A root: a leaf, a define-fun's name, or its own unit. */
static int print_root(printer *p, fer_term t) {
  int r = fer_print_leaf(p->f, p->b, t);
  if (r >= 0) return r;
  uint32_t i = find(p, t);
  if (p->nodes.data[i].flags & PN_DEF) return print_name(p, &p->nodes.data[i]);
  return print_unit(p, i);
}

static void printer_init(printer *p, ferret *f, fer_buf *b) {
  memset(p, 0, sizeof *p);
  fer_map_init(&p->map);
  p->f = f;
  p->b = b;
}

static void printer_release(printer *p) {
  FER_RELEASE(p->f, p->nodes);
  FER_RELEASE(p->f, p->post);
  FER_RELEASE(p->f, p->vars);
  FER_RELEASE(p->f, p->stack);
  FER_RELEASE(p->f, p->lets);
  FER_RELEASE(p->f, p->order);
  FER_RELEASE(p->f, p->count);
  fer_map_release(p->f, &p->map);
}

int fer_print_term(ferret *f, fer_buf *b, fer_term t) {
  int r = fer_print_leaf(f, b, t);
  if (r >= 0) return r; /* the common case for values: no analysis */
  printer p;
  printer_init(&p, f, b);
  int ok = analyse(&p, &t, 1) && print_root(&p, t);
  printer_release(&p);
  return ok;
}

/* (declare-sort U 0) for each uninterpreted sort in s not yet in *seen. */
static int declare_sorts(printer *p, fer_sort s, void *seen_stack) {
  FER_STACK(fer_sort) *seen = seen_stack;
  const fer_sort_info *si = fer_sort_get(p->f, s);
  if (si->kind == FER_SORT_ARRAY) {
    fer_sort a = si->a, b = si->b;
    return declare_sorts(p, a, seen) && declare_sorts(p, b, seen);
  }
  if (si->kind != FER_SORT_UNINT) return 1;
  for (size_t j = 0; j < seen->size; j++)
    if (seen->data[j] == s) return 1;
  return FER_PUSH(p->f, *seen, s) && add(p, "(declare-sort ") &&
         fer_print_symbol(p->f, p->b, fer_sort_name(p->f, s)) && add(p, " 0)\n");
}

static int print_script(printer *p, const char *logic, const fer_term *a,
                        size_t n) {
  if (!analyse(p, a, n)) return 0;
  if (logic && !fer_buf_printf(p->f, p->b, "(set-logic %s)\n", logic))
    return 0;
  /* uninterpreted sorts first, each once (a variable's sort or inside an
   * array or function sort; sorts nest only as deep as the reader allows) */
  FER_STACK(fer_sort) sorts = {0};
  int ok = 1;
  for (size_t k = 0; ok && k < p->vars.size; k++)
    ok = declare_sorts(p, fer_term_sort(p->f, p->nodes.data[p->vars.data[k]].t), &sorts);
  FER_RELEASE(p->f, sorts);
  if (!ok) return 0;
  for (size_t k = 0; k < p->vars.size; k++) {
    fer_term v = p->nodes.data[p->vars.data[k]].t;
    fer_sort s = fer_term_sort(p->f, v);
    uint32_t arity = fer_var_arity(p->f, v);
    if (!add(p, "(declare-fun ") || !fer_print_symbol(p->f, p->b, fer_var_name(p->f, v)) ||
        !add(p, " ("))
      return 0;
    for (uint32_t j = 0; j < arity; j++) {
      if ((j && !add(p, " ")) || !fer_print_sort(p->f, p->b, fer_sort_get(p->f, s)->a))
        return 0;
      s = fer_sort_get(p->f, s)->b;
    }
    if (!add(p, ") ") || !fer_print_sort(p->f, p->b, s) || !add(p, ")\n"))
      return 0;
  }
  uint32_t defs = 0;
  for (size_t k = 0; k < p->post.size; k++) {
    pnode *d = &p->nodes.data[p->post.data[k]];
    if (!(d->flags & PN_DEF)) continue;
    d->name = ++defs;
    if (!add(p, "(define-fun ") || !print_name(p, d) || !add(p, " () ") ||
        !fer_print_sort(p->f, p->b, fer_term_sort(p->f, d->t)) ||
        !add(p, " ") || !print_unit(p, p->post.data[k]) || !add(p, ")\n"))
      return 0;
  }
  for (size_t k = 0; k < n; k++)
    if (!add(p, "(assert ") || !print_root(p, a[k]) || !add(p, ")\n"))
      return 0;
  return 1;
}

int fer_print_script(ferret *f, fer_buf *b, const char *logic,
                     const fer_term *assertions, size_t n) {
  printer p;
  printer_init(&p, f, b);
  int ok = print_script(&p, logic, assertions, n);
  printer_release(&p);
  return ok;
}
