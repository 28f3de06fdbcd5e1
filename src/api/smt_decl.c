/* The SMT-LIB commands that build the formula: declarations, definitions
 * (define-fun, define-const, define-sort) and the assertion stack (assert,
 * push, pop, reset, get-assertions). */
#include <string.h>

#include "api/smt_session.h"

#define RD (&s->rd)

enum { FER_MAX_ARITY = 64 }; /* arguments of a declared function */

/* --------------------------------------------------------- declarations */

static fer_term declare(ferret *f, fer_smt *s, uint32_t sym, fer_sort sort) {
  fer_term v = fer_mk_var(f, fer_sym_name(RD, sym), sort);
  return v && fer_rd_bind(f, RD, sym, false, FER_BIND_TERM, v) &&
                 FER_PUSH(f, s->decls, v)
             ? v
             : 0;
}

/* The symbol of a name given through the API (no position): 0 with the
 * error set when the name is empty or too long. */
static uint32_t api_symbol(ferret *f, fer_smt *s, const char *name,
                           const char *what) {
  size_t len = strlen(name);
  if (!len || len > UINT32_MAX) {
    fer_error(f, FERRET_ERROR_SORT, 0, 0, "%s needs a name", what);
    return 0;
  }
  return fer_sym_intern(f, RD, name, (uint32_t)len);
}

fer_term fer_smt_declare(ferret *f, const char *name, fer_sort sort) {
  fer_smt *s = f->smt;
  uint32_t sym = api_symbol(f, s, name, "a variable");
  if (!sym || !fer_rd_check_fresh(f, RD, sym, 0, 0)) return 0;
  s->have_model = false;
  return declare(f, s, sym, sort);
}

void fer_smt_declared(const ferret *f, const fer_term **v, size_t *n) {
  *v = f->smt->decls.data, *n = f->smt->decls.size;
}

fer_reply fer_smt_declare_const(ferret *f, fer_smt *s) {
  fer_token t = RD->tok;
  uint32_t sym = fer_rd_symbol(f, RD, "a constant name");
  if (!sym || !fer_rd_check_declarable(f, RD, sym, NULL, 0, t.line, t.col))
    return FER_R_ERROR;
  fer_sort sort = fer_rd_sort(f, RD);
  if (!sort || !fer_smt_close(f, s) || !declare(f, s, sym, sort))
    return FER_R_ERROR;
  return FER_R_SUCCESS;
}

/* (declare-fun f (A1 .. An) R): with arguments, a function variable of the
 * curried sort (Array A1 (Array .. (Array An R))) (term.h, fer_var). */
static fer_term declare_fun(ferret *f, fer_smt *s, uint32_t sym,
                            const fer_sort *dom, uint32_t n, fer_sort range) {
  if (!n) return declare(f, s, sym, range);
  fer_sort sort = range;
  for (uint32_t i = n; i-- > 0;)
    if (!(sort = fer_sort_array(f, dom[i], sort))) return 0;
  fer_term v = fer_mk_fun(f, fer_sym_name(RD, sym), n, sort);
  return v && fer_rd_bind(f, RD, sym, false, FER_BIND_TERM, v) &&
                 FER_PUSH(f, s->decls, v)
             ? v
             : 0;
}

fer_term fer_smt_declare_named_fun(ferret *f, const char *name,
                                   const fer_sort *dom, uint32_t n,
                                   fer_sort range) {
  fer_smt *s = f->smt;
  if (n > FER_MAX_ARITY) {
    fer_error(f, FERRET_ERROR_LIMIT, 0, 0,
              "function '%s' has more than %d arguments", name,
              FER_MAX_ARITY);
    return 0;
  }
  uint32_t sym = api_symbol(f, s, name, "a function");
  if (!sym || !fer_rd_check_fresh(f, RD, sym, 0, 0)) return 0;
  s->have_model = false;
  return declare_fun(f, s, sym, dom, n, range);
}

