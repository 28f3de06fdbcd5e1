/* The reader's names: the symbol table (every name read is interned once,
 * hash-indexed), the bindings that give names their meaning in scopes
 * (let, define-fun parameters, declarations; push and pop restore marks),
 * and overloaded declare-fun signatures (see parse.h). */
#include "smt/parse.h"

#include <string.h>

/* ----------------------------------------------------------- symbols */

static uint32_t hash_name(const char *s, uint32_t len) {
  uint32_t h = 2166136261u; /* FNV-1a */
  for (uint32_t i = 0; i < len; i++) h = (h ^ (uint8_t)s[i]) * 16777619u;
  return h;
}

/* Hot: every symbol token is looked up here.  The slot of the symbol
 * named s[0..len) with hash h, or the empty slot where it would go. */
static fer_index_slot *slot_of(const fer_reader *rd, const char *s, uint32_t len,
                               uint32_t h) {
  fer_index_slot *slot = fer_index_first(&rd->table, h);
  for (; slot->id; slot = fer_index_next(&rd->table, slot)) {
    if (slot->hash != h) continue;
    const fer_symbol *y = &rd->syms.data[slot->id];
    if (y->len == len && !memcmp(rd->names.data + y->name, s, len)) break;
  }
  return slot;
}

uint32_t fer_sym_find(const fer_reader *rd, const char *s, uint32_t len) {
  return slot_of(rd, s, len, hash_name(s, len))->id;
}

uint32_t fer_sym_intern(ferret *f, fer_reader *rd, const char *s,
                        uint32_t len) {
  uint32_t h = hash_name(s, len);
  fer_index_slot *slot = slot_of(rd, s, len, h);
  if (slot->id) return slot->id;
  if (!fer_index_reserve(f, &rd->table, (uint32_t)rd->syms.size)) return 0;
  slot = slot_of(rd, s, len, h); /* the table may have grown */
  if (!FER_RESERVE(f, rd->names, (size_t)len + 1)) return 0;
  fer_symbol y;
  memset(&y, 0, sizeof y);
  y.name = (uint32_t)rd->names.size;
  y.len = len;
  y.hash = h;
  memcpy(rd->names.data + rd->names.size, s, len);
  rd->names.data[rd->names.size + len] = '\0';
  if (!FER_PUSH(f, rd->syms, y)) return 0;
  rd->names.size += (size_t)len + 1;
  fer_index_fill(&rd->table, slot, h, (uint32_t)rd->syms.size - 1);
  return slot->id;
}

uint32_t fer_rd_symbol(ferret *f, fer_reader *rd, const char *what) {
  if (!fer_rd_ok(f, rd)) return 0;
  if (rd->tok.kind != FER_TOK_SYMBOL) {
    fer_rd_expect(f, rd, FER_TOK_SYMBOL, what);
    return 0;
  }
  uint32_t y = fer_sym_intern(f, rd, rd->tok.s, rd->tok.slen);
  if (y) fer_rd_advance(rd);
  return y;
}

/* ---------------------------------------------------------- bindings */

static bool sort_namespace(uint32_t kind) {
  return kind == FER_BIND_SORT || kind == FER_BIND_SORTDEF;
}

bool fer_rd_bind(ferret *f, fer_reader *rd, uint32_t sym, bool sort,
                 fer_bind_kind kind, uint32_t value) {
  fer_symbol *y = fer_sym(rd, sym);
  fer_binding b = {sym, sort ? y->sort_top : y->term_top, kind, value};
  if (!FER_PUSH(f, rd->binds, b)) return false;
  y = fer_sym(rd, sym);
  uint32_t id = (uint32_t)rd->binds.size - 1;
  if (sort)
    y->sort_top = id;
  else
    y->term_top = id;
  return true;
}

fer_rd_mark fer_rd_mark_get(const fer_reader *rd) {
  fer_rd_mark m = {(uint32_t)rd->binds.size,        (uint32_t)rd->funs.size,
                   (uint32_t)rd->fun_sorts.size,    (uint32_t)rd->sortdefs.size,
                   (uint32_t)rd->sortdef_params.size,
                   (uint32_t)rd->sortdef_text.size};
  return m;
}

