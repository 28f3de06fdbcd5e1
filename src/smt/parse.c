/* The reader's foundations: tokens, the symbol table, bindings and scopes,
 * and sorts (see parse.h). */
#include "smt/parse.h"

#include <stdio.h>
#include <string.h>

/* Deepest sort expression (nested define-sort uses count too), and most
 * define-sort expansions in one sort: (define-sort S2 (X) (S1 (S1 X)))
 * doubles the work at each level, so depth alone does not bound it. */
#define FER_MAX_SORT_DEPTH 256
#define FER_MAX_SORT_EXPANSIONS 100000

const fer_unsupported fer_unsupported_table[] = {
    {"fp.to_real", "real arithmetic", false},
    {"to_real", "real arithmetic", false},
    {"to_int", "integer arithmetic", false},
    {"is_int", "integer arithmetic", false},
    {"div", "integer arithmetic", false},
    {"mod", "integer arithmetic", false},
    {"abs", "integer arithmetic", false},
    {"<", "arithmetic", false},
    {"<=", "arithmetic", false},
    {">", "arithmetic", false},
    {">=", "arithmetic", false},
    {"bv2nat", "integer arithmetic", false},
    {"bv2int", "integer arithmetic", false},
    {"nat2bv", "integer arithmetic", false},
    {"int2bv", "integer arithmetic", false},
    {"ubv_to_int", "integer arithmetic", false},
    {"sbv_to_int", "integer arithmetic", false},
    {"int_to_bv", "integer arithmetic", false},
    {"forall", "quantifiers", false},
    {"exists", "quantifiers", false},
    {"match", "datatypes", false},
    {"lambda", "higher-order functions", false},
    {"par", "parametric declarations", false},
    {"char", "strings", false},
    {"divisible", "integer arithmetic", false},
    /* sorts (FER_SB_UNSUPPORTED) */
    {"Int", "integer arithmetic", true},
    {"Real", "real arithmetic", true},
    {"String", "strings", true},
    {"RegLan", "strings", true},
    {"Set", "sets", true},
    {"Bag", "bags", true},
    {"Seq", "sequences", true},
    {"Tuple", "datatypes", true},
    {"UnitTuple", "datatypes", true},
    {NULL, NULL, false}};

/* ------------------------------------------------------------ tokens */

void fer_rd_begin(fer_reader *rd, const char *text, size_t len, uint32_t line,
                  uint32_t col) {
  fer_lex_init(&rd->lex, text, len, line, col);
  rd->base = text;
  rd->depth = 0;
  rd->prev_kind = (uint8_t)FER_TOK_EOF;
  rd->last_end = text;
  fer_lex_next(&rd->lex, &rd->tok);
}

void fer_rd_advance(fer_reader *rd) {
  switch (rd->tok.kind) {
  case FER_TOK_EOF: return;
  case FER_TOK_LPAR: rd->depth++; break;
  case FER_TOK_RPAR: if (rd->depth) rd->depth--; break;
  default: break;
  }
  rd->last_end = rd->tok.text + rd->tok.len;
  rd->prev_kind = (uint8_t)rd->tok.kind;
  fer_lex_next(&rd->lex, &rd->tok);
}

bool fer_rd_error_at(ferret *f, ferret_status st, uint32_t line, uint32_t col,
                     const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fer_verror(f, st, line, col, fmt, ap);
  va_end(ap);
  return false;
}

bool fer_rd_ok(ferret *f, fer_reader *rd) {
  if (rd->tok.kind != FER_TOK_ERROR) return true;
  return fer_rd_error_at(f, FERRET_ERROR_PARSE, rd->tok.line, rd->tok.col,
                         "%s", rd->lex.error);
}

static const char *kind_name(fer_tok_kind k) {
  switch (k) {
  case FER_TOK_EOF: return "end of input";
  case FER_TOK_LPAR: return "'('";
  case FER_TOK_RPAR: return "')'";
  case FER_TOK_NUMERAL: return "a numeral";
  case FER_TOK_DECIMAL: return "a decimal";
  case FER_TOK_BINARY: return "a binary literal";
  case FER_TOK_HEX: return "a hexadecimal literal";
  case FER_TOK_STRING: return "a string";
  case FER_TOK_SYMBOL: return "a symbol";
  case FER_TOK_KEYWORD: return "a keyword";
  default: return "a bad token";
  }
}

