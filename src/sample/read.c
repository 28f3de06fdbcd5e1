/* The sample reader (contract in read.h): a hand-written scanner per
 * format, only as much JSON and CSV as format.h writes (and a little
 * slack: a member may be a bare "bits" string, a Bool cell true/false or
 * #b0/#b1, a RoundingMode cell its name or its number in 3 bits).
 *
 * Every read is bounded by r->end: the text need not end in a NUL, and a
 * text cut at any byte gives fewer samples or an error, never a read past
 * it (tests/test_sample.c cuts files of every format at every length).
 * A sample must give every variable exactly once, with a value of its
 * sort and width: coverage over a sample that lacks a value, or gives one
 * for another formula's variable, would be a number about nothing. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/map.h"
#include "engine/engine.h"
#include "sample/format.h"
#include "sample/read.h"

typedef struct pos {
  unsigned line, col;
} pos;

typedef struct reader {
  ferret *f;
  const char *source;
  const char *p, *end;
  const char *bol;    /* where the current line begins */
  unsigned line;
  const fer_term *vars;
  size_t nvars;
  fer_term *values;   /* nvars */
  FER_STACK(char) name; /* the last name or cell read (no NUL) */
} reader;

static pos here(const reader *r) {
  size_t col = (size_t)(r->p - r->bol) + 1;
  return (pos){r->line, col > 0xffffffffu ? 0xffffffffu : (unsigned)col};
}

/* At a '\n': step over it. */
static void newline(reader *r) {
  r->p++, r->line++;
  r->bol = r->p;
}

static ferret_status bad(reader *r, pos at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static ferret_status bad(reader *r, pos at, const char *fmt, ...) {
  char msg[384];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return fer_error(r->f, FERRET_ERROR_PARSE, at.line, at.col, "%s:%u:%u: %s",
                   r->source ? r->source : "samples", at.line, at.col, msg);
}

/* The name in r->name, for messages (at most 64 bytes of it). */
#define NAME_ARG(r) (int)((r)->name.size < 64 ? (r)->name.size : 64), (r)->name.data

static const char *var_name(const reader *r, size_t i) {
  const char *s = fer_var_name(r->f, r->vars[i]);
  return s ? s : "";
}

static bool name_is(const reader *r, size_t i) {
  const char *s = var_name(r, i);
  size_t n = strlen(s);
  return n == r->name.size && (!n || !memcmp(s, r->name.data, n));
}

/* Index of the variable named r->name, or -1.  Samples list the variables
 * in one order, so the hint (the member's position) is tried first. */
static long lookup(const reader *r, size_t hint) {
  if (hint < r->nvars && name_is(r, hint)) return (long)hint;
  for (size_t i = 0; i < r->nvars; i++)
    if (name_is(r, i)) return (long)i;
  return -1;
}

static ferret_status unknown_name(reader *r, pos at) {
  return bad(r, at, "'%.*s' is not a variable of the formula", NAME_ARG(r));
}

/* Set r->values[i] from the text s[0..n) of its value, found at `at`:
 * "#x..."/"#b..." with exactly the sort's width, true/false for Bool, a
 * rounding mode's name for RoundingMode.  Status. */
static ferret_status cell_value(reader *r, size_t i, const char *s, size_t n, pos at) {
  ferret *f = r->f;
  fer_sort so = fer_term_sort(f, r->vars[i]);
  uint32_t kind = fer_sort_get(f, so)->kind, width = fer_sort_bits(f, so);
  char sort[64];
  fer_sort_print(f, so, sort, sizeof sort);
  const char *name = var_name(r, i);
  int show = (int)(n < 64 ? n : 64);
  fer_term k = 0;
  if (kind == FER_SORT_BOOL && n == 4 && !memcmp(s, "true", 4)) k = fer_mk_bool(f, true);
  if (kind == FER_SORT_BOOL && n == 5 && !memcmp(s, "false", 5)) k = fer_mk_bool(f, false);
  for (int m = 0; kind == FER_SORT_RM && m < 5; m++)
    if ((strlen(fer_rm_names[m]) == n && !memcmp(s, fer_rm_names[m], n)) ||
        (strlen(fer_rm_long_names[m]) == n && !memcmp(s, fer_rm_long_names[m], n)))
      k = fer_mk_rm(f, (fer_rm)m);
  if (k) {
    r->values[i] = k;
    return FERRET_OK;
  }
  if (!n)
    return bad(r, at, "no value for '%.64s'", name);
  if (n < 3 || s[0] != '#' || (s[1] != 'x' && s[1] != 'b'))
    return bad(r, at, "'%.*s' is not a value of '%.64s', a %s: #x... or #b...%s", show,
               s, name, sort,
               kind == FER_SORT_BOOL ? ", true or false"
               : kind == FER_SORT_RM ? " or a rounding mode's name" : "");
  unsigned shift = s[1] == 'x' ? 4 : 1;
  size_t digits = n - 2;
  if (width % shift || digits != width / shift)
    return bad(r, at, "'%.*s' has %zu bits; '%.64s', a %s, has %u", show, s,
               digits * shift, name, sort, width);
  fer_u128 v = 0;
  for (size_t j = 2; j < n; j++) {
    char c = s[j];
    unsigned d = c >= '0' && c <= '9' ? (unsigned)(c - '0')
                 : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10)
                 : c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10)
                                        : 99;
    if (d >= (1u << shift))
      return bad(r, (pos){at.line, at.col + (unsigned)j}, "'%c' is not a %s digit", c,
                 shift == 4 ? "hexadecimal" : "binary");
    if (v >> (128 - shift))
      return bad(r, at, "the value of '%.64s', a %s, does not fit in 128 bits; "
                 "wider values are not read", name, sort);
    v = (v << shift) | d;
  }
  if (kind == FER_SORT_RM && v >= 5)
    return bad(r, at, "'%.*s' is not a rounding mode (0 to 4)", show, s);
  if (!(r->values[i] = fer_value_term(f, so, v))) return FERRET_ERROR_LIMIT;
  return FERRET_OK;
}

