/* The answers that need a model: get-model and get-value (and the model
 * check-sat prints under --model).  A model is total: a declared constant
 * the solver left open gets a default value. */
#include <string.h>

#include "smt/eval.h"
#include "api/smt_session.h"

#define RD (&s->rd)

typedef FER_STACK(fer_term) term_list;

/* --------------------------------------------------------------- models */

/* The value of every declared constant: the solver's, else a default
 * (false, zero, RNE), so get-model and get-value are total. */
static bool complete_model(ferret *f, fer_smt *s) {
  if (!fer_model_reserve(f, &s->model)) return false;
  for (uint32_t i = 0; i < s->model.size; i++) {
    if (s->model.value[i]) continue;
    fer_sort sort = fer_term_sort(f, fer_var_term(f, i));
    if (fer_sort_get(f, sort)->kind == FER_SORT_REAL) continue;
    fer_term v = fer_value_term(f, sort, 0);
    if (!v) return false;
    s->model.value[i] = v;
  }
  return true;
}

fer_term fer_smt_value(ferret *f, fer_term t, bool *unspecified) {
  fer_smt *s = f->smt;
  if (!s->have_model) {
    fer_error(f, FERRET_ERROR_COMMAND, 0, 0,
              "a value is only available right after check-sat answered "
              "sat%s",
              s->last == FERRET_SAT ? " (the assertions changed since)" : "");
    return 0;
  }
  if (!complete_model(f, s)) return 0;
  bool unspec = false;
  fer_term v = fer_eval(f, t, &s->model, &unspec);
  if (unspecified) *unspecified = unspec;
  return v;
}

/* The body of a function of `arity` arguments x!d .. whose curried value
 * is the array value a (array.h), as an ite chain over its stores. */
static bool print_fun_body(ferret *f, fer_buf *b, fer_term a, uint32_t d,
                           uint32_t arity) {
  if (d == arity) return fer_print_value(f, b, a);
  uint32_t open = 0;
  bool ok = true;
  for (; ok && fer_term_op(f, a) == FER_OP_STORE; a = fer_term_arg(f, a, 0)) {
    ok = fer_buf_printf(f, b, "(ite (= x!%u ", d) &&
         fer_print_value(f, b, fer_term_arg(f, a, 1)) && fer_buf_str(f, b, ") ") &&
         print_fun_body(f, b, fer_term_arg(f, a, 2), d + 1, arity) &&
         fer_buf_str(f, b, " ");
    open++;
  }
  ok = ok && print_fun_body(f, b, fer_term_arg(f, a, 0), d + 1, arity);
  while (ok && open--) ok = fer_buf_str(f, b, ")");
  return ok;
}

/* "(x!0 A1) (x!1 A2) .." of a function of `arity` arguments whose
 * curried sort is `sort`; *range gets its result sort. */
static bool print_params(ferret *f, fer_buf *b, fer_sort sort, uint32_t arity,
                         fer_sort *range) {
  bool ok = true;
  for (uint32_t k = 0; ok && k < arity; k++) {
    ok = fer_buf_printf(f, b, "%s(x!%u ", k ? " " : "", k) &&
         fer_print_sort(f, b, fer_sort_get(f, sort)->a) &&
         fer_buf_str(f, b, ")");
    sort = fer_sort_get(f, sort)->b;
  }
  *range = sort;
  return ok;
}

/* The value v of term t: a declared function's as
 * (lambda ((x!0 A1) ..) body), the form cvc5 prints, which z3 reads back
 * as an array holding the function's table; else the value itself. */
static bool print_value_of(ferret *f, fer_buf *b, fer_term t, fer_term v) {
  uint32_t arity = fer_term_op(f, t) == FER_OP_VAR ? fer_var_arity(f, t) : 0;
  if (!arity) return fer_print_value(f, b, v);
  fer_sort range;
  return fer_buf_str(f, b, "(lambda (") &&
         print_params(f, b, fer_term_sort(f, t), arity, &range) &&
         fer_buf_str(f, b, ") ") && print_fun_body(f, b, v, 0, arity) &&
         fer_buf_str(f, b, ")");
}

bool fer_smt_value_text(ferret *f, fer_term t, fer_buf *b, bool *unspecified) {
  fer_term v = fer_smt_value(f, t, unspecified);
  return v && print_value_of(f, b, t, v);
}

/* get-value of a name alone: *fn gets the declared function it names, or
 * *def 1 + the index of the function defined with parameters (both 0 if
 * it names no function: read it as a term); an error for an overloaded
 * name. */
