/* Sample text (contract in format.h). */
#include <stdio.h>
#include <string.h>

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

/* A JSON string (quotes included). */
static int json_string(ferret *f, fer_buf *b, const char *s) {
  int ok = fer_buf_add(f, b, "\"", 1);
  for (; ok && *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') ok = fer_buf_add(f, b, "\\", 1) && fer_buf_add(f, b, s, 1);
    else if (c < 0x20) ok = fer_buf_printf(f, b, "\\u%04x", c);
    else ok = fer_buf_add(f, b, s, 1);
  }
  return ok && fer_buf_add(f, b, "\"", 1);
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

/* An FP pattern as the nearest double. */
static int decimal(ferret *f, fer_buf *b, const fer_sort_info *si, fer_u128 v) {
  fer_fmt from = {si->a, si->b}, d = {11, 53};
  if (fer_fp_is_nan(from, v)) return fer_buf_str(f, b, "\"NaN\"");
  uint64_t u = (uint64_t)fer_fp_convert(d, FER_RNE, from, v);
  double x;
  memcpy(&x, &u, sizeof x);
  if (fer_fp_is_inf(d, u)) return fer_buf_str(f, b, x < 0 ? "\"-inf\"" : "\"inf\"");
  char s[40];
  snprintf(s, sizeof s, "\"%.17g\"", x);
  return fer_buf_str(f, b, s);
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
    ok = value_text(f, &tmp, c);
    if (!ok) break;
    switch (format) {
    case FER_FORMAT_JSONL:
      ok = (!i || fer_buf_add(f, b, ", ", 2)) &&
           json_string(f, b, fer_var_name(f, v)) &&
           fer_buf_str(f, b, ": {\"value\": ") && json_string(f, b, tmp.data) &&
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
           fer_buf_add(f, b, " ", 1) && fer_buf_str(f, b, tmp.data) &&
           fer_buf_str(f, b, ")\n");
      break;
    default: /* CSV */
      ok = !i || fer_buf_add(f, b, ",", 1);
      if (ok && (si->kind == FER_SORT_BV || si->kind == FER_SORT_FP))
        ok = fer_format_bits(f, b, bits_of(f, c), width_of(f, v));
      else if (ok)
        ok = fer_buf_str(f, b, tmp.data);
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