/* Every variable has a value in the sample that started at `at`. */
static ferret_status complete(reader *r, pos at) {
  for (size_t i = 0; i < r->nvars; i++)
    if (!r->values[i])
      return bad(r, at, "the sample gives no value for '%.64s' (every variable "
                 "of the formula needs one)", var_name(r, i));
  return FERRET_OK;
}

static ferret_status deliver(reader *r, fer_read_fn each, void *user) {
  if (each(user, r->values)) return FERRET_OK;
  return r->f->error.status ? r->f->error.status : FERRET_ERROR_LIMIT;
}

/* ---------------------------------------------------------------- jsonl */

static void skip_ws(reader *r) {
  while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\r')) r->p++;
}

static int hex_digit(char h) {
  return h >= '0' && h <= '9' ? h - '0'
         : h >= 'a' && h <= 'f' ? h - 'a' + 10
         : h >= 'A' && h <= 'F' ? h - 'A' + 10
                                : -1;
}

/* A JSON string at r->p (its '"') into r->name.  Status. */
static ferret_status json_string(reader *r, const char *what) {
  ferret *f = r->f;
  pos at = here(r);
  FER_CLEAR(r->name);
  if (r->p >= r->end || *r->p != '"') return bad(r, at, "expected %s (a JSON string)", what);
  for (r->p++; r->p < r->end && *r->p != '"'; r->p++) {
    char c = *r->p;
    if (c == '\n') break;
    if (c == '\\') {
      pos esc = here(r);
      if (++r->p >= r->end) break;
      c = *r->p;
      unsigned u = 0;
      switch (c) {
      case '"': case '\\': case '/': break;
      case 'b': c = '\b'; break;
      case 'f': c = '\f'; break;
      case 'n': c = '\n'; break;
      case 'r': c = '\r'; break;
      case 't': c = '\t'; break;
      case 'u':
        for (int k = 1; k <= 4; k++) {
          int d = r->end - r->p > k ? hex_digit(r->p[k]) : -1;
          if (d < 0) return bad(r, esc, "\\u needs four hexadecimal digits");
          u = u * 16 + (unsigned)d;
        }
        r->p += 4;
        if (u >= 0xd800 && u < 0xe000)
          return bad(r, esc, "\\u%04x: surrogate pairs are not read", u);
        if (u >= 0x80) { /* UTF-8, as the name is stored */
          char b[3];
          size_t nb = 0;
          if (u >= 0x800) b[nb++] = (char)(0xe0 | u >> 12);
          else b[nb++] = (char)(0xc0 | u >> 6);
          if (u >= 0x800) b[nb++] = (char)(0x80 | (u >> 6 & 0x3f));
          b[nb++] = (char)(0x80 | (u & 0x3f));
          for (size_t k = 0; k + 1 < nb; k++)
            if (!FER_PUSH(f, r->name, b[k])) return FERRET_ERROR_LIMIT;
          c = b[nb - 1];
        } else {
          c = (char)u;
        }
        break;
      default:
        return bad(r, esc, "unknown escape '\\%c' in a JSON string", c);
      }
    }
    if (!FER_PUSH(f, r->name, c)) return FERRET_ERROR_LIMIT;
  }
  if (r->p >= r->end || *r->p != '"')
    return bad(r, at, "a JSON string not closed on its line");
  r->p++;
  return FERRET_OK;
}

