/* The model reader (model_read.h): (define-fun x () S v) text, such as a
 * model printed by ferret, z3 or cvc5, read into (variable, value)
 * pairs.  Its users: the engine's user seeds (ferret_set_seeds), the
 * portfolio's partner models, hunt's check of a solver's model, sample
 * files. */
#include <stdio.h>
#include <string.h>

#include "smt/eval.h"
#include "smt/model_read.h"
#include "smt/parse.h"

/* The text is read by the SMT-LIB reader (parse.h) in a scratch reader
 * of its own, which knows the built-in symbols only: a value is any closed
 * term (#b/#x, (_ bvN w), (fp ...), (_ +zero eb sb), true, RNE, ...,
 * folded by the evaluator if it is not a constant yet), and errors come
 * with the line:column of the offending token in the seed text. */

static bool symbol_is(const fer_token *t, const char *name) {
  return t->kind == FER_TOK_SYMBOL && t->slen == strlen(name) &&
         !memcmp(t->s, name, t->slen);
}

/* The declared variable named t's symbol (the last one declared), or 0. */
static fer_term var_by_name(ferret *f, const fer_token *t) {
  for (uint32_t i = fer_var_count(f); i-- > 0;) {
    fer_term v = fer_var_term(f, i);
    if (v && symbol_is(t, fer_var_name(f, v))) return v;
  }
  return 0;
}

/* The bit pattern of the closed term v read at token vt, for the variable
 * x (of whose sort it must be). */
static bool value_bits(ferret *f, const fer_token *vt, fer_term x, fer_term v,
                       fer_u128 *bits) {
  fer_sort sort = fer_term_sort(f, x);
  if (fer_term_sort(f, v) != sort) {
    char want[64], got[64];
    fer_sort_print(f, sort, want, sizeof want);
    fer_sort_print(f, fer_term_sort(f, v), got, sizeof got);
    return fer_rd_error_at(f, FERRET_ERROR_SORT, vt->line, vt->col,
                           "seed: the value of '%s' has sort %s, declared %s",
                           fer_var_name(f, x), got, want);
  }
  if (fer_sort_bits(f, sort) > 128)
    return fer_rd_error_at(f, FERRET_ERROR_UNSUPPORTED, vt->line, vt->col,
                           "seed: values wider than 128 bits are not seeds");
  fer_op op = fer_term_op(f, v);
  if (op != FER_OP_CONST && op != FER_OP_TRUE && op != FER_OP_FALSE) {
    bool unspecified = false;
    v = fer_eval(f, v, NULL, &unspecified);
    if (!v || unspecified)
      return fer_rd_error_at(f, FERRET_ERROR_PARSE, vt->line, vt->col,
                             "seed: the value of '%s' is not a constant",
                             fer_var_name(f, x));
    op = fer_term_op(f, v);
  }
  *bits = op == FER_OP_CONST ? fer_const_u128(f, v) : op == FER_OP_TRUE;
  return true;
}

/* (define-fun x () S v) after its "define-fun": *x is the variable named
 * (0 if the formula has none of that name, and then *v is not set; an
 * error when strict), *at its name token.  The sort S is skipped: the
 * variable's own is what counts. */
static bool read_define(ferret *f, fer_reader *rd, bool strict, fer_term *x,
                        fer_u128 *v, fer_token *at) {
  if (!fer_rd_ok(f, rd)) return false;
  if (rd->tok.kind != FER_TOK_SYMBOL)
    return fer_rd_expect(f, rd, FER_TOK_SYMBOL, "a variable name");
  *at = rd->tok;
  *x = var_by_name(f, &rd->tok);
  if (!*x && strict)
    return fer_rd_error_at(f, FERRET_ERROR_PARSE, at->line, at->col,
                           "'%.*s' is not a variable of the formula",
                           (int)(at->slen < 64 ? at->slen : 64), at->s);
  fer_rd_advance(rd);
  if (!fer_rd_ok(f, rd)) return false;
  fer_token t = rd->tok;
  if (t.kind == FER_TOK_LPAR) fer_rd_advance(rd);
  if (t.kind != FER_TOK_LPAR || rd->tok.kind != FER_TOK_RPAR)
    return fer_rd_error_at(f, FERRET_ERROR_PARSE, t.line, t.col,
                           "seed: only constants (define-fun x () S v) "
                           "are seeds");
  fer_rd_advance(rd);
  if (!fer_rd_skip_sexpr(f, rd) || !fer_rd_ok(f, rd)) return false;
  fer_token vt = rd->tok;
  fer_term value = fer_rd_term(f, rd, NULL, NULL);
  FER_CLEAR(rd->named); /* a label in a seed names nothing */
  return value &&
         fer_rd_expect(f, rd, FER_TOK_RPAR, "')' at the end of define-fun") &&
         (!*x || value_bits(f, &vt, *x, value, v));
}

