/* The sample reader (contract in read.h): a hand-written scanner per
 * format, only as much JSON and CSV as format.h writes (and a little
 * slack: a member may be a bare "bits" string). */
#include <string.h>

#include "base/map.h"
#include "engine/engine.h"
#include "sample/format.h"
#include "sample/read.h"

typedef struct reader {
  ferret *f;
  const char *source;
  const char *p, *end;
  unsigned line;
  const fer_term *vars;
  size_t nvars;
  fer_term *values;   /* nvars */
  FER_STACK(char) name;
} reader;

static ferret_status bad(reader *r, const char *what) {
  return fer_error(r->f, FERRET_ERROR_PARSE, r->line, 0, "%s:%u: %s",
                   r->source ? r->source : "samples", r->line, what);
}

/* Index of the variable named r->name (NUL-terminated), or -1. */
static long lookup(reader *r) {
  for (size_t i = 0; i < r->nvars; i++)
    if (!strcmp(fer_var_name(r->f, r->vars[i]), r->name.data)) return (long)i;
  return -1;
}

/* The constant for variable i from a cell: "#x..", "#b..", true/false or
 * a rounding-mode name.  0 if malformed. */
static fer_term cell_value(reader *r, size_t i, const char *s, size_t n) {
  ferret *f = r->f;
  fer_sort so = fer_term_sort(f, r->vars[i]);
  static const char *const rm[5][2] = {
      {"RNE", "roundNearestTiesToEven"}, {"RNA", "roundNearestTiesToAway"},
      {"RTP", "roundTowardPositive"}, {"RTN", "roundTowardNegative"},
      {"RTZ", "roundTowardZero"}};
  if (n == 4 && !memcmp(s, "true", 4)) return fer_mk_bool(f, true);
  if (n == 5 && !memcmp(s, "false", 5)) return fer_mk_bool(f, false);
  for (int k = 0; k < 5; k++)
    for (int m = 0; m < 2; m++)
      if (strlen(rm[k][m]) == n && !memcmp(s, rm[k][m], n))
        return fer_value_term(f, so, (fer_u128)k);
  if (n < 3 || s[0] != '#' || (s[1] != 'x' && s[1] != 'b')) return 0;
  fer_u128 v = 0;
  unsigned shift = s[1] == 'x' ? 4 : 1;
  if ((n - 2) * shift > 128) return 0;
  for (size_t k = 2; k < n; k++) {
    char c = s[k];
    unsigned d = c >= '0' && c <= '9' ? (unsigned)(c - '0')
                 : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10)
                 : c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10)
                                        : 99;
    if (d >= (1u << shift)) return 0;
    v = (v << shift) | d;
  }
  return fer_value_term(f, so, v);
}

static void skip_ws(reader *r) {
  while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\r')) r->p++;
}

/* A JSON string at r->p into r->name (NUL-terminated). */
static int json_string(reader *r) {
  ferret *f = r->f;
  FER_CLEAR(r->name);
  if (r->p >= r->end || *r->p != '"') return 0;
  for (r->p++; r->p < r->end && *r->p != '"' && *r->p != '\n'; r->p++) {
    char c = *r->p;
    if (c == '\\' && r->p + 1 < r->end) {
      c = *++r->p;
      if (c == 'u' && r->end - r->p > 4) { /* only the control characters we write */
        unsigned u = 0;
        for (int k = 1; k <= 4; k++) {
          char h = r->p[k];
          u = u * 16 + (unsigned)(h >= 'a' ? h - 'a' + 10 : h >= 'A' ? h - 'A' + 10 : h - '0');
        }
        c = (char)u, r->p += 4;
      } else if (c == 'n') c = '\n';
      else if (c == 't') c = '\t';
    }
    if (!FER_PUSH(f, r->name, c)) return 0;
  }
  if (r->p >= r->end || *r->p != '"') return 0;
  r->p++;
  return FER_PUSH(f, r->name, '\0');
}

/* Skip a JSON scalar (number, true, false, null) or string. */
static int json_skip(reader *r) {
  if (r->p < r->end && *r->p == '"') return json_string(r);
  while (r->p < r->end && !strchr(",}\n", *r->p)) r->p++;
  return 1;
}

static ferret_status read_jsonl(reader *r, fer_read_fn each, void *user) {
  for (; r->p < r->end; r->line++) {
    skip_ws(r);
    if (r->p < r->end && *r->p == '\n') { r->p++; continue; }
    if (*r->p != '{') return bad(r, "expected '{' (a JSON object per line)");
    memset(r->values, 0, r->nvars * sizeof *r->values);
    r->p++;
    for (;;) {
      skip_ws(r);
      if (r->p < r->end && *r->p == '}') { r->p++; break; }
      if (!json_string(r)) return bad(r, "expected a variable name");
      long var = lookup(r);
      skip_ws(r);
      if (r->p >= r->end || *r->p++ != ':') return bad(r, "expected ':'");
      skip_ws(r);
      const char *bits = NULL;
      size_t nbits = 0;
      if (r->p < r->end && *r->p == '{') {
        for (r->p++;;) {
          skip_ws(r);
          if (r->p < r->end && *r->p == '}') { r->p++; break; }
          if (!json_string(r)) return bad(r, "expected a member name");
          bool is_bits = !strcmp(r->name.data, "bits");
          skip_ws(r);
          if (r->p >= r->end || *r->p++ != ':') return bad(r, "expected ':'");
          skip_ws(r);
          const char *at = r->p;
          if (!json_skip(r)) return bad(r, "malformed member");
          if (is_bits && *at == '"') bits = at + 1, nbits = (size_t)(r->p - at) - 2;
          skip_ws(r);
          if (r->p < r->end && *r->p == ',') r->p++;
        }
      } else {
        const char *at = r->p;
        if (!json_skip(r)) return bad(r, "malformed value");
        if (*at == '"') bits = at + 1, nbits = (size_t)(r->p - at) - 2;
      }
      if (var >= 0) {
        if (!bits) return bad(r, "a variable without \"bits\"");
        if (!(r->values[var] = cell_value(r, (size_t)var, bits, nbits)))
          return bad(r, "malformed bits");
      }
      skip_ws(r);
      if (r->p < r->end && *r->p == ',') r->p++;
    }
    if (!each(user, r->values))
      return r->f->error.status ? r->f->error.status : FERRET_ERROR_LIMIT;
    skip_ws(r);
    if (r->p < r->end && *r->p == '\n') r->p++;
  }
  return FERRET_OK;
}

