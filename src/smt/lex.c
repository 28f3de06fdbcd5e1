/* The SMT-LIB 2.6 lexer (see lex.h). */
#include "smt/lex.h"

#include <stdio.h>

#include <string.h>

/* Generated from the SMT-LIB 2.6 grammar: whitespace is 9, 10, 13, 32;
 * symbol characters are letters, digits and ~!@$%^&*_-+=<>.?/ . */
const uint8_t fer_char_class[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 1, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    1, 10, 0, 0, 10, 10, 10, 0, 0, 0, 10, 10, 0, 10, 10, 10,
    6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 0, 0, 10, 10, 10, 10,
    10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10,
    10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 0, 0, 0, 10, 10,
    0, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10,
    10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 0, 0, 0, 10, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
};

#define CLASS(c) fer_char_class[(uint8_t)(c)]

void fer_lex_init(fer_lexer *l, const char *text, size_t len, uint32_t line,
                  uint32_t col) {
  l->p = text;
  l->end = text + len;
  l->line = line ? line : 1;
  /* A virtual line start so that the first byte is at column `col`. */
  l->line_start = text - (col ? col - 1 : 0);
  l->error = NULL;
  l->fatal = false;
}

bool fer_is_simple_symbol(const char *s, size_t len) {
  if (!len || !(CLASS(s[0]) & FER_CH_START)) return false;
  for (size_t i = 1; i < len; i++)
    if (!(CLASS(s[i]) & FER_CH_SYM)) return false;
  return true;
}

/* After a bad token: the end of the run of bytes up to the next delimiter,
 * so that scanning resumes at something meaningful. */
static const char *skip_junk(const char *p, const char *end) {
  while (p < end && !(CLASS(*p) & FER_CH_WS) && *p != '(' && *p != ')' &&
         *p != '"' && *p != '|' && *p != ';')
    p++;
  return p;
}

/* Scan a delimited body (string or quoted symbol) that may span lines;
 * returns the closing delimiter or NULL. */
static const char *scan_delimited(fer_lexer *l, const char *p, char close,
                                  bool doubled) {
  for (; p < l->end; p++) {
    if (*p == '\n') {
      l->line++;
      l->line_start = p + 1;
    } else if (*p == close) {
      if (doubled && p + 1 < l->end && p[1] == close) {
        p++; /* "" inside a string is one quote */
        continue;
      }
      return p;
    }
  }
  return NULL;
}

/* Whitespace and comments from p on (counting lines); the first byte of
 * the next token, or end. */
static const char *skip_blank(fer_lexer *l, const char *p) {
  const char *end = l->end;
  for (;;) {
    while (p < end && (CLASS(*p) & FER_CH_WS)) {
      if (*p == '\n') l->line++, l->line_start = p + 1;
      p++;
    }
    if (p < end && *p == ';') {
      const char *nl = memchr(p, '\n', (size_t)(end - p));
      p = nl ? nl : end;
      continue;
    }
    return p;
  }
}

/* The token scanners below: p is the token's first byte; each returns the
 * end of the token and sets its kind, or returns NULL with l->error set. */

/* #b and #x literals. */
static const char *scan_radix(fer_lexer *l, const char *p, fer_token *t) {
  const char *end = l->end, *q = p + 2;
  char base = p + 1 < end ? p[1] : 0;
  if (base == 'b') {
    while (q < end && (*q == '0' || *q == '1')) q++;
  } else if (base == 'x') {
    while (q < end && (CLASS(*q) & FER_CH_DIGIT ||
                       (*q >= 'a' && *q <= 'f') || (*q >= 'A' && *q <= 'F')))
      q++;
  } else {
    l->error = "invalid literal: '#' must start #b or #x";
    return NULL;
  }
  if (q == p + 2) {
    l->error = base == 'b' ? "invalid binary literal: no digits after #b"
                           : "invalid hexadecimal literal: no digits after #x";
    return NULL;
  }
  if (q < end && (CLASS(*q) & FER_CH_SYM)) {
    l->error = base == 'b' ? "invalid binary literal" : "invalid hexadecimal literal";
    return NULL;
  }
  t->kind = base == 'b' ? FER_TOK_BINARY : FER_TOK_HEX;
  return q;
}

