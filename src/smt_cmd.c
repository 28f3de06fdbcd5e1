/* The SMT-LIB commands (called by smt.c after a command's '('). */
#include <stdio.h>
#include <string.h>

#include "eval.h"
#include "pre.h"
#include "print.h"
#include "smt_session.h"
#include "solve.h"

typedef enum { R_ERROR, R_SUCCESS, R_DONE } reply;

#define RD (&s->rd)

static reply fail(void) { return R_ERROR; }

static bool close_cmd(ferret *f, fer_smt *s) {
  return fer_rd_expect(f, RD, FER_TOK_RPAR, "')' at the end of the command");
}

/* An error at token t; the command fails (fer_rd_error_at returns false,
 * which is R_ERROR, the first enumerator). */
#define error_at(f, st, t, ...) \
  ((reply)fer_rd_error_at((f), (st), (t)->line, (t)->col, __VA_ARGS__))

/* Appending to a fer_buf without going through print.c. */
static bool add(ferret *f, fer_buf *b, const char *text, size_t len) {
  if (!FER_RESERVE(f, *b, len)) return false;
  memcpy(b->data + b->size, text, len);
  b->size += len;
  return true;
}
static bool adds(ferret *f, fer_buf *b, const char *text) {
  return add(f, b, text, strlen(text));
}

static reply flush(ferret *f, fer_buf *b, bool ok) {
  if (ok) fer_write(f, b->data, b->size);
  FER_RELEASE(f, *b);
  if (!ok && f->error.status == FERRET_OK)
    fer_error(f, FERRET_ERROR_LIMIT, 0, 0, "out of memory while printing");
  return ok ? R_DONE : R_ERROR;
}

static void invalidate_model(fer_smt *s) { s->have_model = false; }

/* ------------------------------------------------------------ set-logic */

/* NULL if the logic is supported, else what it needs that ferret lacks
 * ("arrays, uninterpreted functions"); *unknown set if not a logic name. */
static void logic_missing(const char *name, char *out, size_t size,
                          bool *unknown) {
  static const struct {
    const char *piece, *what;
  } pieces[] = {{"LIRA", "integer arithmetic, real arithmetic"},
                {"NIRA", "integer arithmetic, real arithmetic"},
                {"BOOL", NULL}, {"LIA", "integer arithmetic"},
                {"NIA", "integer arithmetic"}, {"IDL", "integer arithmetic"},
                {"LRA", "real arithmetic"}, {"NRA", "real arithmetic"},
                {"RDL", "real arithmetic"}, {"UF", "uninterpreted functions"},
                {"DT", "datatypes"}, {"AX", "arrays"}, {"BV", NULL},
                {"FP", NULL}, {"FF", "finite fields"}, {"A", "arrays"},
                {"S", "strings"}};
  size_t n = 0;
  out[0] = '\0';
  *unknown = false;
  if (!strcmp(name, "ALL") || !strcmp(name, "ALL_SUPPORTED")) return;
  const char *p = name;
#define NOTE(W)                                                             \
  do {                                                                      \
    if (!strstr(out, (W)))                                                  \
      n += (size_t)snprintf(out + n, n < size ? size - n : 0, "%s%s",       \
                            n ? ", " : "", (W));                            \
    if (n >= size) n = size - 1;                                            \
  } while (0)
  if (!strncmp(p, "QF_", 3))
    p += 3;
  else
    NOTE("quantifiers");
  if (!*p) *unknown = true;
  while (*p) {
    size_t i, k = 0;
    for (i = 0; i < sizeof pieces / sizeof *pieces; i++) {
      k = strlen(pieces[i].piece);
      if (!strncmp(p, pieces[i].piece, k)) break;
    }
    if (i == sizeof pieces / sizeof *pieces) {
      *unknown = true;
      return;
    }
    if (pieces[i].what) NOTE(pieces[i].what);
    p += k;
  }
#undef NOTE
}

static reply cmd_set_logic(ferret *f, fer_smt *s) {
  fer_token t = RD->tok;
  uint32_t sym = fer_rd_symbol(f, RD, "a logic name");
  if (!sym || !close_cmd(f, s)) return fail();
  const char *name = fer_sym_name(RD, sym);
  if (s->logic.size)
    return error_at(f, FERRET_ERROR_COMMAND, &t,
                    "the logic is already set (to %s)", s->logic.data);
  char missing[256];
  bool unknown;
  logic_missing(name, missing, sizeof missing, &unknown);
  if (unknown)
    return error_at(f, FERRET_ERROR_UNSUPPORTED, &t,
                    "unsupported logic '%s' (unknown logic name)", name);
  if (missing[0])
    return error_at(f, FERRET_ERROR_UNSUPPORTED, &t,
                    "unsupported logic '%s': %s", name, missing);
  size_t n = strlen(name) + 1;
  if (!FER_RESERVE(f, s->logic, n)) return fail();
  memcpy(s->logic.data, name, n);
  s->logic.size = n;
  return R_SUCCESS;
}

