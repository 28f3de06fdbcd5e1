/* Sample text (contract in format.h). */
#include <stdio.h>
#include <string.h>

#include "base/dtoa.h"
#include "fp/fp.h"
#include "sample/format.h"

int fer_format_bits(ferret *f, fer_buf *b, fer_u128 v, uint32_t w) {
  char s[140];
  size_t k = 0;
  s[k++] = '#';
  if (w % 4 == 0 && w) {
    s[k++] = 'x';
    for (uint32_t i = w / 4; i-- > 0;)
      s[k++] = "0123456789abcdef"[(unsigned)(v >> (4 * i)) & 15];
  } else {
    s[k++] = 'b';
    for (uint32_t i = w; i-- > 0;) s[k++] = (char)('0' + (unsigned)((v >> i) & 1));
  }
  return fer_buf_add(f, b, s, k);
}

static bool json_plain(unsigned char c) { return c >= 0x20 && c != '"' && c != '\\'; }

/* The JSON string body of s[0..n): runs of plain characters at once. */
static int json_body(ferret *f, fer_buf *b, const char *s, size_t n) {
  int ok = 1;
  for (size_t i = 0; ok && i < n;) {
    size_t run = i;
    while (run < n && json_plain((unsigned char)s[run])) run++;
    ok = fer_buf_add(f, b, s + i, run - i);
    if (!ok || run == n) break;
    unsigned char c = (unsigned char)s[run];
    ok = c == '"' || c == '\\' ? fer_buf_add(f, b, "\\", 1) && fer_buf_add(f, b, s + run, 1)
                                : fer_buf_printf(f, b, "\\u%04x", c);
    i = run + 1;
  }
  return ok;
}

/* A JSON string (quotes included). */
static int json_string(ferret *f, fer_buf *b, const char *s) {
  return fer_buf_add(f, b, "\"", 1) && json_body(f, b, s, strlen(s)) &&
         fer_buf_add(f, b, "\"", 1);
}

/* Constant c's SMT-LIB text as a JSON string: printed in place, escaped
 * only if it needs it (a constant's text never does). */
static int json_value(ferret *f, fer_buf *b, fer_buf *tmp, fer_term c) {
  size_t at = b->size;
  if (!fer_buf_add(f, b, "\"", 1) || !fer_print_value(f, b, c)) return 0;
  size_t i = at + 1;
  while (i < b->size && json_plain((unsigned char)b->data[i])) i++;
  if (i < b->size) { /* move the text out and write it back escaped */
    FER_CLEAR(*tmp);
    if (!fer_buf_add(f, tmp, b->data + at + 1, b->size - at - 1)) return 0;
    b->size = at + 1;
    if (!json_body(f, b, tmp->data, tmp->size)) return 0;
  }
  return fer_buf_add(f, b, "\"", 1);
}

/* A CSV field: quoted when it holds a comma, quote or line break. */
static int csv_field(ferret *f, fer_buf *b, const char *s) {
  if (!strpbrk(s, ",\"\r\n")) return fer_buf_str(f, b, s);
  int ok = fer_buf_add(f, b, "\"", 1);
  for (; ok && *s; s++)
    ok = *s == '"' ? fer_buf_add(f, b, "\"\"", 2) : fer_buf_add(f, b, s, 1);
  return ok && fer_buf_add(f, b, "\"", 1);
}

/* The bits of constant c (Bool 0/1, RoundingMode its number). */
static fer_u128 bits_of(ferret *f, fer_term c) {
  fer_op op = fer_term_op(f, c);
  if (op == FER_OP_TRUE) return 1;
  if (op == FER_OP_FALSE) return 0;
  return fer_const_u128(f, c);
}

static uint32_t width_of(ferret *f, fer_term v) {
  const fer_sort_info *si = fer_sort_get(f, fer_term_sort(f, v));
  switch (si->kind) {
  case FER_SORT_BOOL: return 1;
  case FER_SORT_RM: return 3;
  case FER_SORT_BV: return si->a;
  case FER_SORT_FP: return si->a + si->b;
  default: return 0;
  }
}

