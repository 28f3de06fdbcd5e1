/* Sample text (contract in format.h).  The writer keeps, per variable, the
 * text before its value (separator, name, sort) in one pool; a sample is
 * one reservation of the most it can take, then direct stores from the
 * bits, or a copy of the variable's part of an earlier sample with the
 * same bits, from a small direct-mapped memo per variable. */
#include <string.h>

#include "base/dtoa.h"
#include "fp/fp.h"
#include "sample/format.h"

typedef struct var {
  uint32_t kind;       /* FER_SORT_BOOL, _RM, _BV or _FP */
  uint32_t eb, sb;     /* FP */
  uint64_t w;          /* width of the bits: 1, 3, the BV width, eb + sb */
  size_t pre, npre;    /* in text: what comes before the value */
  size_t tail, ntail;  /* FP, in text: " eb sb)", the end of (_ NaN eb sb) */
  /* The variable's parts (prefix and value) of earlier samples: way k
   * at memo + k * stride in the writer's memo, for bits memo_bits[k],
   * memo_len[k] bytes (0: empty); bits v go to way way(w, v).  A search
   * changes a few variables per sample and comes back to recent values
   * (a sampling mutator's bits of two earlier solutions), so most parts
   * are copied from there.  sm+de, 20,000 samples, parts copied with the
   * last value alone / 8 / 16 / 32 / 64 ways: e2_3.c 32 / 55 / 63 / 68 /
   * 72 %, div.c.30 44 / 75 / 81 / 87 / 90 %.  With 32 ways a whole run
   * on e2_3.c takes 5 % less CPU than with 8, although they outgrow L1. */
  size_t memo, stride;
  size_t first;        /* its ways' index in memo_bits and memo_len */
} var;

/* Ways per variable: MEMO_WAYS, fewer when the memo would pass MEMO_MOST
 * bytes (thousands of wide variables), down to one. */
enum { MEMO_WAYS = 32, MEMO_MOST = 1 << 20 };

struct fer_sample_writer {
  int format;
  size_t n;
  var *v;              /* n */
  fer_buf text;
  fer_buf header;      /* CSV, NUL-terminated */
  size_t most;         /* bytes one sample can take */
  uint32_t ways;       /* a power of two */
  char *memo;          /* ways * most bytes: every variable's parts */
  fer_u128 *memo_bits; /* ways * n */
  uint32_t *memo_len;  /* ways * n */
};

/* ------------------------------------------------- names, at creation */

static bool json_plain(unsigned char c) { return c >= 0x20 && c != '"' && c != '\\'; }