bool fer_rd_expect(ferret *f, fer_reader *rd, fer_tok_kind kind,
                   const char *what) {
  if (!fer_rd_ok(f, rd)) return false;
  if (rd->tok.kind != kind) {
    const fer_token *t = &rd->tok;
    if (t->kind == FER_TOK_EOF || t->len > 40)
      return fer_rd_error_at(f, FERRET_ERROR_PARSE, t->line, t->col,
                             "expected %s, got %s", what, kind_name(t->kind));
    return fer_rd_error_at(f, FERRET_ERROR_PARSE, t->line, t->col,
                           "expected %s, got '%.*s'", what, (int)t->len,
                           t->text);
  }
  fer_rd_advance(rd);
  return true;
}

bool fer_rd_skip_command(fer_reader *rd, bool *commands) {
  *commands = false;
  while (rd->depth > 0) {
    if (rd->tok.kind == FER_TOK_EOF) return false;
    if (rd->tok.kind == FER_TOK_ERROR && rd->lex.fatal) return false;
    /* '(' and a command name inside the command: it ran into the next */
    if (rd->depth >= 2 && rd->prev_kind == FER_TOK_LPAR &&
        rd->tok.kind == FER_TOK_SYMBOL && !rd->tok.quoted) {
      uint32_t y = fer_sym_find(rd, rd->tok.s, rd->tok.slen);
      if (y && fer_sym(rd, y)->cmd != FER_CMD_NONE) *commands = true;
    }
    fer_rd_advance(rd);
  }
  return true;
}

bool fer_rd_skip_sexpr(ferret *f, fer_reader *rd) {
  uint32_t depth = 0;
  do {
    if (!fer_rd_ok(f, rd)) return false;
    switch (rd->tok.kind) {
    case FER_TOK_EOF:
      return fer_rd_error_at(f, FERRET_ERROR_PARSE, rd->tok.line, rd->tok.col,
                             "unexpected end of input");
    case FER_TOK_LPAR: depth++; break;
    case FER_TOK_RPAR:
      if (!depth)
        return fer_rd_error_at(f, FERRET_ERROR_PARSE, rd->tok.line,
                               rd->tok.col, "unexpected ')'");
      depth--;
      break;
    default: break;
    }
    fer_rd_advance(rd);
  } while (depth);
  return true;
}

bool fer_rd_u32(ferret *f, fer_reader *rd, uint32_t *value, const char *what) {
  if (!fer_rd_ok(f, rd)) return false;
  const fer_token *t = &rd->tok;
  if (t->kind != FER_TOK_NUMERAL)
    return fer_rd_error_at(f, FERRET_ERROR_PARSE, t->line, t->col,
                           "expected %s (a numeral)", what);
  uint64_t v = 0;
  for (uint32_t i = 0; i < t->slen; i++) {
    v = v * 10 + (uint64_t)(t->s[i] - '0');
    if (v > UINT32_MAX)
      return fer_rd_error_at(f, FERRET_ERROR_LIMIT, t->line, t->col,
                             "%s too large: %.*s", what, (int)t->slen, t->s);
  }
  *value = (uint32_t)v;
  fer_rd_advance(rd);
  return true;
}

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

static fer_symbol *builtin(ferret *f, fer_reader *rd, const char *name) {
  uint32_t y = fer_sym_intern(f, rd, name, (uint32_t)strlen(name));
  return y ? fer_sym(rd, y) : NULL;
}

#define ADD(NAME, FIELD, VALUE, OPFIELD, OPVALUE)                  \
  do {                                                             \
    fer_symbol *y_ = builtin(f, rd, (NAME));                       \
    if (!y_) return 0;                                             \
    y_->FIELD = (uint8_t)(VALUE), y_->OPFIELD = (uint16_t)(OPVALUE); \
  } while (0)

