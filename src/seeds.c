/* Seeds: the first inputs of a search (JFS paper §4.4).
 *   naive: all zeros and all ones;
 *   smart: those two, then `num_seeds` inputs drawn per slot from the
 *          special values of its type and the formula's constants of its
 *          width (the dictionary);
 *   user:  assignments read from SMT-LIB (define-fun x () S v) text (a
 *          model printed by ferret, z3, ...), see engine.h. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "bv.h"
#include "engine.h"
#include "search.h"

/* Index range [lo, hi) of the dictionary entries of `bits` bits. */
static void dict_range(const fer_prog *p, uint32_t bits, size_t *lo, size_t *hi) {
  size_t a = 0, b = p->dict_val.size;
  while (a < b) {
    size_t m = (a + b) / 2;
    if (p->dict_bits.data[m] < bits) a = m + 1;
    else b = m;
  }
  *lo = a;
  while (b < p->dict_val.size && p->dict_bits.data[b] == bits) b++;
  *hi = a > b ? a : b;
}

int fer_seeds_make(ferret *f, fer_search *s, uint64_t seed) {
  const fer_prog *p = s->p;
  uint32_t ns = p->nslots;
  uint32_t mode = (uint32_t)s->opt->seeds;
  uint32_t n = mode == 0 ? 0 : mode == 1 ? 2 : 2 + (uint32_t)s->opt->num_seeds;
  s->nseeds = 0;
  s->seeds = NULL;
  if (!n || !ns) return 1;
  s->seeds = fer_calloc(f, (size_t)n * ns * sizeof *s->seeds);
  if (!s->seeds) return 0;
  fer_rng rng;
  fer_rng_seed(&rng, seed ^ 0x5eed5eedull);
  fer_u128 sp[64];
  for (uint32_t k = 0; k < n; k++) {
    fer_u128 *in = s->seeds + (size_t)k * ns;
    for (uint32_t i = 0; i < ns; i++) {
      const fer_slot *sl = &p->slots.data[i];
      if (k == 0) {
        in[i] = 0;
      } else if (k == 1) { /* all ones; RTZ for a rounding mode */
        in[i] = sl->kind == FER_SLOT_RM ? FER_RTZ : fer_bv_mask(sl->bits);
      } else {
        uint32_t nsp = fer_special_values(sl, sp, 64);
        size_t lo, hi;
        dict_range(p, sl->bits, &lo, &hi);
        if (sl->kind == FER_SLOT_BOOL || sl->kind == FER_SLOT_RM) lo = hi = 0;
        uint64_t j = fer_rng_below(&rng, nsp + (hi - lo));
        in[i] = j < nsp ? sp[j] : p->dict_val.data[lo + (j - nsp)];
      }
    }
  }
  s->nseeds = n;
  return 1;
}

void fer_seeds_release(ferret *f, fer_search *s) {
  if (s->seeds)
    fer_free(f, s->seeds, (size_t)s->nseeds * s->p->nslots * sizeof *s->seeds);
  s->seeds = NULL, s->nseeds = 0;
}

/* The slot of variable x in p, following at most two merges by equality
 * extraction; UINT32_MAX if it has none. */
static uint32_t user_slot(ferret *f, const fer_prog *p, fer_term x,
                          const fer_term *ev, const fer_term *ed, size_t ne) {
  for (int hop = 0; hop < 3; hop++) {
    for (uint32_t s = 0; s < p->nslots; s++)
      if (p->slots.data[s].var == x) return s;
    fer_term to = 0;
    for (size_t i = 0; i < ne && !to; i++)
      if (ev[i] == x && fer_term_op(f, ed[i]) == FER_OP_VAR) to = ed[i];
    if (!to) break;
    x = to;
  }
  return UINT32_MAX;
}