fer_reply fer_smt_declare_fun(ferret *f, fer_smt *s) {
  fer_token t = RD->tok;
  uint32_t sym = fer_rd_symbol(f, RD, "a function name");
  if (!sym ||
      !fer_rd_expect(f, RD, FER_TOK_LPAR, "'(' before the argument sorts") ||
      !fer_rd_ok(f, RD))
    return FER_R_ERROR;
  fer_sort dom[FER_MAX_ARITY];
  uint32_t n = 0;
  while (RD->tok.kind != FER_TOK_RPAR) {
    if (n == FER_MAX_ARITY)
      return FER_SMT_ERROR_AT(f, FERRET_ERROR_LIMIT, &t,
                              "function '%s' has more than %d arguments",
                              fer_sym_name(RD, sym), FER_MAX_ARITY);
    if (!(dom[n++] = fer_rd_sort(f, RD)) || !fer_rd_ok(f, RD))
      return FER_R_ERROR;
  }
  fer_rd_advance(RD);
  /* a name may be declared again with other argument sorts (overloading) */
  if (!fer_rd_check_declarable(f, RD, sym, dom, n, t.line, t.col))
    return FER_R_ERROR;
  fer_sort sort = fer_rd_sort(f, RD);
  if (!sort || !fer_smt_close(f, s)) return FER_R_ERROR;
  return declare_fun(f, s, sym, dom, n, sort) ? FER_R_SUCCESS : FER_R_ERROR;
}

/* A sort name may not name a sort in scope (built-in, declared, defined). */
static bool sort_fresh(ferret *f, fer_smt *s, uint32_t sym, uint32_t line,
                       uint32_t col) {
  const fer_symbol *y = fer_sym(RD, sym);
  if (y->sort_builtin || y->sort_top)
    return fer_rd_error_at(f, FERRET_ERROR_SORT, line, col,
                           "sort '%s' is already declared",
                           fer_sym_name(RD, sym));
  return true;
}

static fer_sort declare_sort(ferret *f, fer_smt *s, uint32_t sym) {
  fer_sort u = fer_sort_unint(f, fer_sym_name(RD, sym));
  return u && fer_rd_bind(f, RD, sym, true, FER_BIND_SORT, u) ? u : 0;
}

fer_sort fer_smt_declare_named_sort(ferret *f, const char *name) {
  fer_smt *s = f->smt;
  uint32_t sym = api_symbol(f, s, name, "a sort");
  return sym && sort_fresh(f, s, sym, 0, 0) ? declare_sort(f, s, sym) : 0;
}

/* (declare-sort U 0): a new uninterpreted sort; arity > 0 is not supported. */
fer_reply fer_smt_declare_sort(ferret *f, fer_smt *s) {
  fer_token t = RD->tok;
  uint32_t sym = fer_rd_symbol(f, RD, "a sort name");
  if (!sym || !sort_fresh(f, s, sym, t.line, t.col)) return FER_R_ERROR;
  uint32_t arity = 0;
  fer_token at = RD->tok;
  if (RD->tok.kind != FER_TOK_RPAR &&
      !fer_rd_u32(f, RD, &arity, "the sort's arity"))
    return FER_R_ERROR;
  if (arity)
    return FER_SMT_ERROR_AT(f, FERRET_ERROR_UNSUPPORTED, &at,
                            "unsupported: declare-sort of arity %u "
                            "(only arity 0)", arity);
  if (!fer_smt_close(f, s)) return FER_R_ERROR;
  return declare_sort(f, s, sym) ? FER_R_SUCCESS : FER_R_ERROR;
}