/* ------------------------------------------------------- options, info */

static bool keyword_is(const fer_token *t, const char *kw) {
  return t->len == strlen(kw) && !memcmp(t->text, kw, t->len);
}

static bool read_bool(ferret *f, fer_smt *s, bool *v) {
  const fer_token t = RD->tok;
  if (t.kind == FER_TOK_SYMBOL && t.slen == 4 && !memcmp(t.s, "true", 4))
    *v = true;
  else if (t.kind == FER_TOK_SYMBOL && t.slen == 5 && !memcmp(t.s, "false", 5))
    *v = false;
  else
    return fer_rd_error_at(f, FERRET_ERROR_OPTION, t.line, t.col,
                           "expected true or false");
  fer_rd_advance(RD);
  return true;
}

static bool read_string(ferret *f, fer_smt *s, fer_token *out) {
  if (!fer_rd_ok(f, RD)) return false;
  *out = RD->tok;
  return fer_rd_expect(f, RD, FER_TOK_STRING, "a string");
}

static reply cmd_set_option(ferret *f, fer_smt *s) {
  if (!fer_rd_ok(f, RD)) return fail();
  fer_token k = RD->tok;
  if (!fer_rd_expect(f, RD, FER_TOK_KEYWORD, "an option keyword")) return fail();
  bool b;
  uint32_t n;
  fer_token str;
  reply r = R_SUCCESS;
  if (keyword_is(&k, ":print-success")) {
    if (!read_bool(f, s, &b)) return fail();
    s->print_success = b;
  } else if (keyword_is(&k, ":produce-models")) {
    if (!read_bool(f, s, &b)) return fail();
    s->produce_models = b;
  } else if (keyword_is(&k, ":produce-unsat-cores") ||
             keyword_is(&k, ":produce-assignments") ||
             keyword_is(&k, ":produce-proofs") ||
             keyword_is(&k, ":produce-unsat-assumptions") ||
             keyword_is(&k, ":produce-assertions") ||
             keyword_is(&k, ":interactive-mode")) {
    /* Accepted; the commands they enable say themselves what works. */
    if (!read_bool(f, s, &b)) return fail();
  } else if (keyword_is(&k, ":global-declarations")) {
    if (!read_bool(f, s, &b)) return fail();
    if (b) r = R_DONE, fer_write(f, "unsupported\n", 12);
  } else if (keyword_is(&k, ":random-seed") || keyword_is(&k, ":verbosity")) {
    if (!fer_rd_u32(f, RD, &n, "a numeral")) return fail();
    char v[16];
    bool seed = keyword_is(&k, ":random-seed");
    snprintf(v, sizeof v, "%u", seed ? n : (n > 5 ? 5 : n));
    if (ferret_set_option(f, seed ? "seed" : "verbose", v) != FERRET_OK)
      return fail();
  } else if (keyword_is(&k, ":reproducible-resource-limit")) {
    if (!fer_rd_u32(f, RD, &n, "a numeral")) return fail();
  } else if (keyword_is(&k, ":regular-output-channel") ||
             keyword_is(&k, ":diagnostic-output-channel")) {
    if (!read_string(f, s, &str)) return fail();
    const char *want = keyword_is(&k, ":regular-output-channel") ? "stdout" : "stderr";
    if (str.slen != 6 || memcmp(str.s, want, 6))
      r = R_DONE, fer_write(f, "unsupported\n", 12);
  } else {
    if (RD->tok.kind != FER_TOK_RPAR && !fer_rd_skip_sexpr(f, RD)) return fail();
    r = R_DONE;
    fer_write(f, "unsupported\n", 12);
  }
  if (!close_cmd(f, s)) return fail();
  return r;
}

static reply cmd_set_info(ferret *f, fer_smt *s) {
  if (!fer_rd_ok(f, RD)) return fail();
  if (!fer_rd_expect(f, RD, FER_TOK_KEYWORD, "an info keyword")) return fail();
  if (RD->tok.kind != FER_TOK_RPAR && !fer_rd_skip_sexpr(f, RD)) return fail();
  return close_cmd(f, s) ? R_SUCCESS : fail();
}