/* A JSON number, true, false or null (skipped), or a string (into
 * r->name; *is_string).  Status. */
static ferret_status json_scalar(reader *r, bool *is_string) {
  *is_string = r->p < r->end && *r->p == '"';
  if (*is_string) return json_string(r, "a value");
  const char *from = r->p;
  while (r->p < r->end && (*r->p == '-' || *r->p == '+' || *r->p == '.' ||
                           (*r->p >= '0' && *r->p <= '9') ||
                           (*r->p >= 'a' && *r->p <= 'z') || (*r->p >= 'A' && *r->p <= 'Z')))
    r->p++;
  if (r->p == from) return bad(r, here(r), "expected a JSON value");
  return FERRET_OK;
}

/* ':' after a member name. */
static ferret_status colon(reader *r) {
  skip_ws(r);
  if (r->p >= r->end || *r->p != ':') return bad(r, here(r), "expected ':'");
  r->p++;
  skip_ws(r);
  return FERRET_OK;
}

/* After a member: ',' (then another member follows) or the closing '}'
 * (left for the caller).  *more. */
static ferret_status member_end(reader *r, bool *more) {
  skip_ws(r);
  *more = r->p < r->end && *r->p == ',';
  if (*more) {
    r->p++;
    skip_ws(r);
    return FERRET_OK;
  }
  if (r->p < r->end && *r->p == '}') return FERRET_OK;
  return bad(r, here(r), "expected ',' or '}'");
}

/* {"bits": "#x..", ...}: the position and text of "bits" into *at and
 * r->name.  Status. */
static ferret_status json_value_object(reader *r, pos *at, bool *found) {
  ferret *f = r->f;
  FER_STACK(char) bits = {0};
  ferret_status st = FERRET_OK;
  *found = false;
  r->p++; /* '{' */
  skip_ws(r);
  for (bool more = r->p < r->end && *r->p != '}'; more && st == FERRET_OK;) {
    bool is_bits, is_string;
    if ((st = json_string(r, "a member name")) != FERRET_OK) break;
    is_bits = r->name.size == 4 && !memcmp(r->name.data, "bits", 4);
    if ((st = colon(r)) != FERRET_OK) break;
    pos v = here(r);
    if ((st = json_scalar(r, &is_string)) != FERRET_OK) break;
    if (is_bits) {
      if (!is_string) {
        st = bad(r, v, "\"bits\" must be a string");
        break;
      }
      if (*found) {
        st = bad(r, v, "\"bits\" given twice");
        break;
      }
      *found = true, *at = v;
      at->col++; /* the text after the quote */
      FER_CLEAR(bits);
      for (size_t k = 0; k < r->name.size; k++)
        if (!FER_PUSH(f, bits, r->name.data[k])) st = FERRET_ERROR_LIMIT;
    }
    if (st == FERRET_OK) st = member_end(r, &more);
  }
  if (st == FERRET_OK && (r->p >= r->end || *r->p != '}'))
    st = bad(r, here(r), "expected '}'");
  if (st == FERRET_OK) {
    r->p++;
    FER_CLEAR(r->name);
    for (size_t k = 0; k < bits.size && st == FERRET_OK; k++)
      if (!FER_PUSH(f, r->name, bits.data[k])) st = FERRET_ERROR_LIMIT;
  }
  FER_RELEASE(f, bits);
  return st;
}

/* One sample: {"x": {...}, "y": "#x..", ...} at r->p. */
static ferret_status json_sample(reader *r) {
  pos start = here(r);
  memset(r->values, 0, r->nvars * sizeof *r->values);
  r->p++; /* '{' */
  skip_ws(r);
  ferret_status st = FERRET_OK;
  size_t k = 0;
  for (bool more = r->p < r->end && *r->p != '}'; more; k++) {
    pos at = here(r);
    if ((st = json_string(r, "a variable name")) != FERRET_OK) return st;
    long var = lookup(r, k);
    if (var < 0) return unknown_name(r, at);
    if (r->values[var]) return bad(r, at, "'%.*s' given twice", NAME_ARG(r));
    if ((st = colon(r)) != FERRET_OK) return st;
    pos v = here(r);
    if (r->p < r->end && *r->p == '{') {
      bool found;
      if ((st = json_value_object(r, &v, &found)) != FERRET_OK) return st;
      if (!found) return bad(r, at, "no \"bits\" member for '%.64s'", var_name(r, (size_t)var));
    } else {
      bool is_string;
      if ((st = json_scalar(r, &is_string)) != FERRET_OK) return st;
      if (!is_string) return bad(r, v, "expected the bits of '%.64s' as a string or an "
                                 "object with \"bits\"", var_name(r, (size_t)var));
      v.col++;
    }
    if ((st = cell_value(r, (size_t)var, r->name.data, r->name.size, v)) != FERRET_OK)
      return st;
    if ((st = member_end(r, &more)) != FERRET_OK) return st;
  }
  if (r->p >= r->end || *r->p != '}') return bad(r, here(r), "expected '}'");
  r->p++;
  return complete(r, start);
}