int fer_seeds_add_user(ferret *f, fer_search *s, const fer_user_seeds *u,
                       const fer_term *elim_var, const fer_term *elim_def,
                       size_t nelim) {
  const fer_prog *p = s->p;
  uint32_t ns = p->nslots;
  if (!u || !u->var.size || !ns) return 1;
  uint32_t extra = 1; /* var 0 separates seeds */
  for (size_t i = 0; i < u->var.size; i++) extra += !u->var.data[i];
  size_t have = (size_t)s->nseeds * ns, more = (size_t)extra * ns;
  fer_u128 *all = fer_realloc(f, s->seeds, have * sizeof *all,
                              (have + more) * sizeof *all);
  if (!all) return 0;
  s->seeds = all;
  fer_u128 *in = all + have;
  memset(in, 0, more * sizeof *in);
  for (size_t i = 0; i < u->var.size; i++) {
    if (!u->var.data[i]) {
      in += ns;
      continue;
    }
    uint32_t sl = user_slot(f, p, u->var.data[i], elim_var, elim_def, nelim);
    if (sl != UINT32_MAX) in[sl] = u->val.data[i] & fer_bv_mask(p->slots.data[sl].bits);
  }
  s->nseeds += extra;
  return 1;
}

/* ------------------------------------------------ user seeds (SMT-LIB) */

typedef struct lexer {
  const char *p, *end;
  char tok[256];
} lexer;

/* Next token: "(", ")", a symbol / literal (|quoted| symbols unquoted).
 * Comments (;) are skipped.  Returns 0 at the end. */
static int next(lexer *l) {
  for (;;) {
    while (l->p < l->end && isspace((unsigned char)*l->p)) l->p++;
    if (l->p < l->end && *l->p == ';') {
      while (l->p < l->end && *l->p != '\n') l->p++;
      continue;
    }
    break;
  }
  if (l->p >= l->end) return 0;
  size_t n = 0;
  if (*l->p == '(' || *l->p == ')') {
    l->tok[n++] = *l->p++;
  } else if (*l->p == '|') {
    l->p++;
    while (l->p < l->end && *l->p != '|')
      if (n + 1 < sizeof l->tok) l->tok[n++] = *l->p++;
      else l->p++;
    if (l->p < l->end) l->p++;
  } else {
    while (l->p < l->end && !isspace((unsigned char)*l->p) && *l->p != '(' &&
           *l->p != ')')
      if (n + 1 < sizeof l->tok) l->tok[n++] = *l->p++;
      else l->p++;
  }
  l->tok[n] = '\0';
  return 1;
}

/* #b..., #x... into v; returns the number of bits, 0 if not a literal. */
static uint32_t literal(const char *t, fer_u128 *v) {
  *v = 0;
  if (t[0] != '#' || (t[1] != 'b' && t[1] != 'x')) return 0;
  uint32_t bits = 0, per = t[1] == 'b' ? 1 : 4;
  for (const char *c = t + 2; *c; c++) {
    int d = per == 1 ? (*c == '0' ? 0 : *c == '1' ? 1 : -1)
            : isdigit((unsigned char)*c) ? *c - '0'
            : (tolower((unsigned char)*c) >= 'a' && tolower((unsigned char)*c) <= 'f')
                ? tolower((unsigned char)*c) - 'a' + 10
                : -1;
    if (d < 0 || bits + per > 128) return 0;
    *v = (*v << per) | (fer_u128)d;
    bits += per;
  }
  return bits;
}

static int rm_of(const char *t) {
  static const char *const names[5][2] = {
      {"RNE", "roundNearestTiesToEven"}, {"RNA", "roundNearestTiesToAway"},
      {"RTP", "roundTowardPositive"},    {"RTN", "roundTowardNegative"},
      {"RTZ", "roundTowardZero"}};
  for (int i = 0; i < 5; i++)
    if (!strcmp(t, names[i][0]) || !strcmp(t, names[i][1])) return i;
  return -1;
}

/* Parse a value after its first token (already in l->tok).  Returns 1 and
 * sets *v, or 0. */
