/* The SMT-LIB 2.6 reader: symbols, scopes, sorts and terms.
 *
 * The reader turns tokens (lex.h) into sorts and term ids of the store.
 * It owns the symbol table (a hash map from names to symbols), the binding
 * stack that gives names their meaning (declarations, definitions, let
 * bindings, define-fun parameters, define-sort parameters), and the
 * definitions themselves.  The session (smt.c) drives it command by
 * command and owns assertions and answers.
 *
 * Error contract: every function that can fail returns 0/false and leaves
 * the reason in the context's error record with the line:column of the
 * offending token or application (never line 0 for a syntax or sort
 * error).  On failure the reader is left consistent (bindings made by the
 * failed call undone); the caller skips the rest of the command with
 * fer_rd_skip_command().
 *
 * No recursion depends on the input without a bound: terms are read with an
 * explicit stack limited to FER_MAX_NESTING open applications, sorts with a
 * depth counter. */
#ifndef FER_PARSE_H
#define FER_PARSE_H

#include "base/context.h"
#include "smt/term.h"
#include "smt/lex.h"
#include "smt/rewrite.h"

/* Open parentheses a term may nest (an error beyond, never a crash). */
#define FER_MAX_NESTING 10000
/* Widest bit-vector constant the reader builds (bits); wider constants are
 * rejected as a limit rather than allocating gigabytes. */
#define FER_MAX_CONST_BITS (1u << 24)
/* Largest numerator or denominator of a Real literal or of the exact
 * arithmetic on them (bits), and the longest numeral or decimal (digits,
 * 19000 * log2(10) < 65536): normalising a rational costs time quadratic
 * in its size, so bigger literals are refused rather than hanging. */
#define FER_MAX_REAL_BITS 65536u
#define FER_MAX_LITERAL_DIGITS 19000u

/* Meaning of a built-in symbol (fer_symbol.builtin). */
typedef enum fer_builtin {
  FER_BI_NONE = 0,
  FER_BI_OP,       /* an operator of ops.h, in fer_symbol.op */
  FER_BI_TO_FP,
  FER_BI_TO_FP_UNSIGNED,
  FER_BI_TRUE,
  FER_BI_FALSE,
  FER_BI_RM,       /* rounding mode, value in fer_symbol.op */
  FER_BI_LET,
  FER_BI_BANG,
  FER_BI_UNDERSCORE,
  FER_BI_AS,
  FER_BI_ARITH,    /* + - * / on Real literals; op = '+', '-', '*', '/' */
  FER_BI_FP_SPECIAL, /* +zero -zero +oo -oo NaN; op = 0..4 */
  FER_BI_UNSUPPORTED /* op indexes fer_unsupported_table */
} fer_builtin;

/* Built-in sort names (fer_symbol.sort_builtin). */
typedef enum fer_sort_builtin {
  FER_SB_NONE = 0,
  FER_SB_BOOL,
  FER_SB_BITVEC,
  FER_SB_FLOATINGPOINT,
  FER_SB_ROUNDINGMODE,
  FER_SB_FLOAT16,
  FER_SB_FLOAT32,
  FER_SB_FLOAT64,
  FER_SB_FLOAT128,
  FER_SB_ARRAY,
  FER_SB_UNSUPPORTED /* sort_op indexes fer_unsupported_table */
} fer_sort_builtin;