static void print_reason(ferret *f, const char *reason) {
  if (!reason) reason = "incomplete";
  if (fer_is_simple_symbol(reason, strlen(reason))) {
    fer_printf(f, "%s", reason);
    return;
  }
  fer_write(f, "\"", 1);
  for (const char *p = reason; *p; p++)
    fer_write(f, p, 1), (void)(*p == '"' ? (fer_write(f, "\"", 1), 0) : 0);
  fer_write(f, "\"", 1);
}

static reply cmd_get_info(ferret *f, fer_smt *s) {
  if (!fer_rd_ok(f, RD)) return fail();
  fer_token k = RD->tok;
  if (!fer_rd_expect(f, RD, FER_TOK_KEYWORD, "an info keyword") ||
      !close_cmd(f, s))
    return fail();
  if (keyword_is(&k, ":name")) {
    fer_printf(f, "(:name \"ferret\")\n");
  } else if (keyword_is(&k, ":version")) {
    fer_printf(f, "(:version \"%s\")\n", FERRET_VERSION);
  } else if (keyword_is(&k, ":authors")) {
    fer_printf(f, "(:authors \"the ferret developers\")\n");
  } else if (keyword_is(&k, ":error-behavior")) {
    fer_printf(f, "(:error-behavior continued-execution)\n");
  } else if (keyword_is(&k, ":assertion-stack-levels")) {
    fer_printf(f, "(:assertion-stack-levels %zu)\n", s->scopes.size);
  } else if (keyword_is(&k, ":reason-unknown")) {
    if (s->last != FERRET_UNKNOWN || !s->reason)
      return error_at(f, FERRET_ERROR_COMMAND, &k,
                      "no check-sat answered unknown");
    fer_printf(f, "(:reason-unknown ");
    print_reason(f, s->reason);
    fer_printf(f, ")\n");
  } else if (keyword_is(&k, ":all-statistics")) {
    fer_printf(f, "(:all-statistics (:terms %u :variables %u :assertions %zu "
               ":memory %zu :max-memory %zu))\n",
               fer_term_count(f), fer_var_count(f), s->assertions.size,
               f->bytes, f->max_bytes);
  } else {
    fer_write(f, "unsupported\n", 12);
  }
  return R_DONE;
}

static reply cmd_get_option(ferret *f, fer_smt *s) {
  if (!fer_rd_ok(f, RD)) return fail();
  fer_token k = RD->tok;
  if (!fer_rd_expect(f, RD, FER_TOK_KEYWORD, "an option keyword") ||
      !close_cmd(f, s))
    return fail();
  if (keyword_is(&k, ":print-success"))
    fer_printf(f, "%s\n", s->print_success ? "true" : "false");
  else if (keyword_is(&k, ":produce-models"))
    fer_printf(f, "%s\n", s->produce_models ? "true" : "false");
  else if (keyword_is(&k, ":random-seed"))
    fer_printf(f, "%lld\n", (long long)f->opt.seed);
  else if (keyword_is(&k, ":verbosity"))
    fer_printf(f, "%lld\n", (long long)f->opt.verbose);
  else if (keyword_is(&k, ":global-declarations"))
    fer_printf(f, "false\n");
  else if (keyword_is(&k, ":regular-output-channel"))
    fer_printf(f, "\"stdout\"\n");
  else if (keyword_is(&k, ":diagnostic-output-channel"))
    fer_printf(f, "\"stderr\"\n");
  else
    fer_write(f, "unsupported\n", 12);
  return R_DONE;
}

/* --------------------------------------------------------- declarations */

static bool declare(ferret *f, fer_smt *s, uint32_t sym, fer_sort sort) {
  fer_term v = fer_mk_var(f, fer_sym_name(RD, sym), sort);
  return v && fer_rd_bind(f, RD, sym, false, FER_BIND_TERM, v) &&
         FER_PUSH(f, s->decls, v);
}

static reply cmd_declare_const(ferret *f, fer_smt *s) {
  fer_token t = RD->tok;
  uint32_t sym = fer_rd_symbol(f, RD, "a constant name");
  if (!sym || !fer_rd_check_fresh(f, RD, sym, t.line, t.col)) return fail();
  fer_sort sort = fer_rd_sort(f, RD);
  if (!sort || !close_cmd(f, s) || !declare(f, s, sym, sort)) return fail();
  return R_SUCCESS;
}