int fer_rd_init(ferret *f, fer_reader *rd) {
  memset(rd, 0, sizeof *rd);
  fer_symbol none;
  fer_binding nobind;
  memset(&none, 0, sizeof none);
  memset(&nobind, 0, sizeof nobind);
  if (!FER_PUSH(f, rd->syms, none) || !FER_PUSH(f, rd->binds, nobind) ||
      !fer_index_reserve(f, &rd->table, 512))
    return 0;
  for (int op = 0; op < FER_OP_COUNT; op++) {
    const fer_op_info *i = &fer_op_table[op];
    if (i->kind == FER_KIND_LEAF || op == FER_OP_CONST_ARRAY ||
        op == FER_OP_APPLY || op == FER_OP_TO_FP_BV ||
        op == FER_OP_TO_FP_FP || op == FER_OP_TO_FP_SBV ||
        op == FER_OP_TO_FP_REAL || op == FER_OP_TO_FP_UBV)
      continue;
    ADD(i->name, builtin, FER_BI_OP, op, op);
  }
  ADD("fp.to_ieee_bv", builtin, FER_BI_OP, op, FER_OP_FP_TO_IEEE_BV);
  ADD("to_fp", builtin, FER_BI_TO_FP, op, 0);
  ADD("to_fp_unsigned", builtin, FER_BI_TO_FP_UNSIGNED, op, 0);
  ADD("true", builtin, FER_BI_TRUE, op, 0);
  ADD("false", builtin, FER_BI_FALSE, op, 0);
  for (int i = 0; i < 5; i++) {
    ADD(fer_rm_long_names[i], builtin, FER_BI_RM, op, i);
    ADD(fer_rm_names[i], builtin, FER_BI_RM, op, i);
  }
  ADD("let", builtin, FER_BI_LET, op, 0);
  ADD("!", builtin, FER_BI_BANG, op, 0);
  ADD("_", builtin, FER_BI_UNDERSCORE, op, 0);
  ADD("as", builtin, FER_BI_AS, op, 0);
  ADD("+", builtin, FER_BI_ARITH, op, '+');
  ADD("-", builtin, FER_BI_ARITH, op, '-');
  ADD("*", builtin, FER_BI_ARITH, op, '*');
  ADD("/", builtin, FER_BI_ARITH, op, '/');
  static const char *const special[] = {"+zero", "-zero", "+oo", "-oo", "NaN"};
  for (int i = 0; i < 5; i++) ADD(special[i], builtin, FER_BI_FP_SPECIAL, op, i);
  for (int i = 0; fer_unsupported_table[i].name; i++) {
    if (!fer_unsupported_table[i].sort)
      ADD(fer_unsupported_table[i].name, builtin, FER_BI_UNSUPPORTED, op, i);
    else
      ADD(fer_unsupported_table[i].name, sort_builtin, FER_SB_UNSUPPORTED,
          sort_op, i);
  }
  ADD("Bool", sort_builtin, FER_SB_BOOL, sort_op, 0);
  ADD("BitVec", sort_builtin, FER_SB_BITVEC, sort_op, 0);
  ADD("FloatingPoint", sort_builtin, FER_SB_FLOATINGPOINT, sort_op, 0);
  ADD("RoundingMode", sort_builtin, FER_SB_ROUNDINGMODE, sort_op, 0);
  ADD("Float16", sort_builtin, FER_SB_FLOAT16, sort_op, 0);
  ADD("Float32", sort_builtin, FER_SB_FLOAT32, sort_op, 0);
  ADD("Float64", sort_builtin, FER_SB_FLOAT64, sort_op, 0);
  ADD("Float128", sort_builtin, FER_SB_FLOAT128, sort_op, 0);
  ADD("Array", sort_builtin, FER_SB_ARRAY, sort_op, 0);
  static const struct {
    const char *name;
    fer_command cmd;
  } cmds[] = {
      {"assert", FER_CMD_ASSERT},
      {"check-sat", FER_CMD_CHECK_SAT},
      {"check-sat-assuming", FER_CMD_CHECK_SAT_ASSUMING},
      {"check-sat-using", FER_CMD_CHECK_SAT_USING},
      {"declare-const", FER_CMD_DECLARE_CONST},
      {"declare-fun", FER_CMD_DECLARE_FUN},
      {"declare-sort", FER_CMD_DECLARE_SORT},
      {"define-const", FER_CMD_DEFINE_CONST},
      {"define-fun", FER_CMD_DEFINE_FUN},
      {"define-fun-rec", FER_CMD_DEFINE_FUN_REC},
      {"define-funs-rec", FER_CMD_DEFINE_FUNS_REC},
      {"define-sort", FER_CMD_DEFINE_SORT},
      {"declare-datatype", FER_CMD_DECLARE_DATATYPE},
      {"declare-datatypes", FER_CMD_DECLARE_DATATYPES},
      {"echo", FER_CMD_ECHO},
      {"exit", FER_CMD_EXIT},
      {"get-assertions", FER_CMD_GET_ASSERTIONS},
      {"get-assignment", FER_CMD_GET_ASSIGNMENT},
      {"get-info", FER_CMD_GET_INFO},
      {"get-model", FER_CMD_GET_MODEL},
      {"get-option", FER_CMD_GET_OPTION},
      {"get-proof", FER_CMD_GET_PROOF},
      {"get-unsat-assumptions", FER_CMD_GET_UNSAT_ASSUMPTIONS},
      {"get-unsat-core", FER_CMD_GET_UNSAT_CORE},
      {"get-value", FER_CMD_GET_VALUE},
      {"pop", FER_CMD_POP},
      {"push", FER_CMD_PUSH},
      {"reset", FER_CMD_RESET},
      {"reset-assertions", FER_CMD_RESET_ASSERTIONS},
      {"set-info", FER_CMD_SET_INFO},
      {"set-logic", FER_CMD_SET_LOGIC},
      {"set-option", FER_CMD_SET_OPTION}};
  for (size_t i = 0; i < sizeof cmds / sizeof *cmds; i++)
    ADD(cmds[i].name, cmd, cmds[i].cmd, pad, 0);
  return 1;
}
#undef ADD