static int value(lexer *l, fer_u128 *v) {
  if (!strcmp(l->tok, "true")) return *v = 1, 1;
  if (!strcmp(l->tok, "false")) return *v = 0, 1;
  int rm = rm_of(l->tok);
  if (rm >= 0) return *v = (fer_u128)rm, 1;
  if (literal(l->tok, v)) return 1;
  if (strcmp(l->tok, "(") || !next(l)) return 0;
  if (!strcmp(l->tok, "fp")) { /* (fp #bS #bE #bM) */
    fer_u128 part;
    *v = 0;
    for (int i = 0; i < 3; i++) {
      uint32_t b;
      if (!next(l) || !(b = literal(l->tok, &part))) return 0;
      *v = (*v << b) | part;
    }
    return next(l) && !strcmp(l->tok, ")");
  }
  if (!strcmp(l->tok, "_") && next(l)) { /* (_ bvN w), (_ +zero e s) ... */
    char what[256];
    memcpy(what, l->tok, sizeof what);
    unsigned long a = 0, b = 0;
    if (!next(l)) return 0;
    a = strtoul(l->tok, NULL, 10);
    if (!next(l)) return 0;
    if (strcmp(l->tok, ")")) {
      b = strtoul(l->tok, NULL, 10);
      if (!next(l) || strcmp(l->tok, ")")) return 0;
    }
    if (!strncmp(what, "bv", 2)) { /* decimal; widths up to 128 */
      fer_u128 x = 0;
      for (const char *c = what + 2; *c; c++) {
        if (!isdigit((unsigned char)*c)) return 0;
        x = x * 10 + (fer_u128)(*c - '0');
      }
      *v = x & fer_bv_mask((uint32_t)a);
      return a >= 1 && a <= 128;
    }
    if (a < 2 || b < 2 || a + b > 128) return 0;
    fer_u128 sign = (fer_u128)1 << (a + b - 1);
    fer_u128 inf = fer_bv_mask((uint32_t)a) << (b - 1);
    if (!strcmp(what, "+zero")) return *v = 0, 1;
    if (!strcmp(what, "-zero")) return *v = sign, 1;
    if (!strcmp(what, "+oo")) return *v = inf, 1;
    if (!strcmp(what, "-oo")) return *v = sign | inf, 1;
    if (!strcmp(what, "NaN")) return *v = inf | ((fer_u128)1 << (b - 2)), 1;
    return 0;
  }
  return 0;
}

static fer_term var_by_name(ferret *f, const char *name) {
  for (uint32_t i = fer_var_count(f); i-- > 0;) {
    fer_term t = fer_var_term(f, i);
    if (t && !strcmp(fer_var_name(f, t), name)) return t;
  }
  return 0;
}

void fer_user_seeds_init(fer_user_seeds *u) { memset(u, 0, sizeof *u); }

void fer_user_seeds_release(ferret *f, fer_user_seeds *u) {
  FER_RELEASE(f, u->var);
  FER_RELEASE(f, u->val);
}

ferret_status fer_user_seeds_parse(ferret *f, const char *text, size_t len,
                                   fer_user_seeds *u) {
  lexer l = {text, text + len, {0}};
  size_t start = u->var.size; /* first entry of the current seed */
  while (next(&l)) {
    if (strcmp(l.tok, "(") || !next(&l)) continue;
    if (strcmp(l.tok, "define-fun")) continue; /* (model, sat, ... */
    if (!next(&l))
      return fer_error(f, FERRET_ERROR_PARSE, 0, 0, "seed: truncated define-fun");
    fer_term x = var_by_name(f, l.tok);
    /* () then the sort, which we take from the declaration */
    int depth = 0;
    if (!next(&l) || strcmp(l.tok, "(") || !next(&l) || strcmp(l.tok, ")"))
      return fer_error(f, FERRET_ERROR_PARSE, 0, 0,
                       "seed: only constants (define-fun x () S v) are seeds");
    do {
      if (!next(&l)) return fer_error(f, FERRET_ERROR_PARSE, 0, 0, "seed: truncated");
      if (!strcmp(l.tok, "(")) depth++;
      if (!strcmp(l.tok, ")")) depth--;
    } while (depth > 0);
    fer_u128 v;
    if (!next(&l) || !value(&l, &v))
      return fer_error(f, FERRET_ERROR_PARSE, 0, 0, "seed: unsupported value '%s'",
                       l.tok);
    if (!next(&l) || strcmp(l.tok, ")"))
      return fer_error(f, FERRET_ERROR_PARSE, 0, 0, "seed: ')' expected");
    if (!x) continue; /* a variable this formula does not have */
    for (size_t i = start; i < u->var.size; i++)
      if (u->var.data[i] == x) { /* repeated: a new seed starts */
        if (!FER_PUSH(f, u->var, 0) || !FER_PUSH(f, u->val, 0))
          return FERRET_ERROR_LIMIT;
        start = u->var.size;
        break;
      }
    if (!FER_PUSH(f, u->var, x) || !FER_PUSH(f, u->val, v)) return FERRET_ERROR_LIMIT;
  }
  return FERRET_OK;
}