static fer_reply function_name(ferret *f, fer_smt *s, const fer_token *t,
                               fer_term *fn, uint32_t *def) {
  *fn = 0, *def = 0;
  uint32_t y = fer_sym_find(RD, t->s, t->slen);
  const fer_binding *bd = y ? fer_rd_term_binding(RD, y) : NULL;
  if (!bd) return FER_R_SUCCESS;
  if (bd->kind == FER_BIND_FUN) {
    *def = bd->value + 1;
    return FER_R_SUCCESS;
  }
  if (bd->kind != FER_BIND_TERM || fer_term_op(f, bd->value) != FER_OP_VAR ||
      !fer_var_arity(f, bd->value))
    return FER_R_SUCCESS;
  if (fer_rd_overloaded(f, RD, y))
    return FER_SMT_ERROR_AT(f, FERRET_ERROR_SORT, t,
                            "'%.*s' is declared with several signatures; "
                            "get-value of an application says which",
                            (int)t->slen, t->s);
  *fn = bd->value;
  return FER_R_SUCCESS;
}

/* A define-fun with parameters under the model: its body with every
 * declared constant replaced by its value, as
 * (lambda ((_param_0 S0) ..) body); declared functions in the body keep
 * their names (get-model prints their tables). */
static fer_term value_leaf(ferret *f, void *user, fer_term t) {
  const fer_model *m = user;
  if (fer_term_op(f, t) != FER_OP_VAR || fer_var_arity(f, t)) return t;
  fer_term v = m->value[fer_term_idx(f, t, 0)];
  return v ? v : t;
}

static bool print_defined(ferret *f, fer_smt *s, fer_buf *b,
                          const fer_fundef *d) {
  fer_rewriter w;
  fer_rewriter_init(&w, value_leaf, fer_rewrite_same_op, &s->model);
  fer_term body = fer_rewrite(f, &w, d->body);
  fer_rewriter_release(f, &w);
  bool ok = body && fer_buf_str(f, b, "(lambda (");
  for (uint32_t i = 0; ok && i < d->nparams; i++)
    ok = fer_buf_printf(f, b, "%s(_param_%u ", i ? " " : "", i) &&
         fer_print_sort(f, b, RD->fun_sorts.data[d->sorts + i]) &&
         fer_buf_str(f, b, ")");
  return ok && fer_buf_str(f, b, ") ") && fer_print_term(f, b, body) &&
         fer_buf_str(f, b, ")");
}

/* Collect the abstract values (U!val!k) a value mentions. */
static bool abstract_values(ferret *f, fer_term v, term_list *out) {
  fer_op op = fer_term_op(f, v);
  if (op == FER_OP_CONST) {
    if (fer_sort_get(f, fer_term_sort(f, v))->kind != FER_SORT_UNINT) return true;
    for (size_t i = 0; i < out->size; i++)
      if (out->data[i] == v) return true;
    return FER_PUSH(f, *out, v);
  }
  for (uint32_t i = 0; i < fer_term_nargs(f, v); i++)
    if (!abstract_values(f, fer_term_arg(f, v, i), out)) return false;
  return true;
}

fer_reply fer_smt_print_model(ferret *f, fer_smt *s) {
  fer_buf b = {0};
  term_list abstract = {0};
  bool ok = complete_model(f, s) && fer_buf_str(f, &b, "(\n");
  /* abstract values first, declared as z3 prints them */
  for (size_t i = 0; ok && i < s->decls.size; i++)
    ok = abstract_values(f, s->model.value[fer_term_idx(f, s->decls.data[i], 0)],
                         &abstract);
  for (size_t i = 0; ok && i < abstract.size; i++)
    ok = fer_buf_str(f, &b, "  (declare-fun ") &&
         fer_print_value(f, &b, abstract.data[i]) && fer_buf_str(f, &b, " () ") &&
         fer_print_sort(f, &b, fer_term_sort(f, abstract.data[i])) &&
         fer_buf_str(f, &b, ")\n");
  for (size_t i = 0; ok && i < s->decls.size; i++) {
    fer_term v = s->decls.data[i];
    fer_term value = s->model.value[fer_term_idx(f, v, 0)];
    uint32_t arity = fer_var_arity(f, v);
    fer_sort sort = 0;
    ok = fer_buf_str(f, &b, "  (define-fun ") &&
         fer_print_symbol(f, &b, fer_var_name(f, v)) &&
         fer_buf_str(f, &b, " (") &&
         print_params(f, &b, fer_term_sort(f, v), arity, &sort) &&
         fer_buf_str(f, &b, ") ") && fer_print_sort(f, &b, sort) &&
         fer_buf_str(f, &b, " ") &&
         (arity ? print_fun_body(f, &b, value, 0, arity)
                : fer_print_value(f, &b, value)) &&
         fer_buf_str(f, &b, ")\n");
  }
  ok = ok && fer_buf_str(f, &b, ")\n");
  FER_RELEASE(f, abstract);
  return fer_smt_flush(f, &b, ok);
}

