/* The SMT-LIB commands about the session rather than the formula:
 * set-logic, set-option/get-option, set-info/get-info and echo. */
#include <stdio.h>
#include <string.h>

#include "api/smt_session.h"

#define RD (&s->rd)

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
                {"RDL", "real arithmetic"}, {"UF", NULL},
                {"DT", "datatypes"}, {"AX", NULL}, {"BV", NULL},
                {"FP", NULL}, {"FF", "finite fields"}, {"A", NULL},
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

fer_reply fer_smt_set_logic(ferret *f, fer_smt *s) {
  fer_token t = RD->tok;
  uint32_t sym = fer_rd_symbol(f, RD, "a logic name");
  if (!sym || !fer_smt_close(f, s)) return FER_R_ERROR;
  const char *name = fer_sym_name(RD, sym);
  if (s->logic.size)
    return FER_SMT_ERROR_AT(f, FERRET_ERROR_COMMAND, &t,
                            "the logic is already set (to %s)", s->logic.data);
  char missing[256];
  bool unknown;
  logic_missing(name, missing, sizeof missing, &unknown);
  if (unknown)
    return FER_SMT_ERROR_AT(f, FERRET_ERROR_UNSUPPORTED, &t,
                            "unsupported logic '%s' (unknown logic name)",
                            name);
  if (missing[0])
    return FER_SMT_ERROR_AT(f, FERRET_ERROR_UNSUPPORTED, &t,
                            "unsupported logic '%s': %s", name, missing);
  size_t n = strlen(name) + 1;
  if (!FER_RESERVE(f, s->logic, n)) return FER_R_ERROR;
  memcpy(s->logic.data, name, n);
  s->logic.size = n;
  return FER_R_SUCCESS;
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

fer_reply fer_smt_set_option(ferret *f, fer_smt *s) {
  if (!fer_rd_ok(f, RD)) return FER_R_ERROR;
  fer_token k = RD->tok;
  if (!fer_rd_expect(f, RD, FER_TOK_KEYWORD, "an option keyword"))
    return FER_R_ERROR;
  bool b;
  uint32_t n;
  fer_token str;
  fer_reply r = FER_R_SUCCESS;
  if (keyword_is(&k, ":print-success")) {
    if (!read_bool(f, s, &b)) return FER_R_ERROR;
    s->print_success = b;
  } else if (keyword_is(&k, ":produce-models")) {
    if (!read_bool(f, s, &b)) return FER_R_ERROR;
    s->produce_models = b;
  } else if (keyword_is(&k, ":produce-unsat-cores") ||
             keyword_is(&k, ":produce-assignments") ||
             keyword_is(&k, ":produce-proofs") ||
             keyword_is(&k, ":produce-unsat-assumptions") ||
             keyword_is(&k, ":produce-assertions") ||
             keyword_is(&k, ":interactive-mode")) {
    /* Accepted; the commands they enable say themselves what works. */
    if (!read_bool(f, s, &b)) return FER_R_ERROR;
  } else if (keyword_is(&k, ":global-declarations")) {
    if (!read_bool(f, s, &b)) return FER_R_ERROR;
    if (b) r = FER_R_DONE, fer_write(f, "unsupported\n", 12);
  } else if (keyword_is(&k, ":random-seed") || keyword_is(&k, ":verbosity")) {
    if (!fer_rd_u32(f, RD, &n, "the option's value")) return FER_R_ERROR;
    char v[16];
    bool seed = keyword_is(&k, ":random-seed");
    snprintf(v, sizeof v, "%u", seed ? n : (n > 5 ? 5 : n));
    if (ferret_set_option(f, seed ? "seed" : "verbose", v) != FERRET_OK)
      return FER_R_ERROR;
  } else if (keyword_is(&k, ":timeout")) { /* milliseconds, as z3 reads it */
    if (!fer_rd_u32(f, RD, &n, "the option's value")) return FER_R_ERROR;
    f->opt.timeout_ms = n;
  } else if (keyword_is(&k, ":reproducible-resource-limit")) {
    if (!fer_rd_u32(f, RD, &n, "the option's value")) return FER_R_ERROR;
  } else if (keyword_is(&k, ":regular-output-channel") ||
             keyword_is(&k, ":diagnostic-output-channel")) {
    if (!read_string(f, s, &str)) return FER_R_ERROR;
    const char *want =
        keyword_is(&k, ":regular-output-channel") ? "stdout" : "stderr";
    if (str.slen != 6 || memcmp(str.s, want, 6))
      r = FER_R_DONE, fer_write(f, "unsupported\n", 12);
  } else {
    if (RD->tok.kind != FER_TOK_RPAR && !fer_rd_skip_sexpr(f, RD))
      return FER_R_ERROR;
    r = FER_R_DONE;
    fer_write(f, "unsupported\n", 12);
  }
  if (!fer_smt_close(f, s)) return FER_R_ERROR;
  return r;
}

fer_reply fer_smt_set_info(ferret *f, fer_smt *s) {
  if (!fer_rd_ok(f, RD)) return FER_R_ERROR;
  if (!fer_rd_expect(f, RD, FER_TOK_KEYWORD, "an info keyword"))
    return FER_R_ERROR;
  if (RD->tok.kind != FER_TOK_RPAR && !fer_rd_skip_sexpr(f, RD))
    return FER_R_ERROR;
  return fer_smt_close(f, s) ? FER_R_SUCCESS : FER_R_ERROR;
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

fer_reply fer_smt_get_info(ferret *f, fer_smt *s) {
  if (!fer_rd_ok(f, RD)) return FER_R_ERROR;
  fer_token k = RD->tok;
  if (!fer_rd_expect(f, RD, FER_TOK_KEYWORD, "an info keyword") ||
      !fer_smt_close(f, s))
    return FER_R_ERROR;
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
    /* Answered after any check-sat, as z3 does: the reason after
     * unknown, "" (z3's answer) after sat or unsat. */
    fer_printf(f, "(:reason-unknown ");
    if (s->last == FERRET_UNKNOWN && s->reason)
      print_reason(f, s->reason);
    else if (s->last == FERRET_UNKNOWN)
      fer_printf(f, "\"no check-sat was answered\"");
    else
      fer_printf(f, "\"\"");
    fer_printf(f, ")\n");
  } else if (keyword_is(&k, ":all-statistics")) {
    fer_printf(f, "(:all-statistics (:terms %u :variables %u :assertions %zu "
               ":memory %zu :max-memory %zu))\n",
               fer_term_count(f), fer_var_count(f), s->assertions.size,
               f->bytes, f->max_bytes);
  } else {
    fer_write(f, "unsupported\n", 12);
  }
  return FER_R_DONE;
}

fer_reply fer_smt_get_option(ferret *f, fer_smt *s) {
  if (!fer_rd_ok(f, RD)) return FER_R_ERROR;
  fer_token k = RD->tok;
  if (!fer_rd_expect(f, RD, FER_TOK_KEYWORD, "an option keyword") ||
      !fer_smt_close(f, s))
    return FER_R_ERROR;
  if (keyword_is(&k, ":print-success"))
    fer_printf(f, "%s\n", s->print_success ? "true" : "false");
  else if (keyword_is(&k, ":produce-models"))
    fer_printf(f, "%s\n", s->produce_models ? "true" : "false");
  else if (keyword_is(&k, ":random-seed"))
    fer_printf(f, "%lld\n", (long long)f->opt.seed);
  else if (keyword_is(&k, ":verbosity"))
    fer_printf(f, "%lld\n", (long long)f->opt.verbose);
  else if (keyword_is(&k, ":timeout"))
    fer_printf(f, "%lld\n", (long long)(f->opt.timeout_ms ? f->opt.timeout_ms
                                                         : f->opt.timeout * 1000));
  else if (keyword_is(&k, ":global-declarations"))
    fer_printf(f, "false\n");
  else if (keyword_is(&k, ":regular-output-channel"))
    fer_printf(f, "\"stdout\"\n");
  else if (keyword_is(&k, ":diagnostic-output-channel"))
    fer_printf(f, "\"stderr\"\n");
  else
    fer_write(f, "unsupported\n", 12);
  return FER_R_DONE;
}

fer_reply fer_smt_echo(ferret *f, fer_smt *s) {
  fer_token t;
  if (!read_string(f, s, &t) || !fer_smt_close(f, s)) return FER_R_ERROR;
  fer_write(f, t.text, t.len); /* as written, quotes and "" included */
  fer_write(f, "\n", 1);
  return FER_R_DONE;
}