/* One CSV field at r->p into r->name; stops after the ',' or at the end
 * of the line (not consumed).  Sets *last at the end of the line. */
static int csv_field(reader *r, bool *last) {
  ferret *f = r->f;
  FER_CLEAR(r->name);
  if (r->p < r->end && *r->p == '"') {
    for (r->p++; r->p < r->end; r->p++) {
      if (*r->p == '"') {
        if (r->p + 1 < r->end && r->p[1] == '"') r->p++;
        else { r->p++; break; }
      }
      if (!FER_PUSH(f, r->name, *r->p)) return 0;
    }
  } else {
    for (; r->p < r->end && *r->p != ',' && *r->p != '\n' && *r->p != '\r'; r->p++)
      if (!FER_PUSH(f, r->name, *r->p)) return 0;
  }
  if (r->p < r->end && *r->p == '\r') r->p++;
  *last = r->p >= r->end || *r->p == '\n';
  if (!*last) r->p++; /* the comma */
  return FER_PUSH(f, r->name, '\0');
}

static ferret_status read_csv(reader *r, fer_read_fn each, void *user) {
  ferret *f = r->f;
  FER_STACK(long) col = {0};
  ferret_status st = FERRET_OK;
  bool last = false;
  while (!last) { /* the header */
    if (!csv_field(r, &last) || !FER_PUSH(f, col, lookup(r))) {
      st = FERRET_ERROR_LIMIT;
      goto done;
    }
  }
  if (r->p < r->end) r->p++;
  for (r->line = 2; r->p < r->end; r->line++) {
    if (*r->p == '\n') { r->p++; continue; }
    memset(r->values, 0, r->nvars * sizeof *r->values);
    last = false;
    for (size_t k = 0; !last; k++) {
      if (!csv_field(r, &last)) { st = FERRET_ERROR_LIMIT; goto done; }
      if (k >= col.size) { st = bad(r, "more cells than header names"); goto done; }
      if (col.data[k] < 0) continue;
      size_t i = (size_t)col.data[k];
      if (!(r->values[i] = cell_value(r, i, r->name.data, strlen(r->name.data)))) {
        st = bad(r, "malformed cell");
        goto done;
      }
    }
    if (r->p < r->end) r->p++;
    if (!each(user, r->values)) {
      st = f->error.status ? f->error.status : FERRET_ERROR_LIMIT;
      goto done;
    }
  }
done:
  FER_RELEASE(f, col);
  return st;
}

/* smt2: (define-fun x () S v) commands, read by the engine's user-seed
 * reader: a variable given again starts the next sample. */
static ferret_status read_smt2(reader *r, fer_read_fn each, void *user) {
  ferret *f = r->f;
  fer_user_seeds u;
  fer_user_seeds_init(&u);
  ferret_status st = fer_user_seeds_parse(f, r->p, (size_t)(r->end - r->p), &u);
  fer_map idx;
  fer_map_init(&idx);
  for (size_t i = 0; st == FERRET_OK && i < r->nvars; i++)
    if (!fer_map_put(f, &idx, r->vars[i], (uint32_t)i + 1)) st = FERRET_ERROR_LIMIT;
  memset(r->values, 0, r->nvars * sizeof *r->values);
  bool any = false;
  for (size_t k = 0; st == FERRET_OK && k <= u.var.size; k++) {
    if (k == u.var.size || !u.var.data[k]) {
      if (any && !each(user, r->values))
        st = f->error.status ? f->error.status : FERRET_ERROR_LIMIT;
      memset(r->values, 0, r->nvars * sizeof *r->values);
      any = false;
      continue;
    }
    uint32_t i = fer_map_get(&idx, u.var.data[k]);
    if (!i--) continue;
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
  r.f = f, r.source = source, r.p = text, r.end = text + len, r.line = 1;
  r.vars = vars, r.nvars = nvars;
  if (format < 0) {
    const char *q = text;
    while (q < r.end && (*q == ' ' || *q == '\n' || *q == '\t' || *q == '\r')) q++;
    format = q < r.end && *q == '{' ? FER_FORMAT_JSONL
             : q < r.end && *q == '(' ? FER_FORMAT_SMT2
                                      : FER_FORMAT_CSV;
  }
  size_t vb = (nvars ? nvars : 1) * sizeof *r.values;
  if (!(r.values = fer_calloc(f, vb))) return FERRET_ERROR_LIMIT;
  ferret_status st = format == FER_FORMAT_JSONL ? read_jsonl(&r, each, user)
                     : format == FER_FORMAT_SMT2 ? read_smt2(&r, each, user)
                                                 : read_csv(&r, each, user);
  fer_free(f, r.values, vb);
  FER_RELEASE(f, r.name);
  return st;
}