/* FER_R_SUCCESS if a model is available, FER_R_DONE if the command is to be
 * ignored (parse_only: no check-sat was answered), else an error. */
static fer_reply need_model(ferret *f, fer_smt *s, const fer_token *t,
                            const char *cmd) {
  if (s->have_model) return FER_R_SUCCESS;
  if (f->opt.parse_only) return FER_R_DONE;
  return FER_SMT_ERROR_AT(
      f, FERRET_ERROR_COMMAND, t,
      "%s is only available right after check-sat answered sat%s", cmd,
      s->last == FERRET_SAT ? " (the assertions changed since)" : "");
}

fer_reply fer_smt_get_model(ferret *f, fer_smt *s, const fer_token *lpar) {
  if (!fer_smt_close(f, s)) return FER_R_ERROR;
  fer_reply r = need_model(f, s, lpar, "get-model");
  return r == FER_R_SUCCESS ? fer_smt_print_model(f, s) : r;
}

fer_reply fer_smt_get_value(ferret *f, fer_smt *s, const fer_token *lpar) {
  size_t base = RD->args.size;
  FER_STACK(size_t) slices = {0};
  fer_buf b = {0};
  fer_reply r = FER_R_ERROR;
  if (!fer_rd_expect(f, RD, FER_TOK_LPAR, "'(' before the terms")) goto done;
  while (fer_rd_ok(f, RD) && RD->tok.kind != FER_TOK_RPAR) {
    if (RD->tok.kind == FER_TOK_SYMBOL) { /* a function by its name alone */
      fer_token ft = RD->tok;
      fer_term fn = 0;
      uint32_t def = 0;
      fer_reply fr = function_name(f, s, &ft, &fn, &def);
      if (fr == FER_R_ERROR) goto done;
      if (fn || def) { /* its value is printed as a lambda */
        size_t start = (size_t)(ft.text - RD->base);
        fer_rd_advance(RD);
        if (!FER_PUSH(f, RD->args, fn) || !FER_PUSH(f, slices, start) ||
            !FER_PUSH(f, slices, start + ft.len) || !FER_PUSH(f, slices, def))
          goto done;
        continue;
      }
    }
    size_t start, end;
    fer_term t = fer_rd_term(f, RD, &start, &end);
    if (!t || !FER_PUSH(f, RD->args, t) || !FER_PUSH(f, slices, start) ||
        !FER_PUSH(f, slices, end) || !FER_PUSH(f, slices, 0))
      goto done;
  }
  if (RD->args.size == base) {
    fer_rd_error_at(f, FERRET_ERROR_PARSE, RD->tok.line, RD->tok.col,
                    "get-value needs at least one term");
    goto done;
  }
  if (!fer_rd_expect(f, RD, FER_TOK_RPAR, "')' after the terms") ||
      !fer_smt_close(f, s))
    goto done;
  FER_CLEAR(RD->named);
  r = need_model(f, s, lpar, "get-value");
  if (r != FER_R_SUCCESS) goto done;
  r = FER_R_ERROR;
  if (!complete_model(f, s)) goto done;
  bool ok = fer_buf_str(f, &b, "(");
  for (size_t i = 0; ok && base + i < RD->args.size; i++) {
    /* slices: where the term's text starts and ends, 1 + a definition */
    size_t start = slices.data[3 * i], end = slices.data[3 * i + 1];
    size_t def = slices.data[3 * i + 2];
    fer_term v = 0;
    if (!def && !(v = fer_eval(f, RD->args.data[base + i], &s->model, NULL)))
      goto done;
    ok = (!i || fer_buf_str(f, &b, "\n ")) && fer_buf_str(f, &b, "(") &&
         fer_buf_add(f, &b, RD->base + start, end - start) &&
         fer_buf_str(f, &b, " ") &&
         (def ? print_defined(f, s, &b, &RD->funs.data[def - 1])
              : print_value_of(f, &b, RD->args.data[base + i], v)) &&
         fer_buf_str(f, &b, ")");
  }
  ok = ok && fer_buf_str(f, &b, ")\n");
  r = fer_smt_flush(f, &b, ok);
done:
  FER_RELEASE(f, b);
  FER_RELEASE(f, slices);
  RD->args.size = base;
  return r;
}