static reply cmd_declare_fun(ferret *f, fer_smt *s) {
  fer_token t = RD->tok;
  uint32_t sym = fer_rd_symbol(f, RD, "a function name");
  if (!sym || !fer_rd_check_fresh(f, RD, sym, t.line, t.col) ||
      !fer_rd_expect(f, RD, FER_TOK_LPAR, "'(' before the argument sorts") ||
      !fer_rd_ok(f, RD))
    return fail();
  if (RD->tok.kind != FER_TOK_RPAR)
    return error_at(f, FERRET_ERROR_UNSUPPORTED, &t,
                    "unsupported: uninterpreted function '%s' (declare-fun "
                    "with arguments; uninterpreted functions)",
                    fer_sym_name(RD, sym));
  fer_rd_advance(RD);
  fer_sort sort = fer_rd_sort(f, RD);
  if (!sort || !close_cmd(f, s) || !declare(f, s, sym, sort)) return fail();
  return R_SUCCESS;
}

static reply define(ferret *f, fer_smt *s, bool with_params) {
  fer_token t = RD->tok;
  uint32_t sym = fer_rd_symbol(f, RD, "a name");
  if (!sym || !fer_rd_check_fresh(f, RD, sym, t.line, t.col)) return fail();
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
      if (!pt || !fer_rd_expect(f, RD, FER_TOK_RPAR, "')' after the parameter") ||
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
  if (!body || !close_cmd(f, s)) goto fail;
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
    error_at(f, FERRET_ERROR_SORT, &bt,
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
  return fer_rd_commit_named(f, RD) ? R_SUCCESS : fail();
fail:
  fer_rd_mark_restore(RD, mark);
  return R_ERROR;
}

static reply cmd_define_sort(ferret *f, fer_smt *s) {
  uint32_t sym = fer_rd_symbol(f, RD, "a sort name");
  if (!sym) return fail();
  fer_rd_mark mark = fer_rd_mark_get(RD);
  if (!fer_rd_define_sort(f, RD, sym)) return fail();
  if (!close_cmd(f, s)) {
    fer_rd_mark_restore(RD, mark);
    return fail();
  }
  return R_SUCCESS;
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

static reply cmd_push_pop(ferret *f, fer_smt *s, bool push) {
  uint32_t n = 1;
  fer_token t = RD->tok;
  if (RD->tok.kind != FER_TOK_RPAR && !fer_rd_u32(f, RD, &n, "a level count"))
    return fail();
  if (!close_cmd(f, s)) return fail();
  invalidate_model(s);
  if (push) {
    for (uint32_t i = 0; i < n; i++)
      if (!push_scope(f, s)) return fail();
    return R_SUCCESS;
  }
  if (n > s->scopes.size)
    return error_at(f, FERRET_ERROR_COMMAND, &t,
                    "cannot pop %u level%s: only %zu pushed", n,
                    n == 1 ? "" : "s", s->scopes.size);
  for (uint32_t i = 0; i < n; i++) pop_scope(s);
  return R_SUCCESS;
}

static reply cmd_assert(ferret *f, fer_smt *s) {
  if (!fer_rd_ok(f, RD)) return fail();
  fer_token t = RD->tok;
  fer_term a = fer_rd_term(f, RD, NULL, NULL);
  if (!a || !close_cmd(f, s)) return fail();
  if (fer_term_sort(f, a) != fer_sort_bool(f)) {
    char got[64];
    fer_sort_print(f, fer_term_sort(f, a), got, sizeof got);
    return error_at(f, FERRET_ERROR_SORT, &t,
                    "assert expects a Bool term, got sort %s", got);
  }
  if (!fer_rd_commit_named(f, RD) || !FER_PUSH(f, s->assertions, a))
    return fail();
  invalidate_model(s);
  return R_SUCCESS;
}

void fer_smt_reset(ferret *f, fer_smt *s) {
  FER_CLEAR(s->scopes);
  fer_rd_mark_restore(RD, s->base);
  FER_CLEAR(s->assertions);
  FER_CLEAR(s->decls);
  FER_CLEAR(RD->named);
  invalidate_model(s);
}

/* --------------------------------------------------------------- models */

/* The value of every declared constant: the solver's, else a default
 * (false, zero, RNE), so get-model and get-value are total. */
static bool complete_model(ferret *f, fer_smt *s) {
  if (!fer_model_reserve(f, &s->model)) return false;
  for (uint32_t i = 0; i < s->model.size; i++) {
    if (s->model.value[i]) continue;
    fer_sort sort = fer_term_sort(f, fer_var_term(f, i));
    const fer_sort_info *si = fer_sort_get(f, sort);
    fer_term v = si->kind == FER_SORT_BOOL ? fer_false(f)
                 : si->kind == FER_SORT_RM ? fer_mk_rm(f, FER_RNE)
                                           : fer_mk_const_u128(f, sort, 0);
    if (!v) return false;
    s->model.value[i] = v;
  }
  return true;
}

static reply print_model(ferret *f, fer_smt *s) {
  fer_buf b = {0};
  bool ok = complete_model(f, s) && adds(f, &b, "(\n");
  for (size_t i = 0; ok && i < s->decls.size; i++) {
    fer_term v = s->decls.data[i];
    ok = adds(f, &b, "  (define-fun ") &&
         fer_print_symbol(f, &b, fer_var_name(f, v)) && adds(f, &b, " () ") &&
         fer_print_sort(f, &b, fer_term_sort(f, v)) && adds(f, &b, " ") &&
         fer_print_value(f, &b, s->model.value[fer_term_idx(f, v, 0)]) &&
         adds(f, &b, ")\n");
  }
  ok = ok && adds(f, &b, ")\n");
  return flush(f, &b, ok);
}

static reply check_sat(ferret *f, fer_smt *s, const fer_term *extra,
                       size_t nextra) {
  FER_CLEAR(s->tmp);
  if (!FER_RESERVE(f, s->tmp, s->assertions.size + nextra)) return fail();
  if (s->assertions.size)
    memcpy(s->tmp.data, s->assertions.data,
           s->assertions.size * sizeof(fer_term));
  if (nextra)
    memcpy(s->tmp.data + s->assertions.size, extra, nextra * sizeof(fer_term));
  s->tmp.size = s->assertions.size + nextra;
  if (f->opt.parse_only) { /* `ferret opt`: remember the query, answer nothing */
    FER_CLEAR(s->snapshot);
    if (!FER_RESERVE(f, s->snapshot, s->tmp.size)) return fail();
    if (s->tmp.size)
      memcpy(s->snapshot.data, s->tmp.data, s->tmp.size * sizeof(fer_term));
    s->snapshot.size = s->tmp.size;
    s->snapshot_valid = true;
    return R_DONE;
  }
  fer_model_release(f, &s->model);
  const char *reason = NULL;
  fer_stats st;
  ferret_result r =
      fer_solve(f, s->tmp.data, s->tmp.size, &s->model, &reason, &st);
  if ((r == FERRET_SAT && s->lost_assertion) ||
      (r == FERRET_UNSAT && s->lost_scope)) {
    r = FERRET_UNKNOWN;
    reason = "incomplete: an earlier command failed, so the formula may "
             "lack parts of the input";
    st.result = "unknown"; /* --stats says what was answered */
    st.reason = "incomplete";
    st.found_by = "";
  }
  f->stats = st; /* the one place the context's statistics are written */
  s->last = r;
  s->reason = r == FERRET_UNKNOWN ? (reason ? reason : "incomplete") : NULL;
  s->have_model = r == FERRET_SAT;
  fer_printf(f, "%s\n", r == FERRET_SAT     ? "sat"
                        : r == FERRET_UNSAT ? "unsat"
                                            : "unknown");
  if (r == FERRET_SAT && f->opt.model) return print_model(f, s);
  return R_DONE;
}

static reply cmd_check_sat(ferret *f, fer_smt *s, fer_command c) {
  if (c == FER_CMD_CHECK_SAT_USING) /* the tactic means nothing to us */
    while (RD->tok.kind != FER_TOK_RPAR && RD->tok.kind != FER_TOK_EOF)
      if (!fer_rd_skip_sexpr(f, RD)) return fail();
  if (c != FER_CMD_CHECK_SAT_ASSUMING)
    return close_cmd(f, s) ? check_sat(f, s, NULL, 0) : fail();
  size_t base = RD->args.size;
  reply r = R_ERROR;
  if (!fer_rd_expect(f, RD, FER_TOK_LPAR, "'(' before the assumptions"))
    return fail();
  while (fer_rd_ok(f, RD) && RD->tok.kind != FER_TOK_RPAR) {
    fer_token t = RD->tok;
    fer_term a = fer_rd_term(f, RD, NULL, NULL);
    if (!a) goto done;
    if (fer_term_sort(f, a) != fer_sort_bool(f)) {
      error_at(f, FERRET_ERROR_SORT, &t, "an assumption must be a Bool term");
      goto done;
    }
    if (!FER_PUSH(f, RD->args, a)) goto done;
  }
  if (!fer_rd_expect(f, RD, FER_TOK_RPAR, "')' after the assumptions") ||
      !close_cmd(f, s))
    goto done;
  FER_CLEAR(RD->named); /* labels inside assumptions are not kept */
  {
    size_t n = RD->args.size - base;
    fer_term *copy = n ? fer_malloc(f, n * sizeof *copy) : NULL;
    if (n && !copy) goto done;
    if (n) memcpy(copy, RD->args.data + base, n * sizeof *copy);
    RD->args.size = base;
    r = check_sat(f, s, copy, n);
    if (copy) fer_free(f, copy, n * sizeof *copy);
  }
done:
  RD->args.size = base;
  return r;
}

/* R_SUCCESS if a model is available, R_DONE if the command is to be
 * ignored (parse_only: no check-sat was answered), else an error. */
static reply need_model(ferret *f, fer_smt *s, const fer_token *t,
                        const char *cmd) {
  if (s->have_model) return R_SUCCESS;
  if (f->opt.parse_only) return R_DONE;
  return error_at(f, FERRET_ERROR_COMMAND, t,
                  "%s is only available right after check-sat answered sat%s",
                  cmd, s->last == FERRET_SAT ? " (the assertions changed since)"
                                             : "");
}

static reply cmd_get_model(ferret *f, fer_smt *s, const fer_token *lpar) {
  if (!close_cmd(f, s)) return fail();
  reply r = need_model(f, s, lpar, "get-model");
  return r == R_SUCCESS ? print_model(f, s) : r;
}

static reply cmd_get_value(ferret *f, fer_smt *s, const fer_token *lpar) {
  size_t base = RD->args.size;
  FER_STACK(size_t) slices = {0};
  fer_buf b = {0};
  reply r = R_ERROR;
  if (!fer_rd_expect(f, RD, FER_TOK_LPAR, "'(' before the terms")) goto done;
  while (fer_rd_ok(f, RD) && RD->tok.kind != FER_TOK_RPAR) {
    size_t start, end;
    fer_term t = fer_rd_term(f, RD, &start, &end);
    if (!t || !FER_PUSH(f, RD->args, t) || !FER_PUSH(f, slices, start) ||
        !FER_PUSH(f, slices, end))
      goto done;
  }
  if (RD->args.size == base) {
    fer_rd_error_at(f, FERRET_ERROR_PARSE, RD->tok.line, RD->tok.col,
                    "get-value needs at least one term");
    goto done;
  }
  if (!fer_rd_expect(f, RD, FER_TOK_RPAR, "')' after the terms") ||
      !close_cmd(f, s))
    goto done;
  FER_CLEAR(RD->named);
  r = need_model(f, s, lpar, "get-value");
  if (r != R_SUCCESS) goto done;
  r = R_ERROR;
  if (!complete_model(f, s)) goto done;
  bool ok = adds(f, &b, "(");
  for (size_t i = 0; ok && base + i < RD->args.size; i++) {
    fer_term v = fer_eval(f, RD->args.data[base + i], &s->model, NULL);
    if (!v) goto done;
    size_t start = slices.data[2 * i], end = slices.data[2 * i + 1];
    ok = (!i || adds(f, &b, "\n ")) && adds(f, &b, "(") &&
         add(f, &b, RD->base + start, end - start) && adds(f, &b, " ") &&
         fer_print_value(f, &b, v) && adds(f, &b, ")");
  }
  ok = ok && adds(f, &b, ")\n");
  r = flush(f, &b, ok);
done:
  FER_RELEASE(f, b);
  FER_RELEASE(f, slices);
  RD->args.size = base;
  return r;
}

static reply cmd_get_assertions(ferret *f, fer_smt *s) {
  if (!close_cmd(f, s)) return fail();
  fer_buf b = {0};
  bool ok = adds(f, &b, "(");
  for (size_t i = 0; ok && i < s->assertions.size; i++)
    ok = (!i || adds(f, &b, "\n ")) && fer_print_term(f, &b, s->assertions.data[i]);
  ok = ok && adds(f, &b, ")\n");
  return flush(f, &b, ok);
}

/* --------------------------------------------------------------- others */

static reply cmd_echo(ferret *f, fer_smt *s) {
  fer_token t;
  if (!read_string(f, s, &t) || !close_cmd(f, s)) return fail();
  fer_write(f, t.text, t.len); /* as written, quotes and "" included */
  fer_write(f, "\n", 1);
  return R_DONE;
}

static reply unsupported_cmd(ferret *f, fer_smt *s, const fer_token *name,
                             const char *what) {
  (void)s;
  return error_at(f, FERRET_ERROR_UNSUPPORTED, name, "unsupported: '%.*s' (%s)",
                  (int)name->slen, name->s, what);
}

static bool command(ferret *f, fer_smt *s, const fer_token *lpar);

/* A failed command may leave the formula different from what the user
 * meant: a lost assert or declaration makes a later sat unsound (the
 * assertion might be false), a lost push/pop or an unreadable command
 * makes unsat unsound too.  check-sat then answers unknown instead. */
void fer_smt_note_failure(fer_smt *s, fer_command c) {
  switch (c) {
  case FER_CMD_CHECK_SAT: case FER_CMD_CHECK_SAT_ASSUMING:
  case FER_CMD_CHECK_SAT_USING: case FER_CMD_ECHO: case FER_CMD_EXIT:
  case FER_CMD_GET_ASSERTIONS: case FER_CMD_GET_INFO: case FER_CMD_GET_MODEL:
  case FER_CMD_GET_OPTION: case FER_CMD_GET_VALUE: case FER_CMD_SET_INFO:
  case FER_CMD_SET_OPTION: case FER_CMD_GET_ASSIGNMENT: case FER_CMD_GET_PROOF:
  case FER_CMD_GET_UNSAT_ASSUMPTIONS: case FER_CMD_GET_UNSAT_CORE:
  case FER_CMD_RESET: case FER_CMD_RESET_ASSERTIONS:
    return;
  case FER_CMD_PUSH: case FER_CMD_POP: case FER_CMD_NONE:
    s->lost_scope = true;
    s->lost_assertion = true;
    return;
  default:
    s->lost_assertion = true;
    return;
  }
}

bool fer_smt_command(ferret *f, fer_smt *s, const fer_token *lpar) {
  s->current = FER_CMD_NONE;
  if (command(f, s, lpar)) return true;
  fer_smt_note_failure(s, s->current);
  return false;
}

static bool command(ferret *f, fer_smt *s, const fer_token *lpar) {
  if (!fer_rd_ok(f, RD)) return false;
  const fer_token t = RD->tok;
  if (t.kind != FER_TOK_SYMBOL) {
    fer_rd_expect(f, RD, FER_TOK_SYMBOL, "a command name");
    return false;
  }
  uint32_t sym = fer_sym_find(RD, t.s, t.slen);
  fer_command c = sym ? (fer_command)fer_sym(RD, sym)->cmd : FER_CMD_NONE;
  s->current = c;
  if (c == FER_CMD_NONE) {
    error_at(f, FERRET_ERROR_PARSE, &t, "unknown command '%.*s'",
             (int)(t.slen > 60 ? 60 : t.slen), t.s);
    return false;
  }
  fer_rd_advance(RD);
  reply r;
  switch (c) {
  case FER_CMD_ASSERT: r = cmd_assert(f, s); break;
  case FER_CMD_CHECK_SAT:
  case FER_CMD_CHECK_SAT_ASSUMING:
  case FER_CMD_CHECK_SAT_USING: r = cmd_check_sat(f, s, c); break;
  case FER_CMD_DECLARE_CONST: r = cmd_declare_const(f, s); break;
  case FER_CMD_DECLARE_FUN: r = cmd_declare_fun(f, s); break;
  case FER_CMD_DEFINE_CONST: r = define(f, s, false); break;
  case FER_CMD_DEFINE_FUN: r = define(f, s, true); break;
  case FER_CMD_DEFINE_SORT: r = cmd_define_sort(f, s); break;
  case FER_CMD_ECHO: r = cmd_echo(f, s); break;
  case FER_CMD_EXIT:
    r = close_cmd(f, s) ? R_SUCCESS : R_ERROR;
    if (r == R_SUCCESS) s->exited = true;
    break;
  case FER_CMD_GET_ASSERTIONS: r = cmd_get_assertions(f, s); break;
  case FER_CMD_GET_INFO: r = cmd_get_info(f, s); break;
  case FER_CMD_GET_MODEL: r = cmd_get_model(f, s, lpar); break;
  case FER_CMD_GET_OPTION: r = cmd_get_option(f, s); break;
  case FER_CMD_GET_VALUE: r = cmd_get_value(f, s, lpar); break;
  case FER_CMD_POP: r = cmd_push_pop(f, s, false); break;
  case FER_CMD_PUSH: r = cmd_push_pop(f, s, true); break;
  case FER_CMD_RESET:
    r = close_cmd(f, s) ? R_DONE : R_ERROR;
    if (r == R_DONE) {
      /* success is printed under the option as it was before the reset */
      if (s->print_success) fer_write(f, "success\n", 8);
      fer_smt_reset(f, s);
      s->lost_assertion = s->lost_scope = false;
      FER_CLEAR(s->logic);
      s->print_success = false;
      s->produce_models = false;
      s->last = FERRET_UNKNOWN;
      s->reason = NULL;
      s->snapshot_valid = false;
    }
    break;
  case FER_CMD_RESET_ASSERTIONS:
    r = close_cmd(f, s) ? R_SUCCESS : R_ERROR;
    if (r == R_SUCCESS) {
      fer_smt_reset(f, s);
      s->lost_assertion = s->lost_scope = false;
    }
    break;
  case FER_CMD_SET_INFO: r = cmd_set_info(f, s); break;
  case FER_CMD_SET_LOGIC: r = cmd_set_logic(f, s); break;
  case FER_CMD_SET_OPTION: r = cmd_set_option(f, s); break;
  case FER_CMD_DECLARE_SORT:
    r = unsupported_cmd(f, s, &t, "uninterpreted sorts");
    break;
  case FER_CMD_DEFINE_FUN_REC:
  case FER_CMD_DEFINE_FUNS_REC:
    r = unsupported_cmd(f, s, &t, "recursive functions");
    break;
  case FER_CMD_DECLARE_DATATYPE:
  case FER_CMD_DECLARE_DATATYPES:
    r = unsupported_cmd(f, s, &t, "datatypes");
    break;
  case FER_CMD_GET_ASSIGNMENT:
    r = unsupported_cmd(f, s, &t, "assignments of named terms");
    break;
  case FER_CMD_GET_PROOF: r = unsupported_cmd(f, s, &t, "proofs"); break;
  case FER_CMD_GET_UNSAT_ASSUMPTIONS:
  case FER_CMD_GET_UNSAT_CORE:
    r = unsupported_cmd(f, s, &t, "unsat cores");
    break;
  default: r = error_at(f, FERRET_ERROR_PARSE, &t, "unknown command"); break;
  }
  if (r == R_ERROR) return false;
  if (r == R_SUCCESS && s->print_success) fer_write(f, "success\n", 8);
  return true;
}

/* ferret opt: one script block, preceded by a comment naming the stage. */
static int print_block(ferret *f, const char *title, const fer_term *a,
                       size_t n) {
  fer_smt *s = f->smt;
  fer_buf b = {0};
  int ok = (!title || fer_buf_printf(f, &b, "; %s\n", title)) &&
           fer_print_script(f, &b, s->logic.size ? s->logic.data : NULL, a, n);
  if (ok) fer_write(f, b.data, b.size);
  FER_RELEASE(f, b);
  return ok;
}

static void trace_pass(void *user, const char *pass, const fer_term *a,
                       size_t n) {
  ferret *f = user;
  char title[96];
  snprintf(title, sizeof title, "after pass %s", pass);
  print_block(f, title, a, n);
}

ferret_status fer_smt_print_assertions(ferret *f) {
  fer_smt *s = f->smt;
  const fer_term *a = s->snapshot_valid ? s->snapshot.data : s->assertions.data;
  size_t n = s->snapshot_valid ? s->snapshot.size : s->assertions.size;
  int ok;
  if (!f->opt.opt_passes) {
    ok = print_block(f, NULL, a, n);
  } else {
    fer_pre pre;
    fer_pre_init(&pre);
    if (f->opt.opt_trace) ok = print_block(f, "as read", a, n);
    ok = fer_preprocess(f, a, n, &pre, f->opt.opt_trace ? trace_pass : NULL,
                        f) == FERRET_OK;
    if (ok) {
      fer_term t_false = fer_false(f);
      ok = pre.unsat ? print_block(f, "preprocessed: unsat", &t_false, 1)
                     : print_block(f, f->opt.opt_trace ? "preprocessed" : NULL,
                                   pre.assertions.data, pre.assertions.size);
    }
    fer_pre_release(f, &pre);
  }
  if (!ok)
    return f->error.status != FERRET_OK
               ? f->error.status
               : fer_error(f, FERRET_ERROR_LIMIT, 0, 0, "printing failed");
  return FERRET_OK;
}