void fer_rd_mark_restore(fer_reader *rd, fer_rd_mark m) {
  while (rd->binds.size > m.binds) {
    fer_binding *b = &FER_POP(rd->binds);
    fer_symbol *y = fer_sym(rd, b->sym);
    if (sort_namespace(b->kind))
      y->sort_top = b->prev;
    else
      y->term_top = b->prev;
  }
  if (rd->funs.size > m.funs) rd->funs.size = m.funs;
  if (rd->fun_sorts.size > m.fun_sorts) rd->fun_sorts.size = m.fun_sorts;
  if (rd->sortdefs.size > m.sortdefs) rd->sortdefs.size = m.sortdefs;
  if (rd->sortdef_params.size > m.sortdef_params)
    rd->sortdef_params.size = m.sortdef_params;
  if (rd->sortdef_text.size > m.sortdef_text)
    rd->sortdef_text.size = m.sortdef_text;
}

bool fer_rd_check_fresh(ferret *f, fer_reader *rd, uint32_t sym,
                        uint32_t line, uint32_t col) {
  const fer_symbol *y = fer_sym(rd, sym);
  /* Names of functions may also name a constant (Z3 accepts that and the
   * corpus uses it); constants and binders may not be redefined. */
  if (y->builtin && y->builtin != FER_BI_UNSUPPORTED &&
      y->builtin != FER_BI_OP && y->builtin != FER_BI_ARITH &&
      y->builtin != FER_BI_TO_FP && y->builtin != FER_BI_TO_FP_UNSIGNED)
    return fer_rd_error_at(f, FERRET_ERROR_SORT, line, col,
                           "cannot redefine the built-in symbol '%s'",
                           fer_sym_name(rd, sym));
  if (y->term_top)
    return fer_rd_error_at(f, FERRET_ERROR_SORT, line, col,
                           "symbol '%s' is already declared",
                           fer_sym_name(rd, sym));
  return true;
}


/* ------------------------------------------------------ overloading */

/* declare-fun may give a name several signatures, as z3 and cvc5 allow:
 * every binding of the name is then a declared variable (term.h,
 * fer_var) and no two take the same argument sorts.  The bindings of one
 * name form the chain term_top -> prev -> ..., innermost first. */

/* A declaration of its symbol (not a let or label bound to a variable of
 * another name, which shadows the declarations). */
static bool is_declared(const ferret *f, const fer_reader *rd,
                        const fer_binding *b) {
  return b->kind == FER_BIND_TERM && fer_term_op(f, b->value) == FER_OP_VAR &&
         !strcmp(fer_var_name(f, b->value), fer_sym_name(rd, b->sym));
}

/* Does declared variable v take arguments of sorts dom[0..n)? */
static bool takes(const ferret *f, fer_term v, const fer_sort *dom,
                  uint32_t n) {
  if (fer_var_arity(f, v) != n) return false;
  fer_sort s = fer_term_sort(f, v);
  for (uint32_t i = 0; i < n; i++) {
    const fer_sort_info *si = fer_sort_get(f, s);
    if (si->a != dom[i]) return false;
    s = si->b;
  }
  return true;
}

bool fer_rd_check_declarable(ferret *f, fer_reader *rd, uint32_t sym,
                             const fer_sort *dom, uint32_t n, uint32_t line,
                             uint32_t col) {
  const fer_symbol *y = fer_sym(rd, sym);
  if (!y->term_top) return fer_rd_check_fresh(f, rd, sym, line, col);
  for (uint32_t b = y->term_top; b; b = rd->binds.data[b].prev) {
    const fer_binding *bd = &rd->binds.data[b];
    if (!is_declared(f, rd, bd))
      return fer_rd_check_fresh(f, rd, sym, line, col); /* says why not */
    if (takes(f, bd->value, dom, n))
      return n ? fer_rd_error_at(f, FERRET_ERROR_SORT, line, col,
                                 "'%s' is already declared with the same "
                                 "argument sorts", fer_sym_name(rd, sym))
               : fer_rd_error_at(f, FERRET_ERROR_SORT, line, col,
                                 "symbol '%s' is already declared",
                                 fer_sym_name(rd, sym));
  }
  return true;
}

fer_term fer_rd_overload(const ferret *f, const fer_reader *rd, uint32_t sym,
                         const fer_sort *dom, uint32_t n) {
  for (uint32_t b = rd->syms.data[sym].term_top; b; b = rd->binds.data[b].prev) {
    const fer_binding *bd = &rd->binds.data[b];
    if (!is_declared(f, rd, bd)) return 0;
    if (takes(f, bd->value, dom, n)) return bd->value;
  }
  return 0;
}

bool fer_rd_overloaded(const ferret *f, const fer_reader *rd, uint32_t sym) {
  uint32_t b = rd->syms.data[sym].term_top;
  return b && is_declared(f, rd, &rd->binds.data[b]) &&
         rd->binds.data[b].prev &&
         is_declared(f, rd, &rd->binds.data[rd->binds.data[b].prev]);
}

