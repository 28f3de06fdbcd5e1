/* The printer's leaves: text buffers, sorts, symbols and constant values.
 * Terms, sharing and scripts are in print.c. */
#include <stdio.h>
#include <string.h>

#include "base/nat.h"
#include "smt/print.h"

/* ------------------------------------------------------------- buffers */

int fer_buf_add_grow(ferret *f, fer_buf *b, const char *text, size_t len) {
  if (!len) return 1;
  if (!FER_RESERVE(f, *b, len)) return 0;
  memcpy(b->data + b->size, text, len);
  b->size += len;
  return 1;
}

int fer_buf_str(ferret *f, fer_buf *b, const char *s) {
  return fer_buf_add(f, b, s, strlen(s));
}

int fer_buf_printf(ferret *f, fer_buf *b, const char *fmt, ...) {
  char small[256];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(small, sizeof small, fmt, ap);
  va_end(ap);
  if (n < 0) return 0;
  if ((size_t)n < sizeof small) return fer_buf_add(f, b, small, (size_t)n);
  /* Too long for the local buffer: format straight into the stack, which
   * has room for the terminating NUL that vsnprintf insists on. */
  if (!FER_RESERVE(f, *b, (size_t)n + 1)) return 0;
  va_start(ap, fmt);
  vsnprintf(b->data + b->size, (size_t)n + 1, fmt, ap);
  va_end(ap);
  b->size += (size_t)n;
  return 1;
}

/* --------------------------------------------------------------- sorts */

int fer_print_sort(ferret *f, fer_buf *b, fer_sort s) {
  char text[1024];
  int n = fer_sort_print(f, s, text, sizeof text);
  return n > 0 && fer_buf_add(f, b, text, (size_t)n);
}

/* ------------------------------------------------------------- symbols */

/* SMT-LIB 2.6 reserved words (§3.1), which a simple symbol must not be:
 * the general ones and the command names. */
static const char *const reserved[] = {
    "BINARY", "DECIMAL", "HEXADECIMAL", "NUMERAL", "STRING", "_", "!", "as",
    "let", "exists", "forall", "match", "par", "assert", "check-sat",
    "check-sat-assuming", "declare-const", "declare-datatype",
    "declare-datatypes", "declare-fun", "declare-sort", "define-fun",
    "define-fun-rec", "define-funs-rec", "define-sort", "echo", "exit",
    "get-assertions", "get-assignment", "get-info", "get-model",
    "get-option", "get-proof", "get-unsat-assumptions", "get-unsat-core",
    "get-value", "pop", "push", "reset", "reset-assertions", "set-info",
    "set-logic", "set-option", NULL};

static bool symbol_char(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || (c && strchr("~!@$%^&*_-+=<>.?/", c));
}

bool fer_symbol_is_simple(const char *name) {
  if (!*name || (*name >= '0' && *name <= '9')) return false;
  for (const char *p = name; *p; p++)
    if (!symbol_char((unsigned char)*p)) return false;
  for (int i = 0; reserved[i]; i++)
    if (!strcmp(name, reserved[i])) return false;
  return true;
}

int fer_print_symbol(ferret *f, fer_buf *b, const char *name) {
  if (fer_symbol_is_simple(name)) return fer_buf_str(f, b, name);
  /* A quoted symbol cannot contain '|' (SMT-LIB has no escape for it);
   * such names can only come from the C API, and we print '_' in its place
   * rather than emit text no reader accepts.  '\\' is kept: SMT-LIB 2.6
   * excludes it, but real files use it (ESBMC's |execution_statet::\\g|),
   * our reader and z3 accept it, and a model must name the variables as
   * the input did. */
  if (!fer_buf_add(f, b, "|", 1)) return 0;
  for (const char *p = name; *p; p++) {
    char c = *p == '|' ? '_' : *p;
    if (!fer_buf_add(f, b, &c, 1)) return 0;
  }
  return fer_buf_add(f, b, "|", 1);
}

/* -------------------------------------------------------------- values */

static unsigned bit_at(const uint64_t *v, uint32_t i) {
  return (unsigned)(v[i / 64] >> (i % 64)) & 1;
}

/* Bits [lo, lo+n) of v, most significant first, as #b... */
static int print_bits(ferret *f, fer_buf *b, const uint64_t *v, uint32_t lo,
                      uint32_t n) {
  if (!FER_RESERVE(f, *b, (size_t)n + 2)) return 0;
  char *p = b->data + b->size;
  *p++ = '#', *p++ = 'b';
  for (uint32_t i = n; i-- > 0;) *p++ = (char)('0' + bit_at(v, lo + i));
  b->size += (size_t)n + 2;
  return 1;
}

/* A width-w bit-vector: #x when w is a multiple of 4, else #b. */
static int print_bv(ferret *f, fer_buf *b, const uint64_t *v, uint32_t w) {
  if (w % 4) return print_bits(f, b, v, 0, w);
  uint32_t digits = w / 4;
  if (!FER_RESERVE(f, *b, (size_t)digits + 2)) return 0;
  char *p = b->data + b->size;
  *p++ = '#', *p++ = 'x';
  for (uint32_t i = digits; i-- > 0;) {
    unsigned nib = (unsigned)(v[(4 * i) / 64] >> ((4 * i) % 64)) & 15;
    *p++ = "0123456789abcdef"[nib];
  }
  b->size += (size_t)digits + 2;
  return 1;
}

