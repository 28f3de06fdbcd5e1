/* The reader's tokens: the current token and its position, the expected
 * token or a line:column error, skipping a command or an s-expression,
 * numerals as indices (see parse.h). */
#include "smt/parse.h"

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