fer_reply fer_smt_define(ferret *f, fer_smt *s, bool with_params) {
  fer_token t = RD->tok;
  uint32_t sym = fer_rd_symbol(f, RD, "a name");
  if (!sym || !fer_rd_check_fresh(f, RD, sym, t.line, t.col))
    return FER_R_ERROR;
  fer_rd_mark mark = fer_rd_mark_get(RD);
  uint32_t sorts = (uint32_t)RD->fun_sorts.size, n = 0;
  if (with_params) {
    if (!fer_rd_expect(f, RD, FER_TOK_LPAR, "'(' before the parameters"))
      goto fail;
    while (RD->tok.kind == FER_TOK_LPAR) {
      fer_rd_advance(RD);
      uint32_t p = fer_rd_symbol(f, RD, "a parameter name");
      fer_sort ps = p ? fer_rd_sort(f, RD) : 0;
      fer_term pt = ps ? fer_mk_param(f, n, ps) : 0;
      if (!pt ||
          !fer_rd_expect(f, RD, FER_TOK_RPAR, "')' after the parameter") ||
          !FER_PUSH(f, RD->fun_sorts, ps) ||
          !fer_rd_bind(f, RD, p, false, FER_BIND_TERM, pt))
        goto fail;
      n++;
    }
    if (!fer_rd_expect(f, RD, FER_TOK_RPAR, "')' after the parameters"))
      goto fail;
  }
  fer_sort result = fer_rd_sort(f, RD);
  if (!result || !fer_rd_ok(f, RD)) goto fail;
  fer_token bt = RD->tok;
  fer_term body = fer_rd_term(f, RD, NULL, NULL);
  if (!body || !fer_smt_close(f, s)) goto fail;
  if (n && RD->named.size) { /* the label would name a term with parameters */
    const fer_pending *p = &RD->named.data[0];
    fer_rd_error_at(f, FERRET_ERROR_UNSUPPORTED, p->line, p->col,
                    "unsupported: :named inside a define-fun with parameters");
    goto fail;
  }
  if (fer_term_sort(f, body) != result) {
    char want[64], got[64];
    fer_sort_print(f, result, want, sizeof want);
    fer_sort_print(f, fer_term_sort(f, body), got, sizeof got);
    FER_SMT_ERROR_AT(f, FERRET_ERROR_SORT, &bt,
                     "the body of '%s' has sort %s, declared %s",
                     fer_sym_name(RD, sym), got, want);
    goto fail;
  }
  /* Unbind the parameters (their sorts stay in fun_sorts). */
  fer_rd_mark keep = fer_rd_mark_get(RD);
  keep.binds = mark.binds;
  fer_rd_mark_restore(RD, keep);
  if (!n) {
    if (!fer_rd_bind(f, RD, sym, false, FER_BIND_TERM, body)) goto fail;
  } else {
    fer_fundef d = {sym, n, sorts, result, body};
    if (!FER_PUSH(f, RD->funs, d) ||
        !fer_rd_bind(f, RD, sym, false, FER_BIND_FUN,
                     (uint32_t)RD->funs.size - 1))
      goto fail;
  }
  return fer_rd_commit_named(f, RD) ? FER_R_SUCCESS : FER_R_ERROR;
fail:
  fer_rd_mark_restore(RD, mark);
  return FER_R_ERROR;
}

fer_reply fer_smt_define_sort(ferret *f, fer_smt *s) {
  uint32_t sym = fer_rd_symbol(f, RD, "a sort name");
  if (!sym) return FER_R_ERROR;
  fer_rd_mark mark = fer_rd_mark_get(RD);
  if (!fer_rd_define_sort(f, RD, sym)) return FER_R_ERROR;
  if (!fer_smt_close(f, s)) {
    fer_rd_mark_restore(RD, mark);
    return FER_R_ERROR;
  }
  return FER_R_SUCCESS;
}

/* ----------------------------------------------------- assertion stack */

static bool push_scope(ferret *f, fer_smt *s) {
  fer_scope sc = {fer_rd_mark_get(RD), (uint32_t)s->assertions.size,
                  (uint32_t)s->decls.size};
  return FER_PUSH(f, s->scopes, sc);
}

static void pop_scope(fer_smt *s) {
  fer_scope sc = FER_POP(s->scopes);
  fer_rd_mark_restore(RD, sc.mark);
  s->assertions.size = sc.assertions;
  s->decls.size = sc.decls;
}