/* A JSON string (quotes included): runs of plain characters at once. */
static int json_string(ferret *f, fer_buf *b, const char *s) {
  size_t n = strlen(s);
  int ok = fer_buf_add(f, b, "\"", 1);
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

/* Variable i's text before its value, appended to w->text. */
static int prefix(ferret *f, fer_sample_writer *w, size_t i, fer_term v) {
  fer_buf *b = &w->text;
  const char *name = fer_var_name(f, v);
  switch (w->format) {
  case FER_FORMAT_JSONL:
    return (!i || fer_buf_add(f, b, ", ", 2)) && json_string(f, b, name) &&
           fer_buf_str(f, b, ": {\"value\": \"");
  case FER_FORMAT_SMT2:
    return fer_buf_str(f, b, "(define-fun ") && fer_print_symbol(f, b, name) &&
           fer_buf_str(f, b, " () ") && fer_print_sort(f, b, fer_term_sort(f, v)) &&
           fer_buf_add(f, b, " ", 1);
  default: return !i || fer_buf_add(f, b, ",", 1);
  }
}

fer_sample_writer *fer_sample_writer_new(ferret *f, int format,
                                         const fer_term *vars, size_t n) {
  fer_sample_writer *w = fer_calloc(f, sizeof *w);
  if (!w) return NULL;
  w->format = format, w->n = n;
  w->v = fer_calloc(f, fer_array_bytes(n, sizeof *w->v));
  /* text is never NULL: prefixes of 0 bytes are copied from it too */
  int ok = w->v != NULL && FER_RESERVE(f, w->text, 64);
  w->most = 8;
  for (size_t i = 0; ok && i < n; i++) {
    var *x = &w->v[i];
    const fer_sort_info *si = fer_sort_get(f, fer_term_sort(f, vars[i]));
    x->kind = si->kind;
    x->w = si->kind == FER_SORT_BOOL ? 1
           : si->kind == FER_SORT_RM ? 3
           : si->kind == FER_SORT_BV ? si->a
                                     : (uint64_t)si->a + si->b;
    x->pre = w->text.size;
    ok = prefix(f, w, i, vars[i]);
    x->npre = w->text.size - x->pre;
    if (ok && si->kind == FER_SORT_FP) {
      x->eb = si->a, x->sb = si->b;
      x->tail = w->text.size;
      ok = fer_buf_printf(f, &w->text, " %u %u)", si->a, si->b);
      x->ntail = w->text.size - x->tail;
    }
    /* what a sample adds for x: the prefix, the value (the bits and the
     * 13 characters of (fp #b #b #b), or (_ +zero and the tail) and in
     * JSON the bits again, with members around and a decimal of at most
     * 32 characters: well within 128 more */
    x->stride = x->npre + x->ntail + 2 * x->w + 128;
    w->most += x->stride;
  }
  w->ways = MEMO_WAYS;
  while (w->ways > 1 && w->ways * w->most > MEMO_MOST) w->ways /= 2;
  for (size_t i = 0, at = 0; ok && i < n; i++) { /* w->v may be NULL */
    w->v[i].memo = at, w->v[i].first = i * w->ways;
    at += w->ways * w->v[i].stride;
  }
  size_t nways = (n ? n : 1) * w->ways;
  if (ok && !(w->memo = fer_malloc(f, w->ways * w->most))) ok = 0;
  if (ok && !(w->memo_bits = fer_malloc(f, nways * sizeof *w->memo_bits))) ok = 0;
  if (ok && !(w->memo_len = fer_calloc(f, nways * sizeof *w->memo_len))) ok = 0;
  for (size_t i = 0; ok && format == FER_FORMAT_CSV && i < n; i++)
    ok = (!i || fer_buf_add(f, &w->header, ",", 1)) &&
         csv_field(f, &w->header, fer_var_name(f, vars[i]));
  if (ok && format == FER_FORMAT_CSV)
    ok = fer_buf_add(f, &w->header, "\n", 1) && fer_buf_add(f, &w->header, "", 1);
  if (!ok) {
    fer_sample_writer_delete(f, w);
    return NULL;
  }
  return w;
}

void fer_sample_writer_delete(ferret *f, fer_sample_writer *w) {
  if (!w) return;
  if (w->v) fer_free(f, w->v, fer_array_bytes(w->n, sizeof *w->v));
  size_t nways = (w->n ? w->n : 1) * w->ways;
  if (w->memo) fer_free(f, w->memo, w->ways * w->most);
  if (w->memo_bits) fer_free(f, w->memo_bits, nways * sizeof *w->memo_bits);
  if (w->memo_len) fer_free(f, w->memo_len, nways * sizeof *w->memo_len);
  FER_RELEASE(f, w->text);
  FER_RELEASE(f, w->header);
  fer_free(f, w, sizeof *w);
}

const char *fer_sample_writer_header(const fer_sample_writer *w, size_t *len) {
  if (w->format != FER_FORMAT_CSV) return NULL;
  *len = w->header.size - 1;
  return w->header.data;
}

/* ----------------------------------------------- values, on every sample */

static char *put(char *p, const char *s, size_t n) {
  memcpy(p, s, n);
  return p + n;
}
#define PUT(P, LITERAL) put((P), (LITERAL), sizeof(LITERAL) - 1)

/* Bits [lo, lo + n) of v as a number; bits from 128 on are zeros. */
static fer_u128 field(fer_u128 v, uint64_t lo, uint64_t n) {
  if (lo >= 128) return 0;
  v >>= lo;
  return n < 128 ? v & (((fer_u128)1 << n) - 1) : v;
}

/* Is the exponent field e of x's format all ones (NaN or infinity)?  Never
 * when the field reaches bit 128. */
static bool exp_ones(const var *x, fer_u128 e) {
  return x->sb - 1 + (uint64_t)x->eb <= 128 && e == field(~(fer_u128)0, 0, x->eb);
}

/* The 8 bits of b as 8 digits, most significant first: b copied into
 * every byte, byte i masked to bit 7 - i, then each byte to 0/1 and '0'.
 * Byte i of t is digit i: on a little-endian machine that is one store
 * (compilers do not merge the loop's eight). */
static char *put_byte(char *p, unsigned b) {
  uint64_t t = ((uint64_t)b * 0x0101010101010101u) & 0x0102040810204080u;
  t = (((t + 0x7f7f7f7f7f7f7f7fu) >> 7) & 0x0101010101010101u) + 0x3030303030303030u;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  memcpy(p, &t, 8);
#else
  for (int i = 0; i < 8; i++) p[i] = (char)(t >> (8 * i));
#endif
  return p + 8;
}

/* #b and bits [lo, lo + n) of v, most significant first. */
static char *put_bin(char *p, fer_u128 v, uint64_t lo, uint64_t n) {
  *p++ = '#', *p++ = 'b';
  for (; n && lo + n > 128; n--) *p++ = '0';
  if (!n) return p;
  if (lo + n <= 64) {
    /* the common case, 8 digits at a time: the first n % 8 at the top of
     * a byte whose other digits the next stores overwrite (or that lie
     * past the text, inside the reservation) */
    uint64_t x = (uint64_t)v >> lo, r = n % 8;
    if (r) n -= r, p = put_byte(p, (unsigned)((x >> n) << (8 - r)) & 255) - (8 - r);
    while (n) n -= 8, p = put_byte(p, (unsigned)(x >> n) & 255);
  } else {
    fer_u128 x = v >> lo;
    while (n--) *p++ = (char)('0' + (unsigned)((x >> n) & 1));
  }
  return p;
}

/* The 8 hex digits of v, most significant first: nibble i moved into byte
 * i, each byte then to '0'..'9' or 'a'..'f' (+39 where it is 10 or more). */
static char *put_hex8(char *p, uint32_t v) {
  uint64_t x = v;
  x = (x | x << 16) & 0x0000ffff0000ffffu;
  x = (x | x << 8) & 0x00ff00ff00ff00ffu;
  x = (x | x << 4) & 0x0f0f0f0f0f0f0f0fu;
  uint64_t ten = ((x + 0x0606060606060606u) >> 4) & 0x0101010101010101u;
  x += 0x3030303030303030u + 39 * ten;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  x = __builtin_bswap64(x); /* byte 7, the top nibble's, first */
  memcpy(p, &x, 8);
#else
  for (int i = 0; i < 8; i++) p[i] = (char)(x >> (8 * (7 - i)));
#endif
  return p + 8;
}

/* Raw bits of width w: #x when w is a multiple of 4, else #b.  The first
 * d % 8 digits come from a put_hex8 whose leading digits the next stores
 * overwrite (or that lie past the text, inside the reservation). */
static char *put_bits(char *p, fer_u128 v, uint64_t w) {
  if (w % 4) return put_bin(p, v, 0, w);
  *p++ = '#', *p++ = 'x';
  uint64_t d = w / 4;
  for (; d > 32; d--) *p++ = '0';
  uint64_t r = d % 8;
  if (r) d -= r, p = put_hex8(p, (uint32_t)(v >> (4 * d)) << (32 - 4 * r)) - (8 - r);
  while (d) d -= 8, p = put_hex8(p, (uint32_t)(v >> (4 * d)));
  return p;
}

/* (fp #b. #b.. #b...), or (_ NaN eb sb) and the other specials. */
static char *put_fp(char *p, const char *text, const var *x, fer_u128 v) {
  uint64_t m = x->sb - 1;
  fer_u128 e = field(v, m, x->eb), frac = field(v, 0, m);
  bool neg = field(v, m + x->eb, 1) != 0;
  const char *special = exp_ones(x, e) ? (frac ? "NaN" : neg ? "-oo" : "+oo")
                        : !e && !frac ? (neg ? "-zero" : "+zero")
                                      : NULL;
  if (special) {
    p = put(PUT(p, "(_ "), special, strlen(special));
    return put(p, text + x->tail, x->ntail);
  }
  p = put_bin(PUT(p, "(fp "), v, m + x->eb, 1);
  *p++ = ' ';
  p = put_bin(p, v, m, x->eb);
  *p++ = ' ';
  p = put_bin(p, v, 0, m);
  *p++ = ')';
  return p;
}

/* The value text, as fer_print_value prints the constant. */
static char *put_value(char *p, const char *text, const var *x, fer_u128 v) {
  switch (x->kind) {
  case FER_SORT_BOOL: return v ? PUT(p, "true") : PUT(p, "false");
  case FER_SORT_RM: return put(p, fer_rm_names[(size_t)v], 3); /* RNE ... RTZ */
  case FER_SORT_BV: return put_bits(p, v, x->w);
  default: return put_fp(p, text, x, v);
  }
}

/* The pattern v of x's format as the nearest double (RNE), for every
 * format: Float32 and Float64 by fer_fp_convert's fast paths, any other
 * decoded here and rounded once by fer_fp_round, which also serves the
 * formats fer_fp_convert does not take (eb > 30, eb + sb > 128: zeros
 * above bit 127).  The exponent is clamped to [-1400, 1100], where every
 * 128-bit significand still rounds to the same zero or infinity. */
static uint64_t to_double(const var *x, fer_u128 v, bool *nan) {
  fer_fmt d = {11, 53};
  uint64_t m = x->sb - 1;
  fer_u128 e = field(v, m, x->eb), frac = field(v, 0, m);
  *nan = exp_ones(x, e) && frac;
  if (x->eb == 8 && x->sb == 24)
    return (uint64_t)fer_fp_convert(d, FER_RNE, (fer_fmt){8, 24}, v);
  if (x->eb == 11 && x->sb == 53) return (uint64_t)v;
  bool neg = field(v, m + x->eb, 1) != 0;
  if (exp_ones(x, e)) return (uint64_t)(frac ? fer_fp_nan(d) : fer_fp_inf(d, neg));
  /* unit exponent: (e or 1 for a subnormal) - bias - m, clamped */
  int64_t q = -1400;
  if (x->eb <= 128) { /* else every value is below 2^(2 - 2^127) */
    fer_u128 bias = ((fer_u128)1 << (x->eb - 1)) - 1, eu = e ? e : 1;
    fer_u128 lim = (fer_u128)1 << 40;
    int64_t de = eu >= bias ? (int64_t)(eu - bias < lim ? eu - bias : lim)
                            : -(int64_t)(bias - eu < lim ? bias - eu : lim);
    q = de - (int64_t)m;
  }
  q = q < -1400 ? -1400 : q > 1100 ? 1100 : q;
  fer_u128 sig = e ? frac | (fer_u128)1 << m : frac; /* e != 0: m < 128 */
  return (uint64_t)fer_fp_round(d, FER_RNE, neg, (int32_t)q, sig, false);
}

/* The "decimal" member's value: "NaN", else the shortest text of the
 * nearest double ("inf", "-inf", "-0" included). */
static char *put_decimal(char *p, const var *x, fer_u128 v) {
  bool nan;
  uint64_t u = to_double(x, v, &nan);
  if (nan) return PUT(p, "\"NaN\"");
  double r;
  memcpy(&r, &u, sizeof r);
  *p++ = '"';
  p += fer_dtoa(p, r);
  *p++ = '"';
  return p;
}

/* Variable x's part of the sample: its prefix, then its value. */
static char *put_var(char *p, const fer_sample_writer *w, const var *x, fer_u128 v) {
  const char *text = w->text.data;
  p = put(p, text + x->pre, x->npre);
  switch (w->format) {
  case FER_FORMAT_JSONL:
    p = PUT(put_value(p, text, x, v), "\", \"bits\": \"");
    p = put_bits(p, v, x->w);
    *p++ = '"';
    if (x->kind == FER_SORT_FP) p = put_decimal(PUT(p, ", \"decimal\": "), x, v);
    *p++ = '}';
    return p;
  case FER_FORMAT_SMT2: return PUT(put_value(p, text, x, v), ")\n");
  default: /* CSV */
    return x->kind == FER_SORT_BV || x->kind == FER_SORT_FP ? put_bits(p, v, x->w)
                                                            : put_value(p, text, x, v);
  }
}

int fer_sample_write(ferret *f, fer_sample_writer *w, fer_buf *b, const fer_u128 *bits) {
  if (!FER_RESERVE(f, *b, w->most)) return 0;
  char *p = b->data + b->size;
  if (w->format == FER_FORMAT_JSONL) *p++ = '{';
  for (size_t i = 0; i < w->n; i++) {
    const var *x = &w->v[i];
    fer_u128 v = bits[i];
    /* the way: a multiplicative hash's top bits (ways <= 2^8) */
    uint64_t h = ((uint64_t)v ^ (uint64_t)(v >> 64)) * 0x9e3779b97f4a7c15u;
    size_t k = (size_t)(h >> 56) & (w->ways - 1), at = x->first + k;
    char *memo = w->memo + x->memo + k * x->stride;
    uint32_t len = w->memo_len[at];
    if (len && w->memo_bits[at] == v) {
      p = put(p, memo, len);
      continue;
    }
    FER_REQUIRE(f, x->kind != FER_SORT_RM || v < 5, "rounding mode out of range");
    char *start = p;
    p = put_var(p, w, x, v);
    len = (uint32_t)(p - start); /* at most stride */
    memcpy(memo, start, len);
    w->memo_bits[at] = v, w->memo_len[at] = len;
  }
  p = w->format == FER_FORMAT_JSONL ? PUT(p, "}\n") : PUT(p, "\n");
  b->size = (size_t)(p - b->data);
  return 1;
}