static ferret_status read_jsonl(reader *r, fer_read_fn each, void *user) {
  while (r->p < r->end) {
    skip_ws(r);
    if (r->p >= r->end) break;
    if (*r->p == '\n') {
      newline(r);
      continue;
    }
    if (*r->p != '{') return bad(r, here(r), "expected '{' (a JSON object per line)");
    ferret_status st = json_sample(r);
    if (st != FERRET_OK) return st;
    skip_ws(r);
    if (r->p < r->end && *r->p != '\n')
      return bad(r, here(r), "text after the sample's '}' (one JSON object per line)");
    if ((st = deliver(r, each, user)) != FERRET_OK) return st;
  }
  return FERRET_OK;
}

/* ------------------------------------------------------------------ csv */

/* One CSV field at r->p into r->name (*at where it starts); stops after
 * the ',' or at the end of the line (not consumed).  *last at the end of
 * the line.  Status. */
static ferret_status csv_field(reader *r, pos *at, bool *last) {
  ferret *f = r->f;
  FER_CLEAR(r->name);
  *at = here(r);
  if (r->p < r->end && *r->p == '"') {
    bool closed = false;
    for (r->p++; r->p < r->end; r->p++) {
      if (*r->p == '"') {
        if (r->p + 1 < r->end && r->p[1] == '"') {
          r->p++;
        } else {
          r->p++, closed = true;
          break;
        }
      }
      if (!FER_PUSH(f, r->name, *r->p)) return FERRET_ERROR_LIMIT;
      if (*r->p == '\n') r->line++, r->bol = r->p + 1;
    }
    if (!closed) return bad(r, *at, "a quoted field without its closing '\"'");
  } else {
    for (; r->p < r->end && *r->p != ',' && *r->p != '\n' && *r->p != '\r'; r->p++)
      if (!FER_PUSH(f, r->name, *r->p)) return FERRET_ERROR_LIMIT;
  }
  if (r->p < r->end && *r->p == '\r') r->p++;
  *last = r->p >= r->end || *r->p == '\n';
  if (*last) return FERRET_OK;
  if (*r->p != ',') return bad(r, here(r), "expected ',' after a field");
  r->p++;
  return FERRET_OK;
}

static ferret_status read_csv(reader *r, fer_read_fn each, void *user) {
  ferret *f = r->f;
  FER_STACK(long) col = {0};
  ferret_status st = FERRET_OK;
  bool last = false;
  pos at;
  while (r->p < r->end && (*r->p == '\n' || *r->p == '\r' || *r->p == ' ' || *r->p == '\t'))
    if (*r->p == '\n') newline(r); /* blank lines before the header */
    else r->p++;
  /* the header: each variable once, and no other name */
  while (!last && st == FERRET_OK) {
    if ((st = csv_field(r, &at, &last)) != FERRET_OK) break;
    long var = lookup(r, col.size);
    if (var < 0) {
      st = unknown_name(r, at);
    } else if (r->values[var]) {
      st = bad(r, at, "'%.*s' named twice in the header", NAME_ARG(r));
    } else {
      r->values[var] = r->vars[var]; /* marks it seen */
      if (!FER_PUSH(f, col, var)) st = FERRET_ERROR_LIMIT;
    }
  }
  for (size_t i = 0; st == FERRET_OK && i < r->nvars; i++)
    if (!r->values[i])
      st = bad(r, (pos){1, 1}, "the header has no column for '%.64s' (every "
               "variable of the formula needs one)", var_name(r, i));
  if (st == FERRET_OK && r->p < r->end) newline(r);
  while (st == FERRET_OK && r->p < r->end) {
    if (*r->p == '\n' || (*r->p == '\r' && r->p + 1 < r->end && r->p[1] == '\n')) {
      if (*r->p == '\r') r->p++;
      newline(r); /* an empty line */
      continue;
    }
    memset(r->values, 0, r->nvars * sizeof *r->values);
    last = false;
    for (size_t k = 0; !last && st == FERRET_OK; k++) {
      if ((st = csv_field(r, &at, &last)) != FERRET_OK) break;
      if (k >= col.size) {
        st = bad(r, at, "more cells than the header has names");
        break;
      }
      if (last && k + 1 < col.size) {
        st = bad(r, here(r), "the row ends after %zu of %zu cells ('%.64s' missing)",
                 k + 1, col.size, var_name(r, (size_t)col.data[k + 1]));
        break;
      }
      st = cell_value(r, (size_t)col.data[k], r->name.data, r->name.size, at);
    }
    if (st == FERRET_OK && r->p < r->end) newline(r);
    if (st == FERRET_OK) st = deliver(r, each, user);
  }
  FER_RELEASE(f, col);
  return st;
}