/* Command names (fer_symbol.cmd), dispatched by smt_cmd.c. */
typedef enum fer_command {
  FER_CMD_NONE = 0,
  FER_CMD_ASSERT,
  FER_CMD_CHECK_SAT,
  FER_CMD_CHECK_SAT_ASSUMING,
  FER_CMD_CHECK_SAT_USING, /* Z3 extension: the tactic is ignored */
  FER_CMD_DECLARE_CONST,
  FER_CMD_DECLARE_FUN,
  FER_CMD_DECLARE_SORT,
  FER_CMD_DEFINE_CONST,    /* SMT-LIB 2.7 / Z3 */
  FER_CMD_DEFINE_FUN,
  FER_CMD_DEFINE_FUN_REC,
  FER_CMD_DEFINE_FUNS_REC,
  FER_CMD_DEFINE_SORT,
  FER_CMD_DECLARE_DATATYPE,
  FER_CMD_DECLARE_DATATYPES,
  FER_CMD_ECHO,
  FER_CMD_EXIT,
  FER_CMD_GET_ASSERTIONS,
  FER_CMD_GET_ASSIGNMENT,
  FER_CMD_GET_INFO,
  FER_CMD_GET_MODEL,
  FER_CMD_GET_OPTION,
  FER_CMD_GET_PROOF,
  FER_CMD_GET_UNSAT_ASSUMPTIONS,
  FER_CMD_GET_UNSAT_CORE,
  FER_CMD_GET_VALUE,
  FER_CMD_POP,
  FER_CMD_PUSH,
  FER_CMD_RESET,
  FER_CMD_RESET_ASSERTIONS,
  FER_CMD_SET_INFO,
  FER_CMD_SET_LOGIC,
  FER_CMD_SET_OPTION
} fer_command;

/* Names of constructs ferret rejects, with what they belong to:
 * "unsupported: 'select' (arrays)". */
typedef struct fer_unsupported {
  const char *name, *what;
  bool sort; /* a sort name, else a function or binder */
} fer_unsupported;
extern const fer_unsupported fer_unsupported_table[];

typedef struct fer_symbol {
  uint32_t name;  /* offset of the NUL-terminated name in the name pool */
  uint32_t len;
  uint32_t hash;
  uint8_t builtin;      /* fer_builtin */
  uint8_t sort_builtin; /* fer_sort_builtin */
  uint8_t cmd;          /* fer_command */
  uint8_t pad;
  uint16_t op;          /* detail of builtin (see fer_builtin) */
  uint16_t sort_op;     /* detail of sort_builtin */
  uint32_t term_top;    /* innermost binding in the term namespace, 0: none */
  uint32_t sort_top;    /* innermost binding in the sort namespace */
  fer_term literal;     /* for the key "|" + a numeral or decimal: its Real
                           term ('|' cannot occur in a symbol name) */
} fer_symbol;

typedef enum fer_bind_kind {
  FER_BIND_TERM,      /* value: a term (constant, let, named, parameter) */
  FER_BIND_FUN,       /* value: index into funs (define-fun with parameters) */
  FER_BIND_SORT,      /* value: a sort (define-sort without parameters or a
                         sort parameter) */
  FER_BIND_SORTDEF    /* value: index into sortdefs */
} fer_bind_kind;

typedef struct fer_binding {
  uint32_t sym;
  uint32_t prev;  /* shadowed binding of the same symbol and namespace */
  uint32_t kind;  /* fer_bind_kind */
  uint32_t value;
} fer_binding;

/* define-fun with parameters: the body has PARAM leaves 0..nparams-1. */
typedef struct fer_fundef {
  uint32_t sym;
  uint32_t nparams;
  uint32_t sorts; /* offset into fun_sorts: nparams parameter sorts */
  fer_sort result;
  fer_term body;
} fer_fundef;

/* define-sort with parameters: the body is kept as text and read again
 * with the parameters bound at each use. */
typedef struct fer_sortdef {
  uint32_t sym;
  uint32_t nparams;
  uint32_t params;   /* offset into sortdef_params: parameter symbols */
  uint32_t text, len; /* body text in sortdef_text */
  uint32_t line, col; /* where the body was written */
} fer_sortdef;

/* A let binding or :named label waiting to be bound. */
typedef struct fer_pending {
  uint32_t sym;
  fer_term term;
  uint32_t line, col;
} fer_pending;

/* One open construct of the term reader (parse_term.c). */
typedef struct fer_frame {
  uint8_t kind;      /* FER_FR_* in parse_term.c */
  uint8_t head;      /* how the application is built */
  uint16_t op;       /* fer_op or detail */
  uint32_t idx[2];   /* indices of the head */
  uint32_t fun;      /* FER_BIND_FUN: index into funs; let: binding mark */
  uint32_t sym;      /* head symbol (for messages) */
  fer_sort as_sort;  /* (as f S): the required result sort, else 0 */
  uint32_t line, col; /* of the '(' */
  uint32_t base;     /* args (or lets) stack size when the frame opened */
} fer_frame;