static bool push_pair(ferret *f, fer_user_seeds *u, fer_term x, fer_u128 v,
                      uint32_t line, uint32_t col) {
  return FER_PUSH(f, u->var, x) && FER_PUSH(f, u->val, v) &&
         FER_PUSH(f, u->line, line) && FER_PUSH(f, u->col, col);
}

/* The seeds of text[0..len) into u: every (define-fun ...) counts, other
 * text ((model ...), sat, comments) is passed over unless u->strict,
 * which allows only define-fun commands, inside one (model ...) or not. */
static bool read_seeds(ferret *f, fer_reader *rd, fer_user_seeds *u) {
  size_t start = u->var.size; /* first entry of the current seed */
  bool in_model = false;
  while (rd->tok.kind != FER_TOK_EOF) {
    if (!fer_rd_ok(f, rd)) return false;
    fer_token t = rd->tok;
    bool open = t.kind == FER_TOK_LPAR;
    fer_rd_advance(rd);
    if (open && symbol_is(&rd->tok, "define-fun")) {
      fer_rd_advance(rd);
    } else if (!u->strict) {
      continue;
    } else if (open && !in_model && symbol_is(&rd->tok, "model")) {
      in_model = true;
      fer_rd_advance(rd);
      continue;
    } else if (t.kind == FER_TOK_RPAR && in_model) {
      in_model = false;
      continue;
    } else {
      return fer_rd_error_at(f, FERRET_ERROR_PARSE, t.line, t.col,
                             "expected (define-fun x () S v)");
    }
    fer_term x = 0;
    fer_u128 v = 0;
    fer_token at;
    if (!read_define(f, rd, u->strict, &x, &v, &at)) return false;
    if (!x) continue; /* a variable this formula does not have */
    for (size_t i = start; i < u->var.size; i++)
      if (u->var.data[i] == x) { /* repeated: a new seed starts */
        if (!push_pair(f, u, 0, 0, 0, 0)) return false;
        start = u->var.size;
        break;
      }
    if (!push_pair(f, u, x, v, at.line, at.col)) return false;
  }
  if (in_model)
    return fer_rd_error_at(f, FERRET_ERROR_PARSE, rd->tok.line, rd->tok.col,
                           "')' missing at the end of (model ...)");
  return true;
}

void fer_user_seeds_init(fer_user_seeds *u) { memset(u, 0, sizeof *u); }

void fer_user_seeds_release(ferret *f, fer_user_seeds *u) {
  FER_RELEASE(f, u->var);
  FER_RELEASE(f, u->val);
  FER_RELEASE(f, u->line);
  FER_RELEASE(f, u->col);
}

ferret_status fer_user_seeds_parse(ferret *f, const char *text, size_t len,
                                   fer_user_seeds *u) {
  fer_reader rd;
  bool ok = fer_rd_init(f, &rd);
  if (ok) {
    fer_rd_begin(&rd, text, len, 1, 1);
    ok = read_seeds(f, &rd, u);
  }
  fer_rd_release(f, &rd);
  if (ok) return FERRET_OK;
  /* Those who report this (solve.c, libfuzzer.c) print the message
   * alone: it gets the position in front. */
  const ferret_error_info *e = &f->error;
  char msg[512];
  snprintf(msg, sizeof msg, "%s", e->message ? e->message : "error");
  if (!e->line) return e->status;
  return fer_error(f, e->status, e->line, e->column, "%u:%u: %s", e->line,
                   e->column, msg);
}