void fer_rd_release(ferret *f, fer_reader *rd) {
  FER_RELEASE(f, rd->syms);
  FER_RELEASE(f, rd->names);
  fer_index_release(f, &rd->table);
  FER_RELEASE(f, rd->binds);
  FER_RELEASE(f, rd->funs);
  FER_RELEASE(f, rd->fun_sorts);
  FER_RELEASE(f, rd->sortdefs);
  FER_RELEASE(f, rd->sortdef_params);
  FER_RELEASE(f, rd->sortdef_text);
  FER_RELEASE(f, rd->frames);
  FER_RELEASE(f, rd->args);
  FER_RELEASE(f, rd->lets);
  FER_RELEASE(f, rd->named);
  fer_rewriter_release(f, &rd->rewrite);
  memset(rd, 0, sizeof *rd);
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

/* ------------------------------------------------------------- sorts */

static fer_sort read_sort(ferret *f, fer_reader *rd, uint32_t depth);

static bool unsupported_sort(ferret *f, const fer_reader *rd,
                             const fer_token *t, const fer_symbol *y) {
  return fer_rd_error_at(f, FERRET_ERROR_UNSUPPORTED, t->line, t->col,
                         "unsupported: sort '%s' (%s)",
                         rd->names.data + y->name,
                         fer_unsupported_table[y->sort_op].what);
}

/* A sort symbol without arguments. */
static fer_sort sort_symbol(ferret *f, fer_reader *rd) {
  const fer_token t = rd->tok;
  uint32_t sym = fer_sym_find(rd, t.s, t.slen);
  const fer_symbol *y = sym ? fer_sym(rd, sym) : NULL;
  if (y && y->sort_top) {
    const fer_binding *b = &rd->binds.data[y->sort_top];
    if (b->kind == FER_BIND_SORT) {
      fer_rd_advance(rd);
      return b->value;
    }
    const fer_sortdef *d = &rd->sortdefs.data[b->value];
    fer_rd_error_at(f, FERRET_ERROR_SORT, t.line, t.col,
                    "sort '%s' expects %u parameter%s", fer_sym_name(rd, sym),
                    d->nparams, d->nparams == 1 ? "" : "s");
    return 0;
  }
  fer_sort s = 0;
  switch (y ? y->sort_builtin : FER_SB_NONE) {
  case FER_SB_BOOL: s = fer_sort_bool(f); break;
  case FER_SB_ROUNDINGMODE: s = fer_sort_rm(f); break;
  case FER_SB_FLOAT16: s = fer_sort_fp(f, 5, 11); break;
  case FER_SB_FLOAT32: s = fer_sort_fp(f, 8, 24); break;
  case FER_SB_FLOAT64: s = fer_sort_fp(f, 11, 53); break;
  case FER_SB_FLOAT128: s = fer_sort_fp(f, 15, 113); break;
  case FER_SB_BITVEC:
  case FER_SB_FLOATINGPOINT:
    fer_rd_error_at(f, FERRET_ERROR_PARSE, t.line, t.col,
                    "sort '%.*s' needs indices: (_ %.*s ...)", (int)t.slen,
                    t.s, (int)t.slen, t.s);
    return 0;
  case FER_SB_ARRAY:
    fer_rd_error_at(f, FERRET_ERROR_SORT, t.line, t.col,
                    "sort 'Array' needs an index and an element sort: "
                    "(Array I E)");
    return 0;
  case FER_SB_UNSUPPORTED: unsupported_sort(f, rd, &t, y); return 0;
  default:
    fer_rd_error_at(f, FERRET_ERROR_SORT, t.line, t.col, "unknown sort '%.*s'",
                    (int)t.slen, t.s);
    return 0;
  }
  if (s) fer_rd_advance(rd);
  return s;
}

/* (_ BitVec w) or (_ FloatingPoint eb sb), after "(_". */
static fer_sort indexed_sort(ferret *f, fer_reader *rd) {
  const fer_token t = rd->tok;
  if (!fer_rd_ok(f, rd)) return 0;
  if (t.kind != FER_TOK_SYMBOL) {
    fer_rd_expect(f, rd, FER_TOK_SYMBOL, "a sort name");
    return 0;
  }
  uint32_t sym = fer_sym_find(rd, t.s, t.slen);
  uint32_t sb = sym ? fer_sym(rd, sym)->sort_builtin : 0;
  fer_sort s = 0;
  uint32_t a, b;
  if (sb == FER_SB_BITVEC) {
    fer_rd_advance(rd);
    if (!fer_rd_u32(f, rd, &a, "bit-vector width")) return 0;
    if (!a) {
      fer_rd_error_at(f, FERRET_ERROR_SORT, t.line, t.col,
                      "bit-vector width must be at least 1");
      return 0;
    }
    s = fer_sort_bv(f, a);
  } else if (sb == FER_SB_FLOATINGPOINT) {
    fer_rd_advance(rd);
    if (!fer_rd_u32(f, rd, &a, "exponent width") ||
        !fer_rd_u32(f, rd, &b, "significand width"))
      return 0;
    if (a < 2 || b < 2) {
      fer_rd_error_at(f, FERRET_ERROR_SORT, t.line, t.col,
                      "floating-point sort needs eb >= 2 and sb >= 2");
      return 0;
    }
    if ((uint64_t)a + b > UINT32_MAX) {
      fer_rd_error_at(f, FERRET_ERROR_LIMIT, t.line, t.col,
                      "floating-point sort too wide");
      return 0;
    }
    s = fer_sort_fp(f, a, b);
  } else if (sb == FER_SB_UNSUPPORTED) {
    unsupported_sort(f, rd, &t, fer_sym(rd, sym));
    return 0;
  } else {
    fer_rd_error_at(f, FERRET_ERROR_SORT, t.line, t.col,
                    "unknown indexed sort '%.*s'", (int)t.slen, t.s);
    return 0;
  }
  if (!s || !fer_rd_expect(f, rd, FER_TOK_RPAR, "')'")) return 0;
  return s;
}

/* Read the body of sort definition `d` again with its parameters bound to
 * args[0..nparams). */
static fer_sort instantiate(ferret *f, fer_reader *rd, uint32_t def,
                            const fer_sort *args, uint32_t depth) {
  if (++rd->sort_expansions > FER_MAX_SORT_EXPANSIONS) {
    fer_rd_error_at(f, FERRET_ERROR_LIMIT, 0, 0,
                    "sort definitions expand too much (more than %d uses)",
                    FER_MAX_SORT_EXPANSIONS);
    return 0;
  }
  fer_rd_mark mark = fer_rd_mark_get(rd);
  const fer_sortdef d = rd->sortdefs.data[def];
  for (uint32_t i = 0; i < d.nparams; i++)
    if (!fer_rd_bind(f, rd, rd->sortdef_params.data[d.params + i], true,
                     FER_BIND_SORT, args[i]))
      return 0;
  fer_lexer saved_lex = rd->lex;
  fer_token saved_tok = rd->tok;
  const char *saved_base = rd->base, *saved_end = rd->last_end;
  uint32_t saved_depth = rd->depth;
  uint8_t saved_prev = rd->prev_kind;
  fer_rd_begin(rd, rd->sortdef_text.data + d.text, d.len, d.line, d.col);
  fer_sort s = read_sort(f, rd, depth + 1);
  rd->lex = saved_lex;
  rd->tok = saved_tok;
  rd->base = saved_base;
  rd->last_end = saved_end;
  rd->depth = saved_depth;
  rd->prev_kind = saved_prev;
  fer_rd_mark_restore(rd, mark);
  return s;
}

static fer_sort read_sort(ferret *f, fer_reader *rd, uint32_t depth) {
  if (depth > FER_MAX_SORT_DEPTH) {
    fer_rd_error_at(f, FERRET_ERROR_LIMIT, rd->tok.line, rd->tok.col,
                    "sort nesting too deep");
    return 0;
  }
  if (!fer_rd_ok(f, rd)) return 0;
  if (rd->tok.kind == FER_TOK_SYMBOL) return sort_symbol(f, rd);
  if (rd->tok.kind != FER_TOK_LPAR) {
    fer_rd_expect(f, rd, FER_TOK_SYMBOL, "a sort");
    return 0;
  }
  fer_rd_advance(rd);
  if (!fer_rd_ok(f, rd)) return 0;
  const fer_token t = rd->tok;
  if (t.kind != FER_TOK_SYMBOL) {
    fer_rd_expect(f, rd, FER_TOK_SYMBOL, "a sort name");
    return 0;
  }
  uint32_t sym = fer_sym_find(rd, t.s, t.slen);
  const fer_symbol *y = sym ? fer_sym(rd, sym) : NULL;
  if (y && y->builtin == FER_BI_UNDERSCORE) {
    fer_rd_advance(rd);
    return indexed_sort(f, rd);
  }
  if (y && y->sort_top &&
      rd->binds.data[y->sort_top].kind == FER_BIND_SORTDEF) {
    uint32_t def = rd->binds.data[y->sort_top].value;
    uint32_t n = rd->sortdefs.data[def].nparams;
    fer_rd_advance(rd);
    size_t base = rd->args.size;
    fer_sort s = 0;
    while (rd->tok.kind != FER_TOK_RPAR && rd->tok.kind != FER_TOK_EOF) {
      fer_sort a = read_sort(f, rd, depth + 1);
      if (!a || !FER_PUSH(f, rd->args, a)) goto done;
    }
    if (rd->args.size - base != n) {
      fer_rd_error_at(f, FERRET_ERROR_SORT, t.line, t.col,
                      "sort '%s' expects %u parameter%s, got %zu",
                      fer_sym_name(rd, sym), n, n == 1 ? "" : "s",
                      rd->args.size - base);
      goto done;
    }
    if (!fer_rd_expect(f, rd, FER_TOK_RPAR, "')'")) goto done;
    s = instantiate(f, rd, def, rd->args.data + base, depth);
    if (!s) f->error.line = t.line, f->error.column = t.col;
  done:
    rd->args.size = base;
    return s;
  }
  if (y && y->sort_builtin == FER_SB_UNSUPPORTED) {
    unsupported_sort(f, rd, &t, y);
    return 0;
  }
  if (y && y->sort_builtin == FER_SB_ARRAY && !y->sort_top) {
    fer_rd_advance(rd);
    fer_sort i = read_sort(f, rd, depth + 1);
    fer_sort e = i ? read_sort(f, rd, depth + 1) : 0;
    if (!e || !fer_rd_expect(f, rd, FER_TOK_RPAR, "')' after (Array I E)"))
      return 0;
    return fer_sort_array(f, i, e);
  }
  if (y && (y->sort_top || y->sort_builtin)) {
    /* (Float32): a sort without parameters in parentheses, as Z3 allows */
    fer_sort s = sort_symbol(f, rd);
    if (!s || !fer_rd_expect(f, rd, FER_TOK_RPAR, "')'")) return 0;
    return s;
  }
  if (y && y->sort_top) {
    fer_rd_error_at(f, FERRET_ERROR_SORT, t.line, t.col,
                    "sort '%.*s' takes no parameters", (int)t.slen, t.s);
    return 0;
  }
  fer_rd_error_at(f, FERRET_ERROR_SORT, t.line, t.col, "unknown sort '%.*s'",
                  (int)t.slen, t.s);
  return 0;
}

fer_sort fer_rd_sort(ferret *f, fer_reader *rd) {
  rd->sort_expansions = 0;
  return read_sort(f, rd, 0);
}

bool fer_rd_define_sort(ferret *f, fer_reader *rd, uint32_t sym) {
  const fer_symbol *y = fer_sym(rd, sym);
  if (y->sort_builtin || y->sort_top)
    return fer_rd_error_at(f, FERRET_ERROR_SORT, rd->tok.line, rd->tok.col,
                           "sort '%s' is already declared",
                           fer_sym_name(rd, sym));
  if (!fer_rd_expect(f, rd, FER_TOK_LPAR, "'(' before the sort parameters"))
    return false;
  fer_rd_mark mark = fer_rd_mark_get(rd);
  uint32_t params = (uint32_t)rd->sortdef_params.size, n = 0;
  while (rd->tok.kind == FER_TOK_SYMBOL) {
    uint32_t p = fer_rd_symbol(f, rd, "a sort parameter");
    /* Parameters are bound to Bool while the body is checked once. */
    if (!p || !FER_PUSH(f, rd->sortdef_params, p) ||
        !fer_rd_bind(f, rd, p, true, FER_BIND_SORT, fer_sort_bool(f)))
      goto fail;
    n++;
  }
  if (!fer_rd_expect(f, rd, FER_TOK_RPAR, "')' after the sort parameters"))
    goto fail;
  uint32_t line = rd->tok.line, col = rd->tok.col;
  const char *start = rd->tok.text;
  fer_sort s = fer_rd_sort(f, rd);
  if (!s) goto fail;
  /* Unbind the parameters, keep them in sortdef_params. */
  fer_rd_mark keep = mark;
  keep.sortdef_params = (uint32_t)rd->sortdef_params.size;
  fer_rd_mark_restore(rd, keep);
  if (!n) return fer_rd_bind(f, rd, sym, true, FER_BIND_SORT, s);
  size_t len = (size_t)(rd->last_end - start);
  if (!FER_RESERVE(f, rd->sortdef_text, len)) goto fail;
  fer_sortdef d = {sym, n, params, (uint32_t)rd->sortdef_text.size,
                   (uint32_t)len, line, col};
  memcpy(rd->sortdef_text.data + rd->sortdef_text.size, start, len);
  rd->sortdef_text.size += len;
  if (!FER_PUSH(f, rd->sortdefs, d)) goto fail;
  if (fer_rd_bind(f, rd, sym, true, FER_BIND_SORTDEF,
                  (uint32_t)rd->sortdefs.size - 1))
    return true;
fail:
  fer_rd_mark_restore(rd, mark);
  return false;
}