static int print_fp(ferret *f, fer_buf *b, const uint64_t *v, uint32_t eb,
                    uint32_t sb) {
  uint32_t m = sb - 1; /* stored significand bits */
  bool exp_ones = true, exp_zero = true, sig_zero = true;
  for (uint32_t i = 0; i < eb; i++) {
    if (bit_at(v, m + i)) exp_zero = false;
    else exp_ones = false;
  }
  for (uint32_t i = 0; i < m && sig_zero; i++)
    if (bit_at(v, i)) sig_zero = false;
  bool neg = bit_at(v, m + eb);
  const char *special = NULL;
  if (exp_ones) special = !sig_zero ? "NaN" : neg ? "-oo" : "+oo";
  else if (exp_zero && sig_zero) special = neg ? "-zero" : "+zero";
  if (special) return fer_buf_printf(f, b, "(_ %s %u %u)", special, eb, sb);
  return fer_buf_add(f, b, "(fp ", 4) && print_bits(f, b, v, m + eb, 1) &&
         fer_buf_add(f, b, " ", 1) && print_bits(f, b, v, m, eb) &&
         fer_buf_add(f, b, " ", 1) && print_bits(f, b, v, 0, m) &&
         fer_buf_add(f, b, ")", 1);
}

/* A natural number (32-bit little-endian limbs) in decimal, then ".0":
 * the digits (at most 10 per limb) go straight into the buffer, from a
 * scratch copy that fer_nat_to_decimal consumes. */
static int print_nat(ferret *f, fer_buf *b, const uint32_t *num, uint32_t n) {
  n = fer_nat_trim(num, n);
  if (!n) return fer_buf_add(f, b, "0.0", 3);
  size_t tbytes = (size_t)n * 4;
  uint32_t *t = fer_malloc(f, tbytes);
  int ok = t && FER_RESERVE(f, *b, (size_t)n * 10 + 2);
  if (ok) {
    memcpy(t, num, tbytes);
    b->size += fer_nat_to_decimal(b->data + b->size, t, n);
    b->data[b->size++] = '.';
    b->data[b->size++] = '0';
  }
  fer_free(f, t, tbytes);
  return ok;
}

static int print_real(ferret *f, fer_buf *b, fer_term t) {
  bool neg;
  const uint32_t *num, *den;
  uint32_t nlen, dlen;
  fer_real_get(f, t, &neg, &num, &nlen, &den, &dlen);
  bool frac = !(dlen == 1 && den[0] == 1);
  if (neg && !fer_buf_add(f, b, "(- ", 3)) return 0;
  if (frac && !fer_buf_add(f, b, "(/ ", 3)) return 0;
  if (!print_nat(f, b, num, nlen)) return 0;
  if (frac && !(fer_buf_add(f, b, " ", 1) && print_nat(f, b, den, dlen) &&
                fer_buf_add(f, b, ")", 1)))
    return 0;
  return !neg || fer_buf_add(f, b, ")", 1);
}

/* Leaves: constants, reals, true/false, variables, parameters.  Returns
 * -1 for a non-leaf (the caller prints it), else 1 / 0 (allocation). */
int fer_print_leaf(ferret *f, fer_buf *b, fer_term t) {
  switch (fer_term_op(f, t)) {
  case FER_OP_TRUE: return fer_buf_str(f, b, "true");
  case FER_OP_FALSE: return fer_buf_str(f, b, "false");
  case FER_OP_VAR: return fer_print_symbol(f, b, fer_var_name(f, t));
  case FER_OP_PARAM:
    /* Parameters only live inside define-fun bodies, which the session
     * expands; this name is for debugging output only. */
    return fer_buf_printf(f, b, "_param_%u", fer_term_idx(f, t, 0));
  case FER_OP_REAL: return print_real(f, b, t);
  case FER_OP_CONST: {
    const fer_sort_info *si = fer_sort_get(f, fer_term_sort(f, t));
    const uint64_t *v = fer_const_limbs(f, t);
    switch (si->kind) {
    case FER_SORT_BV: return print_bv(f, b, v, si->a);
    case FER_SORT_FP: return print_fp(f, b, v, si->a, si->b);
    case FER_SORT_RM:
      FER_REQUIRE(f, v[0] < 5, "rounding-mode constant out of range");
      return fer_buf_str(f, b, fer_rm_names[v[0]]);
    case FER_SORT_UNINT: { /* z3's names for abstract values: U!val!k */
      char name[512];
      snprintf(name, sizeof name, "%s!val!%llu",
               fer_sort_name(f, fer_term_sort(f, t)), (unsigned long long)v[0]);
      return fer_print_symbol(f, b, name);
    }
    default: return 0;
    }
  }
  default: return -1;
  }
}

int fer_print_value(ferret *f, fer_buf *b, fer_term t) {
  int r = fer_print_leaf(f, b, t);
  return r >= 0 ? r : fer_print_term(f, b, t);
}
