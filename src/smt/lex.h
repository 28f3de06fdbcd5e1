/* The SMT-LIB 2.6 lexer: a streaming scanner over a caller-owned buffer.
 *
 * Tokens point into the buffer (no allocation per token), so a token is
 * valid as long as the buffer is.  Positions are 1-based; a column counts
 * bytes (a tab is one column).  The lexer never fails hard: a bad token
 * comes back as FER_TOK_ERROR with a message and the position of its first
 * byte, and scanning resumes after it.  Only an unterminated string or
 * quoted symbol is `fatal` (nothing after it can be trusted). */
#ifndef FER_LEX_H
#define FER_LEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum fer_tok_kind {
  FER_TOK_EOF,
  FER_TOK_LPAR,
  FER_TOK_RPAR,
  FER_TOK_NUMERAL, /* 0 | [1-9][0-9]* (leading zeros are accepted) */
  FER_TOK_DECIMAL, /* numeral.digits */
  FER_TOK_BINARY,  /* #b[01]+   : s/len hold the digits only */
  FER_TOK_HEX,     /* #x[0-9a-fA-F]+ : s/len hold the digits only */
  FER_TOK_STRING,  /* "..." ("" escapes a quote): s/len inside the quotes */
  FER_TOK_SYMBOL,  /* simple or |quoted|: s/len is the name (no bars) */
  FER_TOK_KEYWORD, /* :name   : s/len include the colon */
  FER_TOK_ERROR    /* message in fer_lexer.error */
} fer_tok_kind;

typedef struct fer_token {
  uint8_t kind;    /* fer_tok_kind */
  bool quoted;     /* SYMBOL written as |...| */
  const char *text; /* the token as written (text..text+len) */
  uint32_t len;
  const char *s;   /* the content, see fer_tok_kind */
  uint32_t slen;
  uint32_t line, col;
} fer_token;

typedef struct fer_lexer {
  const char *p, *end;
  const char *line_start; /* column of *p is p - line_start + 1 */
  uint32_t line;
  const char *error; /* message of the last ERROR token (static, or
                        msg below) */
  char msg[64];
  bool fatal;        /* the last ERROR token ends all scanning */
} fer_lexer;

/* Scan text[0..len) whose first byte is at line:col. */
void fer_lex_init(fer_lexer *, const char *text, size_t len, uint32_t line,
                  uint32_t col);
/* The next token.  After EOF or a fatal error, returns EOF forever.
 * Hot: called once per token of the input. */
void fer_lex_next(fer_lexer *, fer_token *);
/* Current position (of the next unread byte). */
static inline uint32_t fer_lex_col(const fer_lexer *l) {
  return (uint32_t)(l->p - l->line_start) + 1;
}

/* Character classes shared with the command splitter (smt_feed.c). */
#define FER_CH_WS 1     /* space, tab, CR, LF, FF, VT */
#define FER_CH_SYM 2    /* may appear in a simple symbol */
#define FER_CH_DIGIT 4
#define FER_CH_START 8  /* may start a simple symbol */
extern const uint8_t fer_char_class[256];

/* Is `s` a simple symbol (so it needs no |bars| when printed)?  Reserved
 * words count as simple: callers that print names check them. */
bool fer_is_simple_symbol(const char *s, size_t len);

#endif