/* What the binding stack and definition pools looked like; restoring a mark
 * undoes everything bound since (pop, reset-assertions, errors). */
typedef struct fer_rd_mark {
  uint32_t binds, funs, fun_sorts, sortdefs, sortdef_params, sortdef_text;
} fer_rd_mark;

typedef struct fer_reader {
  /* tokens: `tok` is the next unconsumed token (always lexed ahead) */
  fer_lexer lex;
  fer_token tok;
  const char *base;  /* start of the text being read (for slices) */
  uint32_t depth;    /* unclosed '(' consumed in the current command */
  uint32_t sort_expansions; /* define-sort uses expanded by this fer_rd_sort */
  uint8_t prev_kind;  /* kind of the last consumed token (fer_tok_kind) */
  const char *last_end; /* end of the last consumed token */

  /* symbols */
  FER_STACK(fer_symbol) syms; /* syms.data[0] unused */
  FER_STACK(char) names;
  fer_index table;      /* the symbols by name (base/map.h) */

  /* meanings */
  FER_STACK(fer_binding) binds; /* binds.data[0] unused */
  FER_STACK(fer_fundef) funs;
  FER_STACK(fer_sort) fun_sorts;
  FER_STACK(fer_sortdef) sortdefs;
  FER_STACK(uint32_t) sortdef_params;
  FER_STACK(char) sortdef_text;

  /* scratch of the term reader */
  FER_STACK(fer_frame) frames;
  FER_STACK(fer_term) args;
  FER_STACK(fer_pending) lets;
  FER_STACK(fer_pending) named; /* :named labels of the current command */

  /* define-fun substitution (parse_subst.c) */
  fer_rewriter rewrite;
} fer_reader;

/* ---- the reader and its built-in names (parse.c) ---- */
int fer_rd_init(ferret *, fer_reader *);
void fer_rd_release(ferret *, fer_reader *);

/* ---- tokens (parse_tok.c) ---- */
/* Start reading text[0..len) whose first byte is at line:col. */
void fer_rd_begin(fer_reader *, const char *text, size_t len, uint32_t line,
                  uint32_t col);