bool fer_smt_scopes(ferret *f, bool push, uint32_t n, uint32_t line,
                    uint32_t col) {
  fer_smt *s = f->smt;
  s->have_model = false;
  if (push) {
    if (n > FER_SMT_MAX_SCOPES - s->scopes.size)
      return fer_rd_error_at(f, FERRET_ERROR_LIMIT, line, col,
                             "cannot push %u level%s: at most %u scopes may "
                             "be open (%zu are)", n, n == 1 ? "" : "s",
                             FER_SMT_MAX_SCOPES, s->scopes.size);
    for (uint32_t i = 0; i < n; i++)
      if (!push_scope(f, s)) return false;
    return true;
  }
  if (n > s->scopes.size) {
    s->pop_beyond = true; /* nothing was popped (fer_smt_note_failure) */
    return fer_rd_error_at(f, FERRET_ERROR_COMMAND, line, col,
                           "cannot pop %u level%s: only %zu pushed", n,
                           n == 1 ? "" : "s", s->scopes.size);
  }
  for (uint32_t i = 0; i < n; i++) pop_scope(s);
  /* what a failed assert lost lived in a scope now popped */
  if (!s->lost_scope && s->lost_depth > s->scopes.size + 1) s->lost_depth = 0;
  /* after a failed push this pop removes levels other than those meant */
  if (s->lost_push) s->lost_scope = true, s->lost_depth = 1;
  return true;
}

fer_reply fer_smt_push_pop(ferret *f, fer_smt *s, bool push) {
  uint32_t n = 1;
  fer_token t = RD->tok;
  if (RD->tok.kind != FER_TOK_RPAR && !fer_rd_u32(f, RD, &n, "a level count"))
    return FER_R_ERROR;
  if (!fer_smt_close(f, s)) return FER_R_ERROR;
  return fer_smt_scopes(f, push, n, t.line, t.col) ? FER_R_SUCCESS
                                                   : FER_R_ERROR;
}

bool fer_smt_assert_term(ferret *f, fer_term a, uint32_t line, uint32_t col) {
  fer_smt *s = f->smt;
  if (fer_term_sort(f, a) != fer_sort_bool(f)) {
    char got[64];
    fer_sort_print(f, fer_term_sort(f, a), got, sizeof got);
    return fer_rd_error_at(f, FERRET_ERROR_SORT, line, col,
                           "assert expects a Bool term, got sort %s", got);
  }
  if (!FER_PUSH(f, s->assertions, a)) return false;
  s->have_model = false;
  return true;
}

fer_reply fer_smt_assert(ferret *f, fer_smt *s) {
  if (!fer_rd_ok(f, RD)) return FER_R_ERROR;
  fer_token t = RD->tok;
  fer_term a = fer_rd_term(f, RD, NULL, NULL);
  if (!a || !fer_smt_close(f, s)) return FER_R_ERROR;
  if (fer_term_sort(f, a) != fer_sort_bool(f))
    return fer_smt_assert_term(f, a, t.line, t.col) ? FER_R_SUCCESS
                                                    : FER_R_ERROR;
  return fer_rd_commit_named(f, RD) && fer_smt_assert_term(f, a, 0, 0)
             ? FER_R_SUCCESS
             : FER_R_ERROR;
}

void fer_smt_reset(ferret *f, fer_smt *s) {
  FER_CLEAR(s->scopes);
  fer_rd_mark_restore(RD, s->base);
  FER_CLEAR(s->assertions);
  FER_CLEAR(s->decls);
  FER_CLEAR(RD->named);
  s->have_model = false;
}

fer_reply fer_smt_get_assertions(ferret *f, fer_smt *s) {
  if (!fer_smt_close(f, s)) return FER_R_ERROR;
  fer_buf b = {0};
  bool ok = fer_buf_str(f, &b, "(");
  for (size_t i = 0; ok && i < s->assertions.size; i++)
    ok = (!i || fer_buf_str(f, &b, "\n ")) &&
         fer_print_term(f, &b, s->assertions.data[i]);
  ok = ok && fer_buf_str(f, &b, ")\n");
  return fer_smt_flush(f, &b, ok);
}