/* ----------------------------------------------------------------- smt2 */

/* (define-fun x () S v) commands, read by the engine's user-seed reader
 * (strict: unknown names and other commands are errors): a variable given
 * again starts the next sample. */
static ferret_status read_smt2(reader *r, fer_read_fn each, void *user) {
  ferret *f = r->f;
  fer_user_seeds u;
  fer_user_seeds_init(&u);
  u.strict = true;
  ferret_status st = fer_user_seeds_parse(f, r->p, (size_t)(r->end - r->p), &u);
  if (st != FERRET_OK && f->error.line) { /* "L:C: message": name the file */
    char msg[512];
    snprintf(msg, sizeof msg, "%s", f->error.message ? f->error.message : "error");
    st = fer_error(f, FERRET_ERROR_PARSE, f->error.line, f->error.column, "%s:%s",
                   r->source ? r->source : "samples", msg);
  }
  fer_map idx;
  fer_map_init(&idx);
  for (size_t i = 0; st == FERRET_OK && i < r->nvars; i++)
    if (!fer_map_put(f, &idx, r->vars[i], (uint32_t)i + 1)) st = FERRET_ERROR_LIMIT;
  memset(r->values, 0, r->nvars * sizeof *r->values);
  pos start = {1, 1};
  bool any = false;
  for (size_t k = 0; st == FERRET_OK && k <= u.var.size; k++) {
    if (k == u.var.size || !u.var.data[k]) {
      if (any && (st = complete(r, start)) == FERRET_OK) st = deliver(r, each, user);
      memset(r->values, 0, r->nvars * sizeof *r->values);
      any = false;
      continue;
    }
    pos at = {u.line.data[k], u.col.data[k]};
    if (!any) start = at;
    uint32_t i = fer_map_get(&idx, u.var.data[k]);
    if (!i--) {
      const char *nm = fer_var_name(f, u.var.data[k]);
      st = bad(r, at, "'%.64s' is not a variable of the formula's query", nm ? nm : "");
      break;
    }
    fer_term c = fer_value_term(f, fer_term_sort(f, r->vars[i]), u.val.data[k]);
    if (!c) st = FERRET_ERROR_LIMIT;
    r->values[i] = c, any = true;
  }
  fer_map_release(f, &idx);
  fer_user_seeds_release(f, &u);
  return st;
}

ferret_status fer_samples_read(ferret *f, const char *source, const char *text,
                               size_t len, int format, const fer_term *vars,
                               size_t nvars, fer_read_fn each, void *user) {
  reader r;
  memset(&r, 0, sizeof r);
  r.f = f, r.source = source, r.p = r.bol = text, r.end = text + len, r.line = 1;
  r.vars = vars, r.nvars = nvars;
  const char *q = text;
  while (q < r.end && (*q == ' ' || *q == '\n' || *q == '\t' || *q == '\r')) q++;
  if (q == r.end) return FERRET_OK; /* no sample at all */
  if (format < 0)
    format = *q == '{' ? FER_FORMAT_JSONL : *q == '(' ? FER_FORMAT_SMT2 : FER_FORMAT_CSV;
  size_t vb = fer_array_bytes(nvars, sizeof *r.values);
  if (!(r.values = fer_calloc(f, vb))) return FERRET_ERROR_LIMIT;
  ferret_status st = format == FER_FORMAT_JSONL ? read_jsonl(&r, each, user)
                     : format == FER_FORMAT_SMT2 ? read_smt2(&r, each, user)
                                                 : read_csv(&r, each, user);
  fer_free(f, r.values, vb);
  FER_RELEASE(f, r.name);
  return st;
}