static const char *scan_keyword(fer_lexer *l, const char *p, fer_token *t) {
  const char *q = p + 1;
  while (q < l->end && (CLASS(*q) & FER_CH_SYM)) q++;
  if (q == p + 1) {
    l->error = "invalid keyword: ':' must be followed by a name";
    return NULL;
  }
  t->kind = FER_TOK_KEYWORD;
  return q;
}

/* A numeral or a decimal. */
static const char *scan_number(fer_lexer *l, const char *p, fer_token *t) {
  const char *end = l->end, *q = p + 1;
  while (q < end && (CLASS(*q) & FER_CH_DIGIT)) q++;
  t->kind = FER_TOK_NUMERAL;
  if (q + 1 < end && *q == '.' && (CLASS(q[1]) & FER_CH_DIGIT)) {
    q += 2;
    while (q < end && (CLASS(*q) & FER_CH_DIGIT)) q++;
    t->kind = FER_TOK_DECIMAL;
  }
  if (q < end && (CLASS(*q) & FER_CH_SYM)) {
    l->error = "invalid numeral (a symbol cannot start with a digit)";
    return NULL;
  }
  return q;
}

/* A simple symbol, or a character that starts no token. */
static const char *scan_symbol(fer_lexer *l, const char *p, fer_token *t) {
  unsigned char c = (unsigned char)*p;
  if (CLASS(c) & FER_CH_START) {
    const char *q = p + 1;
    while (q < l->end && (CLASS(*q) & FER_CH_SYM)) q++;
    t->kind = FER_TOK_SYMBOL;
    return q;
  }
  if (c >= 0x80) {
    l->error = "unexpected non-ASCII character (only strings and |quoted "
               "symbols| may contain them)";
  } else { /* name it: printable as itself, else by its code */
    if (c > 0x20 && c < 0x7f)
      snprintf(l->msg, sizeof l->msg, "unexpected character '%c'", (char)c);
    else
      snprintf(l->msg, sizeof l->msg, "unexpected character (code %u)", (unsigned)c);
    l->error = l->msg;
  }
  return NULL;
}

/* A string or a |quoted symbol| at p (its opening delimiter). */
static void lex_delimited(fer_lexer *l, const char *p, fer_token *t) {
  char c = *p;
  const char *q = scan_delimited(l, p + 1, c, c == '"');
  if (!q) {
    /* Nothing after an unterminated string can be read reliably. */
    l->error = c == '"' ? "unterminated string literal"
                        : "unterminated quoted symbol";
    l->fatal = true;
    t->kind = FER_TOK_ERROR;
    t->s = p, t->slen = (uint32_t)(l->end - p), t->len = t->slen;
    l->p = l->end;
    return;
  }
  t->kind = c == '"' ? FER_TOK_STRING : FER_TOK_SYMBOL;
  t->quoted = c == '|';
  t->s = p + 1, t->slen = (uint32_t)(q - (p + 1));
  t->len = (uint32_t)(q + 1 - p);
  l->p = q + 1;
}

void fer_lex_next(fer_lexer *l, fer_token *t) {
  const char *p = skip_blank(l, l->p), *end = l->end;
  t->line = l->line;
  t->col = (uint32_t)(p - l->line_start) + 1;
  t->text = p;
  t->quoted = false;
  t->kind = FER_TOK_EOF;
  if (p >= end) {
    t->s = p, t->slen = 0, t->len = 0;
    l->p = p;
    return;
  }
  const char *s = p, *q; /* content start; q = end of token */
  switch (*p) {
  case '(': t->kind = FER_TOK_LPAR, q = p + 1; break;
  case ')': t->kind = FER_TOK_RPAR, q = p + 1; break;
  case '"':
  case '|': lex_delimited(l, p, t); return;
  case '#': q = scan_radix(l, p, t), s = p + 2; break;
  case ':': q = scan_keyword(l, p, t); break;
  default:
    q = CLASS(*p) & FER_CH_DIGIT ? scan_number(l, p, t) : scan_symbol(l, p, t);
    break;
  }
  if (!q) { /* a bad token: skip to the next delimiter */
    q = skip_junk(p + 1, end);
    t->kind = FER_TOK_ERROR;
    t->s = p, t->slen = (uint32_t)(q - p), t->len = t->slen;
    l->p = q;
    return;
  }
  t->s = s, t->slen = (uint32_t)(q - s);
  t->len = (uint32_t)(q - p);
  l->p = q;
}