/* An FP pattern as the nearest double, in its shortest decimal text. */
static int decimal(ferret *f, fer_buf *b, const fer_sort_info *si, fer_u128 v) {
  fer_fmt from = {si->a, si->b}, d = {11, 53};
  if (fer_fp_is_nan(from, v)) return fer_buf_str(f, b, "\"NaN\"");
  uint64_t u = (uint64_t)fer_fp_convert(d, FER_RNE, from, v);
  double x;
  memcpy(&x, &u, sizeof x);
  char s[40];
  s[0] = '"';
  size_t n = 1 + fer_dtoa(s + 1, x); /* "inf", "-inf" as before */
  s[n++] = '"';
  return fer_buf_add(f, b, s, n);
}

/* The value text of constant c, NUL-terminated in tmp. */
static int value_text(ferret *f, fer_buf *tmp, fer_term c) {
  FER_CLEAR(*tmp);
  return fer_print_value(f, tmp, c) && fer_buf_add(f, tmp, "", 1);
}

int fer_format_csv_header(ferret *f, fer_buf *b, const fer_term *vars, size_t n) {
  int ok = 1;
  for (size_t i = 0; ok && i < n; i++)
    ok = (!i || fer_buf_add(f, b, ",", 1)) && csv_field(f, b, fer_var_name(f, vars[i]));
  return ok && fer_buf_add(f, b, "\n", 1);
}

int fer_format_sample(ferret *f, fer_buf *b, int format, const fer_term *vars,
                      const fer_term *values, size_t n) {
  fer_buf tmp = {0};
  int ok = format != FER_FORMAT_JSONL || fer_buf_add(f, b, "{", 1);
  for (size_t i = 0; ok && i < n; i++) {
    fer_term v = vars[i], c = values[i];
    const fer_sort_info *si = fer_sort_get(f, fer_term_sort(f, v));
    switch (format) {
    case FER_FORMAT_JSONL:
      ok = (!i || fer_buf_add(f, b, ", ", 2)) &&
           json_string(f, b, fer_var_name(f, v)) &&
           fer_buf_str(f, b, ": {\"value\": ") && json_value(f, b, &tmp, c) &&
           fer_buf_str(f, b, ", \"bits\": \"") &&
           fer_format_bits(f, b, bits_of(f, c), width_of(f, v)) &&
           fer_buf_add(f, b, "\"", 1);
      if (ok && si->kind == FER_SORT_FP)
        ok = fer_buf_str(f, b, ", \"decimal\": ") && decimal(f, b, si, bits_of(f, c));
      ok = ok && fer_buf_add(f, b, "}", 1);
      break;
    case FER_FORMAT_SMT2:
      ok = fer_buf_str(f, b, "(define-fun ") &&
           fer_print_symbol(f, b, fer_var_name(f, v)) &&
           fer_buf_str(f, b, " () ") && fer_print_sort(f, b, fer_term_sort(f, v)) &&
           fer_buf_add(f, b, " ", 1) && fer_print_value(f, b, c) &&
           fer_buf_str(f, b, ")\n");
      break;
    default: /* CSV */
      ok = !i || fer_buf_add(f, b, ",", 1);
      if (ok && (si->kind == FER_SORT_BV || si->kind == FER_SORT_FP))
        ok = fer_format_bits(f, b, bits_of(f, c), width_of(f, v));
      else if (ok)
        ok = value_text(f, &tmp, c) && fer_buf_str(f, b, tmp.data);
      break;
    }
  }
  FER_RELEASE(f, tmp);
  if (!ok) return 0;
  switch (format) {
  case FER_FORMAT_JSONL: return fer_buf_str(f, b, "}\n");
  case FER_FORMAT_SMT2: return fer_buf_add(f, b, "\n", 1);
  default: return fer_buf_add(f, b, "\n", 1);
  }
}
