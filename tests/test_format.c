/* The sample writer (sample/format.h) against a reference that writes the
 * same samples from constant terms with the printer (fer_print_value,
 * fer_print_symbol, fer_print_sort) and the formats' rules spelled out
 * plainly, as ferret wrote samples before the writer: many random values
 * of every kind of sort (BV of every width 1..128 and wider, FP formats
 * standard and odd, NaN, infinities, zeros, subnormals), names that need
 * JSON escaping, |quoting| or CSV quoting, in the three formats.  The
 * "decimal" of FP formats the FP library does not take, which the
 * reference cannot compute, is checked on values worked out by hand. */
#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "base/dtoa.h"
#include "fp/fp.h"
#include "sample/format.h"
#include "smt/array.h" /* fer_value_bits, as the sample job has the bits */
#include "test.h"

static uint64_t rnd_state = 0x2545f4914f6cdd1dull;

static uint64_t rnd(void) { /* splitmix64: the test is the same every run */
  uint64_t z = (rnd_state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static fer_u128 rnd128(void) { return (fer_u128)rnd() << 64 | rnd(); }

/* The low n bits set (all 128 from n = 128 on). */
static fer_u128 low(uint32_t n) { return n >= 128 ? ~(fer_u128)0 : ((fer_u128)1 << n) - 1; }

static bool in_library(uint32_t eb, uint32_t sb) { return eb <= 30 && eb + sb <= 128; }

/* ------------------------------------------------------------ reference */

static void add(ferret *f, fer_buf *b, const char *s) { CHECK(fer_buf_str(f, b, s)); }

static void ref_json_string(ferret *f, fer_buf *b, const char *s) {
  add(f, b, "\"");
  for (; *s; s++) {
    char e[8];
    if (*s == '"' || *s == '\\') snprintf(e, sizeof e, "\\%c", *s);
    else if ((unsigned char)*s < 0x20) snprintf(e, sizeof e, "\\u%04x", (unsigned char)*s);
    else snprintf(e, sizeof e, "%c", *s);
    add(f, b, e);
  }
  add(f, b, "\"");
}

static void ref_csv_field(ferret *f, fer_buf *b, const char *s) {
  if (!strpbrk(s, ",\"\r\n")) {
    add(f, b, s);
    return;
  }
  add(f, b, "\"");
  for (; *s; s++) add(f, b, *s == '"' ? "\"\"" : (char[2]){*s, 0});
  add(f, b, "\"");
}

/* The raw bits of constant c: the bit-vector of the same width and limbs,
 * printed. */
static void ref_bits(ferret *f, fer_buf *b, fer_term v, fer_term c) {
  uint32_t w = fer_sort_bits(f, fer_term_sort(f, v)); /* Bool 1, RoundingMode 3 */
  fer_term bv;
  if (fer_term_op(f, c) == FER_OP_TRUE || fer_term_op(f, c) == FER_OP_FALSE)
    bv = fer_mk_const_u128(f, fer_sort_bv(f, 1), fer_term_op(f, c) == FER_OP_TRUE);
  else { /* a copy: making the constant may move the limb pool */
    uint64_t limbs[4] = {0};
    CHECK(w <= 256);
    memcpy(limbs, fer_const_limbs(f, c), (w + 63) / 64 * sizeof *limbs);
    bv = fer_mk_const(f, fer_sort_bv(f, w), limbs);
  }
  CHECK(fer_print_value(f, b, bv));
}

static void ref_decimal(ferret *f, fer_buf *b, fer_term v, fer_term c) {
  const fer_sort_info *si = fer_sort_get(f, fer_term_sort(f, v));
  fer_fmt from = {si->a, si->b}, d = {11, 53};
  fer_u128 x = fer_const_u128(f, c);
  if (fer_fp_is_nan(from, x)) {
    add(f, b, "\"NaN\"");
    return;
  }
  uint64_t u = (uint64_t)fer_fp_convert(d, FER_RNE, from, x);
  double r;
  memcpy(&r, &u, sizeof r);
  char s[40];
  fer_dtoa(s, r);
  add(f, b, "\""), add(f, b, s), add(f, b, "\"");
}

static void ref_header(ferret *f, fer_buf *b, const fer_term *vars, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (i) add(f, b, ",");
    ref_csv_field(f, b, fer_var_name(f, vars[i]));
  }
  add(f, b, "\n");
}

static void ref_sample(ferret *f, fer_buf *b, int format, const fer_term *vars,
                       const fer_term *vals, size_t n) {
  if (format == FER_FORMAT_JSONL) add(f, b, "{");
  for (size_t i = 0; i < n; i++) {
    fer_term v = vars[i], c = vals[i];
    uint32_t kind = fer_sort_get(f, fer_term_sort(f, v))->kind;
    switch (format) {
    case FER_FORMAT_JSONL:
      if (i) add(f, b, ", ");
      ref_json_string(f, b, fer_var_name(f, v));
      add(f, b, ": {\"value\": \"");
      CHECK(fer_print_value(f, b, c));
      add(f, b, "\", \"bits\": \"");
      ref_bits(f, b, v, c);
      add(f, b, "\"");
      if (kind == FER_SORT_FP) add(f, b, ", \"decimal\": "), ref_decimal(f, b, v, c);
      add(f, b, "}");
      break;
    case FER_FORMAT_SMT2:
      add(f, b, "(define-fun ");
      CHECK(fer_print_symbol(f, b, fer_var_name(f, v)));
      add(f, b, " () ");
      CHECK(fer_print_sort(f, b, fer_term_sort(f, v)));
      add(f, b, " ");
      CHECK(fer_print_value(f, b, c));
      add(f, b, ")\n");
      break;
    default:
      if (i) add(f, b, ",");
      if (kind == FER_SORT_BV || kind == FER_SORT_FP) ref_bits(f, b, v, c);
      else CHECK(fer_print_value(f, b, c));
    }
  }
  add(f, b, format == FER_FORMAT_JSONL ? "}\n" : "\n");
}

/* ------------------------------------------------------ random samples */

static const uint32_t fp_formats[][2] = {
    {5, 11}, {8, 8}, {8, 24}, {11, 53}, {15, 113}, {15, 64}, {3, 5}, {2, 2},
    {2, 3}, {4, 3}, {6, 9}, {11, 64}, {30, 98}, {30, 3}, {2, 126}, {12, 100},
    /* beyond the FP library: only in smt2 and csv (no reference decimal) */
    {11, 120}, {15, 200}, {40, 60}, {31, 20}, {200, 5}, {5, 200}, {64, 64}};

/* A sort: Bool, RoundingMode, BV of any width 1..128 or wider, an FP
 * format (one the FP library takes, unless wide). */
static fer_sort rnd_sort(ferret *f, bool wide) {
  uint64_t k = rnd() % 16;
  if (k == 0) return fer_sort_bool(f);
  if (k == 1) return fer_sort_rm(f);
  if (k < 7) {
    static const uint32_t wider[] = {129, 200, 256};
    return fer_sort_bv(f, wide && k == 6 ? wider[rnd() % 3] : 1 + (uint32_t)(rnd() % 128));
  }
  size_t n = sizeof fp_formats / sizeof *fp_formats, i;
  do i = rnd() % n;
  while (!wide && !in_library(fp_formats[i][0], fp_formats[i][1]));
  return fer_sort_fp(f, fp_formats[i][0], fp_formats[i][1]);
}

/* Names: plain, reserved words, and bytes that JSON must escape, SMT-LIB
 * must |quote| (a '|' becomes '_') and CSV must quote. */
static const char *const odd_names[] = {
    "x", "let", "assert", "_", "1st", "a b", "q\"uote", "back\\slash", "tab\there",
    "line\nbreak", "cr\rx", "ctl\x01\x1f", "c,d", "e\"f,g", "pipe|x", "caf\xc3\xa9",
    "~!@$%^&*_-+=<>.?/", "", "#b01", "(x)", "\x7f"};

static fer_term rnd_var(ferret *f, bool wide, int i) {
  char name[64];
  size_t n = sizeof odd_names / sizeof *odd_names;
  uint64_t k = rnd() % (n + 1);
  if (k < n) snprintf(name, sizeof name, "%s", odd_names[k]);
  else snprintf(name, sizeof name, "v%d", i);
  fer_term v = fer_mk_var(f, name, rnd_sort(f, wide));
  CHECK(v != 0);
  return v;
}

/* A pattern of FP format (eb, sb): often a special value or a boundary. */
static fer_u128 rnd_fp(uint32_t eb, uint32_t sb) {
  uint32_t m = sb - 1;
  fer_u128 frac = rnd128() & low(m), exp = rnd128() & low(eb);
  fer_u128 sign = rnd() & 1;
  fer_u128 ones = low(eb), bias = low(eb - 1);
  switch (rnd() % 9) {
  case 0: exp = ones, frac = frac ? frac : 1; break;            /* NaN */
  case 1: exp = ones, frac = 0; break;                          /* infinity */
  case 2: exp = 0, frac = 0; break;                             /* zero */
  case 3: exp = 0, frac = frac ? frac : 1; break;               /* subnormal */
  case 4: exp = 0, frac = 1; break;                             /* the least */
  case 5: exp = ones - 1, frac = low(m); break;                 /* the most */
  case 6: exp = bias + rnd() % 4 - 2; break;                    /* near 1 */
  case 7: frac &= ~low(m > 3 ? m - 3 : 0); break;               /* short */
  default: break;
  }
  if (eb + sb > 128) return rnd128(); /* wide: zeros above bit 127 */
  return sign << (eb + sb - 1) | (exp & ones) << m | frac;
}

static fer_u128 rnd_bits(ferret *f, fer_term v) {
  const fer_sort_info *si = fer_sort_get(f, fer_term_sort(f, v));
  switch (si->kind) {
  case FER_SORT_BOOL: return rnd() & 1;
  case FER_SORT_RM: return rnd() % 5;
  case FER_SORT_BV:
    switch (rnd() % 4) {
    case 0: return 0;
    case 1: return low(si->a);
    default: return rnd128() & low(si->a);
    }
  default: return rnd_fp(si->a, si->b);
  }
}

static fer_term constant(ferret *f, fer_term v, fer_u128 bits) {
  fer_sort s = fer_term_sort(f, v);
  switch (fer_sort_get(f, s)->kind) {
  case FER_SORT_BOOL: return fer_mk_bool(f, bits != 0);
  case FER_SORT_RM: return fer_mk_rm(f, (fer_rm)bits);
  default: return fer_mk_const_u128(f, s, bits);
  }
}

/* The writer's text for bits (and the reference's for the constants)
 * as NUL-terminated strings in b and r. */
static bool same_text(ferret *f, fer_sample_writer *w, int format, const fer_term *vars,
                      const fer_u128 *bits, const fer_term *vals, size_t n) {
  fer_buf b = {0}, r = {0};
  CHECK(fer_buf_add(f, &b, "<", 1)); /* appends after what is there */
  CHECK(fer_sample_write(f, w, &b, bits) && fer_buf_add(f, &b, "", 1));
  CHECK(fer_buf_add(f, &r, "<", 1));
  ref_sample(f, &r, format, vars, vals, n);
  CHECK(fer_buf_add(f, &r, "", 1));
  bool same = b.data && r.data && !strcmp(b.data, r.data);
  CHECK_MSG(same, "format %d:\n  writer:    %s\n  reference: %s", format,
            b.data ? b.data : "(null)", r.data ? r.data : "(null)");
  FER_RELEASE(f, b);
  FER_RELEASE(f, r);
  return same;
}

TEST(format_writer_matches_printer) {
  ferret *f = ferret_new();
  int sets = fer_test_quick ? 8 : 24, samples = fer_test_quick ? 50 : 200;
  for (int format = 0; format < 3; format++) {
    for (int s = 0; s < sets; s++) {
      /* the first two: no variable, one bit-vector (no text before it in csv) */
      size_t n = s < 2 ? (size_t)s : 1 + rnd() % 40;
      fer_term vars[40], vals[40];
      fer_u128 bits[40];
      for (size_t i = 0; i < n; i++) vars[i] = rnd_var(f, format != FER_FORMAT_JSONL, (int)i);
      if (s == 1) vars[0] = fer_mk_var(f, "b", fer_sort_bv(f, 8));
      fer_sample_writer *w = fer_sample_writer_new(f, format, vars, n);
      CHECK(w != NULL);
      if (!w) continue;
      size_t len = 0;
      const char *head = fer_sample_writer_header(w, &len);
      if (format == FER_FORMAT_CSV) {
        fer_buf r = {0};
        ref_header(f, &r, vars, n);
        CHECK(fer_buf_add(f, &r, "", 1));
        CHECK_STR(head, r.data);
        CHECK(head && len == strlen(head));
        FER_RELEASE(f, r);
      } else {
        CHECK(head == NULL);
      }
      fer_u128 seen[40][4]; /* each variable's last values, for a return */
      memset(seen, 0, sizeof seen);
      for (int k = 0; k < samples; k++) {
        /* a variable keeps its value half the time, as in a search, and
         * comes back to one of its recent ones an eighth of the time (the
         * writer copies both from its memo of earlier texts; a recent
         * value may have been evicted by another of the same way) */
        for (size_t i = 0; i < n; i++) {
          uint32_t r = rnd() % 8;
          if (k && r < 4) continue;
          fer_u128 x = k > 4 && r == 4 ? seen[i][rnd() % 4] : rnd_bits(f, vars[i]);
          vals[i] = constant(f, vars[i], x);
          bits[i] = fer_value_bits(f, vals[i]); /* a NaN made canonical */
          seen[i][k % 4] = bits[i];
        }
        if (!same_text(f, w, format, vars, bits, vals, n)) break;
      }
      fer_sample_writer_delete(f, w);
    }
  }
  ferret_delete(f);
}

/* One sample worked out by hand in the three formats; x holds a NaN that
 * is not the canonical one (constants cannot), whose bits are its own. */
TEST(format_writer_by_hand) {
  ferret *f = ferret_new();
  fer_term vars[4] = {fer_mk_var(f, "x", fer_sort_fp(f, 8, 24)),
                      fer_mk_var(f, "a b", fer_sort_bool(f)),
                      fer_mk_var(f, "r", fer_sort_rm(f)),
                      fer_mk_var(f, "v,w", fer_sort_bv(f, 6))};
  fer_u128 bits[4] = {0xff800001u, 1, FER_RTZ, 0x2a};
  static const char *const want[3] = {
      "{\"x\": {\"value\": \"(_ NaN 8 24)\", \"bits\": \"#xff800001\", \"decimal\": \"NaN\"}, "
      "\"a b\": {\"value\": \"true\", \"bits\": \"#b1\"}, "
      "\"r\": {\"value\": \"RTZ\", \"bits\": \"#b100\"}, "
      "\"v,w\": {\"value\": \"#b101010\", \"bits\": \"#b101010\"}}\n"
      "{\"x\": {\"value\": \"(fp #b1 #b01111111 #b10000000000000000000000)\", \"bits\": "
      "\"#xbfc00000\", \"decimal\": \"-1.5\"}, \"a b\": {\"value\": \"false\", \"bits\": \"#b0\"}, "
      "\"r\": {\"value\": \"RNE\", \"bits\": \"#b000\"}, "
      "\"v,w\": {\"value\": \"#b000000\", \"bits\": \"#b000000\"}}\n",
      "(define-fun x () (_ FloatingPoint 8 24) (_ NaN 8 24))\n"
      "(define-fun |a b| () Bool true)\n(define-fun r () RoundingMode RTZ)\n"
      "(define-fun |v,w| () (_ BitVec 6) #b101010)\n\n"
      "(define-fun x () (_ FloatingPoint 8 24) (fp #b1 #b01111111 #b10000000000000000000000))\n"
      "(define-fun |a b| () Bool false)\n(define-fun r () RoundingMode RNE)\n"
      "(define-fun |v,w| () (_ BitVec 6) #b000000)\n\n",
      "#xff800001,true,RTZ,#b101010\n#xbfc00000,false,RNE,#b000000\n"};
  for (int format = 0; format < 3; format++) {
    fer_sample_writer *w = fer_sample_writer_new(f, format, vars, 4);
    fer_buf b = {0};
    CHECK(w && fer_sample_write(f, w, &b, bits));
    fer_u128 next[4] = {0xbfc00000u, 0, FER_RNE, 0};
    CHECK(w && fer_sample_write(f, w, &b, next) && fer_buf_add(f, &b, "", 1));
    CHECK_STR(b.data, want[format]);
    size_t len = 0;
    if (format == FER_FORMAT_CSV) CHECK_STR(fer_sample_writer_header(w, &len), "x,a b,r,\"v,w\"\n");
    FER_RELEASE(f, b);
    fer_sample_writer_delete(f, w);
  }
  ferret_delete(f);
}

/* --------------------------------- decimals beyond the FP library */

/* The "decimal" member the writer gives for pattern x of (eb, sb). */
static void check_decimal(ferret *f, uint32_t eb, uint32_t sb, fer_u128 x, const char *want) {
  fer_term v = fer_mk_var(f, "d", fer_sort_fp(f, eb, sb));
  fer_sample_writer *w = fer_sample_writer_new(f, FER_FORMAT_JSONL, &v, 1);
  fer_buf b = {0};
  CHECK(w && fer_sample_write(f, w, &b, &x) && fer_buf_add(f, &b, "", 1));
  const char *at = b.data ? strstr(b.data, "\"decimal\": \"") : NULL;
  char got[64] = "(none)";
  if (at) sscanf(at + 12, "%63[^\"]", got);
  CHECK_MSG(!strcmp(got, want), "(_ FloatingPoint %u %u): decimal %s, want %s", eb, sb, got, want);
  FER_RELEASE(f, b);
  fer_sample_writer_delete(f, w);
}

static const char *dec(double x) {
  static char s[40];
  fer_dtoa(s, x);
  return s;
}

TEST(format_decimal_beyond_fp_library) {
  ferret *f = ferret_new();
  /* (11, 120): the fraction is 119 bits, cut at bit 128 (E < 2^9) */
  fer_u128 one = 1, min = one << 119; /* E = 1: 2^-1022 */
  check_decimal(f, 11, 120, min, dec(DBL_MIN));
  /* 1 + 2^-53 is a tie, to even; 2^-119 more rounds up */
  check_decimal(f, 11, 120, min | one << 66, dec(DBL_MIN));
  check_decimal(f, 11, 120, min | one << 66 | 1, dec(nextafter(DBL_MIN, 1)));
  check_decimal(f, 11, 120, 1, "0");                   /* subnormal 2^-1141 */
  /* (40, 60): bias 2^39 - 1, fraction 59 bits, sign at bit 99 */
  fer_u128 bias = (one << 39) - 1;
  check_decimal(f, 40, 60, bias << 59, "1");
  check_decimal(f, 40, 60, one << 99 | bias << 59, "-1");
  check_decimal(f, 40, 60, (bias + 1) << 59 | one << 58, "3");
  check_decimal(f, 40, 60, (bias + 1024) << 59, "inf");
  check_decimal(f, 40, 60, (bias + 1023) << 59 | ((one << 59) - 1), "inf"); /* rounds up */
  check_decimal(f, 40, 60, (bias + 1023) << 59, dec(ldexp(1, 1023)));
  check_decimal(f, 40, 60, (bias + 5000) << 59, "inf");
  check_decimal(f, 40, 60, one << 99 | (bias + 5000) << 59, "-inf");
  check_decimal(f, 40, 60, (bias - 1074) << 59, "5e-324");
  check_decimal(f, 40, 60, (bias - 1075) << 59, "0");   /* a tie, to even */
  check_decimal(f, 40, 60, (bias - 1075) << 59 | 1, "5e-324");
  check_decimal(f, 40, 60, one << 99 | one << 59, "-0");
  check_decimal(f, 40, 60, ((one << 40) - 1) << 59, "inf");
  check_decimal(f, 40, 60, ((one << 40) - 1) << 59 | 1, "NaN");
  check_decimal(f, 40, 60, 0, "0");
  /* (5, 200): the exponent field is above bit 127, so every value is
   * subnormal: 2^127 * 2^(1 - 15 - 199) */
  check_decimal(f, 5, 200, one << 127, dec(ldexp(1, -86)));
  check_decimal(f, 5, 200, 3, dec(ldexp(3, -213)));
  /* (200, 5): any value is below 2^(2 - 2^199) */
  check_decimal(f, 200, 5, ~(fer_u128)0, "0");
  /* (64, 64): 128 bits */
  fer_u128 b64 = ((fer_u128)1 << 63) - 1;
  check_decimal(f, 64, 64, one << 127 | b64 << 63 | one << 62, "-1.5");
  ferret_delete(f);
}