/* Consume `tok` and lex the next one (tracks depth). */
void fer_rd_advance(fer_reader *);
/* If `tok` is a lexer error, report it and return false. */
bool fer_rd_ok(ferret *, fer_reader *);
/* Consume a token of `kind` or report "expected WHAT". */
bool fer_rd_expect(ferret *, fer_reader *, fer_tok_kind kind, const char *what);
/* Report an error at the position of `tok` (or at line:col). */
bool fer_rd_error_at(ferret *, ferret_status, uint32_t line, uint32_t col,
                     const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* After an error: consume tokens until the current command's parentheses
 * are closed.  Returns false if the rest of the text must be dropped (a
 * fatal lexer error or end of input first).  *commands: the skipped text
 * held '(' and a command name inside the command (an unbalanced command
 * that ran into the ones after it). */
bool fer_rd_skip_command(fer_reader *, bool *commands);
/* Skip one s-expression (attribute values, set-info values, tactics). */
bool fer_rd_skip_sexpr(ferret *, fer_reader *);
/* A numeral that fits in uint32 (indices, push/pop levels). */
bool fer_rd_u32(ferret *, fer_reader *, uint32_t *value, const char *what);

/* ---- symbols and bindings (parse_sym.c) ---- */
/* The symbol named s[0..len), created if new; 0 on allocation failure. */
uint32_t fer_sym_intern(ferret *, fer_reader *, const char *s, uint32_t len);
/* The symbol or 0 if the name was never seen. */
uint32_t fer_sym_find(const fer_reader *, const char *s, uint32_t len);
static inline fer_symbol *fer_sym(fer_reader *rd, uint32_t sym) {
  return &rd->syms.data[sym];
}
static inline const char *fer_sym_name(const fer_reader *rd, uint32_t sym) {
  return rd->names.data + rd->syms.data[sym].name;
}
/* Consume a SYMBOL token and intern it. */
uint32_t fer_rd_symbol(ferret *, fer_reader *, const char *what);
/* Bind in the term (sort == false) or sort namespace. */
bool fer_rd_bind(ferret *, fer_reader *, uint32_t sym, bool sort,
                 fer_bind_kind kind, uint32_t value);
/* Innermost term binding of `sym` or NULL. */
static inline const fer_binding *fer_rd_term_binding(const fer_reader *rd,
                                                     uint32_t sym) {
  uint32_t b = rd->syms.data[sym].term_top;
  return b ? &rd->binds.data[b] : NULL;
}
fer_rd_mark fer_rd_mark_get(const fer_reader *);
void fer_rd_mark_restore(fer_reader *, fer_rd_mark);
/* Is `sym` free to be declared (not built in, not bound at all)?  Reports
 * the error at line:col otherwise. */
bool fer_rd_check_fresh(ferret *, fer_reader *, uint32_t sym, uint32_t line,
                        uint32_t col);

/* ---- overloaded declarations (parse_sym.c) ---- */
/* May `sym` be declared with argument sorts dom[0..n)?  It may if it is
 * free, or if every meaning it has is a declared variable or function
 * with other argument sorts (overloading, as z3 and cvc5 allow).  Reports
 * the error at line:col otherwise. */
bool fer_rd_check_declarable(ferret *, fer_reader *, uint32_t sym,
                             const fer_sort *dom, uint32_t n, uint32_t line,
                             uint32_t col);
/* The declaration of `sym` that takes argument sorts dom[0..n), or 0. */
fer_term fer_rd_overload(const ferret *, const fer_reader *, uint32_t sym,
                         const fer_sort *dom, uint32_t n);
/* Is `sym` declared with more than one signature? */
bool fer_rd_overloaded(const ferret *, const fer_reader *, uint32_t sym);

/* ---- sorts (parse_sort.c) ---- */
fer_sort fer_rd_sort(ferret *, fer_reader *);
/* define-sort after the name: parameters and body. */
bool fer_rd_define_sort(ferret *, fer_reader *, uint32_t sym);

/* ---- terms (parse_term.c) ---- */
/* Read one term.  :named labels are collected in `named` (bind them with
 * fer_rd_commit_named once the command succeeded).  start and end (may
 * be NULL) receive the offsets of the term's text in the current input. */
fer_term fer_rd_term(ferret *, fer_reader *, size_t *start, size_t *end);
bool fer_rd_commit_named(ferret *, fer_reader *);

/* ---- define-fun application (parse_subst.c) ---- */
/* The body of `fun` with parameter i replaced by args[i]: a DAG
 * substitution memoised per call, so linear in the body. */
fer_term fer_rd_apply_fun(ferret *, fer_reader *, const fer_fundef *fun,
                          const fer_term *args);

/* ---- literals (parse_num.c) ---- */
/* #b / #x token to a BV constant. */
fer_term fer_rd_bits_const(ferret *, fer_reader *, const fer_token *);
/* Decimal digits s[0..len) modulo 2^width as a BV constant ((_ bvN w)). */
fer_term fer_rd_bvn_const(ferret *, const char *s, uint32_t len,
                          uint32_t width);
/* NUMERAL or DECIMAL token to an exact Real literal. */
fer_term fer_rd_real_literal(ferret *, const fer_token *);
/* Exact arithmetic on Real literals: '+', '-', '*', '/' over n >= 1
 * arguments (SMT-LIB: - of one argument negates; / is left-assoc).
 * 0 on division by zero (error set) or allocation failure. */
fer_term fer_real_arith(ferret *, char op, uint32_t n, const fer_term *args);
/* (fp s e m) with constant arguments as one FP constant. */
fer_term fer_rd_fp_const(ferret *, const fer_term *args);
/* (_ +zero eb sb) etc.; kind 0..4 = +zero -zero +oo -oo NaN. */
fer_term fer_rd_fp_special(ferret *, uint32_t kind, uint32_t eb, uint32_t sb);

#endif
