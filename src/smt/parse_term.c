/* The term reader: SMT-LIB terms to hash-consed term ids.
 *
 * Terms are read with an explicit stack of frames (one per open
 * application, let or annotation), never by recursion, so the nesting depth
 * of the input costs heap, not C stack, and is capped at FER_MAX_NESTING.
 * Names are resolved while reading: let-bound names and define-fun
 * parameters are bindings like any other, so a let costs nothing in the
 * store (its body refers to the bound terms directly). */
#include "smt/parse.h"

#include <stdio.h>
#include <string.h>

enum { FR_APP, FR_LET, FR_LET_BODY, FR_NAMED };
enum { H_OP, H_TO_FP, H_TO_FP_U, H_ARITH, H_FUN, H_UF, H_CONST_ARRAY };
/* Arguments of an overloaded function whose sorts are compared. */
enum { FER_MAX_OVERLOAD_ARITY = 64 };

/* An error at token t (always false). */
#define fail_at(f, st, t, ...) \
  fer_rd_error_at((f), (st), (t)->line, (t)->col, __VA_ARGS__)

/* Families of names ferret does not support, recognised by prefix so that
 * the message says what is missing rather than "unknown symbol". */
static const char *unsupported_family(const char *s, uint32_t len) {
  static const struct {
    const char *prefix, *what;
  } fam[] = {{"set.", "sets"},     {"bag.", "bags"},     {"seq.", "sequences"},
             {"str.", "strings"},  {"re.", "strings"},   {"int.", "integer arithmetic"},
             {"real.", "real arithmetic"}, {"fp.to_real", "real arithmetic"}};
  for (size_t i = 0; i < sizeof fam / sizeof *fam; i++) {
    size_t n = strlen(fam[i].prefix);
    if (len >= n && !memcmp(s, fam[i].prefix, n)) return fam[i].what;
  }
  return NULL;
}

/* Z3 writes negative literals as symbols: -1.5 or -3. */
static bool is_negative_number(const fer_token *t) {
  uint32_t i = 1, digits = 0;
  if (t->quoted || t->slen < 2 || t->s[0] != '-') return false;
  for (; i < t->slen && t->s[i] >= '0' && t->s[i] <= '9'; i++) digits++;
  if (!digits) return false;
  if (i == t->slen) return true;
  if (t->s[i++] != '.' || i == t->slen) return false;
  for (; i < t->slen; i++)
    if (t->s[i] < '0' || t->s[i] > '9') return false;
  return true;
}

static fer_term negative_number(ferret *f, const fer_token *t) {
  fer_token pos = *t;
  pos.s++, pos.slen--;
  pos.kind = memchr(pos.s, '.', pos.slen) ? FER_TOK_DECIMAL : FER_TOK_NUMERAL;
  fer_term r = fer_rd_real_literal(f, &pos);
  return r ? fer_real_arith(f, '-', 1, &r) : 0;
}

static bool unknown_symbol(ferret *f, const fer_token *t) {
  const char *what = unsupported_family(t->s, t->slen);
  if (what)
    return fail_at(f, FERRET_ERROR_UNSUPPORTED, t, "unsupported: '%.*s' (%s)",
                   (int)t->slen, t->s, what);
  return fail_at(f, FERRET_ERROR_SORT, t, "unknown symbol '%.*s'",
                 (int)t->slen, t->s);
}

static bool unsupported_symbol(ferret *f, const fer_token *t,
                               const fer_symbol *y) {
  return fail_at(f, FERRET_ERROR_UNSUPPORTED, t, "unsupported: '%.*s' (%s)",
                 (int)t->slen, t->s, fer_unsupported_table[y->op].what);
}

static const char *plural(uint32_t n) { return n == 1 ? "" : "s"; }

/* A symbol in term position (no arguments). */
static fer_term atom_symbol(ferret *f, fer_reader *rd, const fer_token *t) {
  uint32_t sym = fer_sym_find(rd, t->s, t->slen);
  if (!sym && is_negative_number(t)) return negative_number(f, t);
  if (!sym) return unknown_symbol(f, t);
  const fer_symbol *y = fer_sym(rd, sym);
  if (y->term_top) {
    const fer_binding *b = &rd->binds.data[y->term_top];
    uint32_t n = b->kind == FER_BIND_FUN ? rd->funs.data[b->value].nparams
                 : fer_term_op(f, b->value) == FER_OP_VAR
                     ? fer_var_arity(f, b->value)
                     : 0;
    if (!n) return b->value;
    fer_term c = b->kind == FER_BIND_TERM ? fer_rd_overload(f, rd, sym, NULL, 0)
                                          : 0;
    if (c) return c; /* a constant that shares its name with functions */
    return fail_at(f, FERRET_ERROR_SORT, t, "'%.*s' expects %u argument%s",
                   (int)t->slen, t->s, n, plural(n));
  }
  switch (y->builtin) {
  case FER_BI_TRUE: return fer_true(f);
  case FER_BI_FALSE: return fer_false(f);
  case FER_BI_RM: return fer_mk_rm(f, (fer_rm)y->op);
  case FER_BI_UNSUPPORTED: return unsupported_symbol(f, t, y);
  case FER_BI_NONE: return unknown_symbol(f, t);
  case FER_BI_OP:
    if (fer_op_table[y->op].nidx) break;
    /* fall through */
  case FER_BI_ARITH:
    return fail_at(f, FERRET_ERROR_SORT, t, "'%.*s' needs arguments",
                   (int)t->slen, t->s);
  default: break;
  }
  return fail_at(f, FERRET_ERROR_PARSE, t, "'%.*s' cannot be used as a term",
                 (int)t->slen, t->s);
}

/* A symbol in function position: fills the head of `fr`. */
static bool head_symbol(ferret *f, fer_reader *rd, fer_frame *fr,
                        const fer_token *t) {
  uint32_t sym = fer_sym_find(rd, t->s, t->slen);
  if (!sym) return unknown_symbol(f, t);
  const fer_symbol *y = fer_sym(rd, sym);
  fr->sym = sym;
  if (y->term_top) {
    const fer_binding *b = &rd->binds.data[y->term_top];
    if (b->kind == FER_BIND_FUN) {
      fr->head = H_FUN, fr->fun = b->value;
      return true;
    }
    if (fer_term_op(f, b->value) == FER_OP_VAR &&
        (fer_var_arity(f, b->value) || fer_rd_overloaded(f, rd, sym))) {
      /* declare-fun with arguments; which one, if the name is overloaded,
       * the argument sorts say (build) */
      fr->head = H_UF, fr->fun = b->value;
      return true;
    }
    /* A constant may share its name with a built-in function (Z3 allows
     * (declare-fun fp () ...)): applied, the name is the function. */
    if (y->builtin != FER_BI_OP && y->builtin != FER_BI_ARITH)
      return fail_at(f, FERRET_ERROR_SORT, t,
                   "'%.*s' is a constant, not a function",
                   (int)t->slen, t->s);
  }
  switch (y->builtin) {
  case FER_BI_OP:
    if (fer_op_table[y->op].nidx)
      return fail_at(f, FERRET_ERROR_PARSE, t,
                     "'%.*s' needs indices: ((_ %.*s ...) ...)", (int)t->slen,
                     t->s, (int)t->slen, t->s);
    fr->head = H_OP, fr->op = y->op;
    return true;
  case FER_BI_ARITH:
    fr->head = H_ARITH, fr->op = y->op;
    return true;
  case FER_BI_TO_FP:
  case FER_BI_TO_FP_UNSIGNED:
  case FER_BI_FP_SPECIAL:
    return fail_at(f, FERRET_ERROR_PARSE, t, "'%.*s' needs indices: (_ %.*s ...)",
                   (int)t->slen, t->s, (int)t->slen, t->s);
  case FER_BI_UNSUPPORTED: return unsupported_symbol(f, t, y);
  case FER_BI_NONE: return unknown_symbol(f, t);
  default:
    return fail_at(f, FERRET_ERROR_SORT, t, "'%.*s' is not a function",
                   (int)t->slen, t->s);
  }
}

static bool is_bvn(const fer_token *t) {
  if (t->slen < 3 || t->s[0] != 'b' || t->s[1] != 'v') return false;
  for (uint32_t i = 2; i < t->slen; i++)
    if (t->s[i] < '0' || t->s[i] > '9') return false;
  return true;
}

/* After "(_": an indexed identifier up to its ')'.  Either a constant
 * (*constant set) or the head of an application (fr filled). */
static bool read_indexed(ferret *f, fer_reader *rd, fer_frame *fr,
                         fer_term *constant) {
  if (!fer_rd_ok(f, rd)) return false;
  const fer_token t = rd->tok;
  if (t.kind != FER_TOK_SYMBOL)
    return fer_rd_expect(f, rd, FER_TOK_SYMBOL, "an identifier after '_'");
  uint32_t sym = fer_sym_find(rd, t.s, t.slen);
  const fer_symbol *y = sym ? fer_sym(rd, sym) : NULL;
  uint32_t idx[2] = {0, 0}, nidx = 0;
  *constant = 0;
  fr->sym = sym;
  fer_rd_advance(rd);
  if (is_bvn(&t)) {
    if (!fer_rd_u32(f, rd, &idx[0], "bit-vector width") ||
        !fer_rd_expect(f, rd, FER_TOK_RPAR, "')'"))
      return false;
    if (!idx[0])
      return fail_at(f, FERRET_ERROR_SORT, &t, "bit-vector width must be at least 1");
    *constant = fer_rd_bvn_const(f, t.s + 2, t.slen - 2, idx[0]);
    if (!*constant && !f->error.line) f->error.line = t.line, f->error.column = t.col;
    return *constant != 0;
  }
  switch (y ? y->builtin : FER_BI_NONE) {
  case FER_BI_OP:
    nidx = fer_op_table[y->op].nidx;
    if (!nidx)
      return fail_at(f, FERRET_ERROR_PARSE, &t, "'%.*s' takes no indices",
                     (int)t.slen, t.s);
    fr->head = H_OP, fr->op = y->op;
    break;
  case FER_BI_TO_FP:
  case FER_BI_TO_FP_UNSIGNED:
    nidx = 2;
    fr->head = y->builtin == FER_BI_TO_FP ? H_TO_FP : H_TO_FP_U;
    break;
  case FER_BI_FP_SPECIAL: nidx = 2; break;
  case FER_BI_UNSUPPORTED: return unsupported_symbol(f, &t, y);
  default: {
    const char *what = unsupported_family(t.s, t.slen);
    if (what)
      return fail_at(f, FERRET_ERROR_UNSUPPORTED, &t, "unsupported: '%.*s' (%s)",
                     (int)t.slen, t.s, what);
    return fail_at(f, FERRET_ERROR_SORT, &t, "unknown indexed identifier '%.*s'",
                   (int)t.slen, t.s);
  }
  }
  for (uint32_t i = 0; i < nidx; i++)
    if (!fer_rd_u32(f, rd, &idx[i], "an index")) return false;
  if (!fer_rd_ok(f, rd)) return false;
  if (rd->tok.kind != FER_TOK_RPAR)
    return fail_at(f, FERRET_ERROR_PARSE, &rd->tok,
                   "'%.*s' takes %u index%s, got more", (int)t.slen, t.s, nidx,
                   nidx == 1 ? "" : "es");
  fer_rd_advance(rd);
  if (y->builtin == FER_BI_FP_SPECIAL) {
    if (idx[0] < 2 || idx[1] < 2)
      return fail_at(f, FERRET_ERROR_SORT, &t,
                     "floating-point sort needs eb >= 2 and sb >= 2");
    *constant = fer_rd_fp_special(f, y->op, idx[0], idx[1]);
    if (!*constant && !f->error.line) f->error.line = t.line, f->error.column = t.col;
    return *constant != 0;
  }
  fr->idx[0] = idx[0], fr->idx[1] = idx[1];
  return true;
}

/* After "(as": (as identifier sort).  As a term, *constant is set; as a
 * head, fr is filled with the required result sort. */
static bool read_as(ferret *f, fer_reader *rd, fer_frame *fr,
                    fer_term *constant, bool head) {
  *constant = 0;
  if (!fer_rd_ok(f, rd)) return false;
  const fer_token t = rd->tok;
  if (t.kind == FER_TOK_SYMBOL) {
    bool is_const = t.slen == 5 && !memcmp(t.s, "const", 5);
    if (is_const && !head)
      return fail_at(f, FERRET_ERROR_SORT, &t,
                     "(as const (Array I E)) needs the element value: "
                     "((as const (Array I E)) v)");
    if (is_const) {
      fr->head = H_CONST_ARRAY;
    } else if (head) {
      if (!head_symbol(f, rd, fr, &t)) return false;
    } else if (!(*constant = atom_symbol(f, rd, &t))) {
      return false;
    }
    fer_rd_advance(rd);
  } else if (t.kind == FER_TOK_LPAR) {
    fer_rd_advance(rd);
    if (!fer_rd_ok(f, rd)) return false;
    uint32_t u = rd->tok.kind == FER_TOK_SYMBOL
                     ? fer_sym_find(rd, rd->tok.s, rd->tok.slen)
                     : 0;
    if (!u || fer_sym(rd, u)->builtin != FER_BI_UNDERSCORE)
      return fail_at(f, FERRET_ERROR_PARSE, &rd->tok, "expected '_'");
    fer_rd_advance(rd);
    if (!read_indexed(f, rd, fr, constant)) return false;
    if (head == (*constant != 0))
      return fail_at(f, FERRET_ERROR_SORT, &t,
                     head ? "a constant is not a function"
                          : "an indexed function needs arguments");
  } else {
    return fer_rd_expect(f, rd, FER_TOK_SYMBOL, "an identifier after 'as'");
  }
  fer_sort s = fer_rd_sort(f, rd);
  if (!s || !fer_rd_expect(f, rd, FER_TOK_RPAR, "')'")) return false;
  if (head && fr->head == H_CONST_ARRAY &&
      fer_sort_get(f, s)->kind != FER_SORT_ARRAY)
    return fail_at(f, FERRET_ERROR_SORT, &t, "(as const S) needs an array sort S");
  if (head) {
    fr->as_sort = s;
  } else if (fer_term_sort(f, *constant) != s) {
    *constant = 0;
    return fail_at(f, FERRET_ERROR_SORT, &t, "'as' names a sort the term does not have");
  }
  return true;
}

/* No declaration of an overloaded name takes these arguments. */
static void overload_error(ferret *f, fer_reader *rd, const fer_frame *fr,
                           uint32_t n, const fer_term *a) {
  char sorts[256];
  size_t k = 0;
  sorts[0] = '\0';
  for (uint32_t i = 0; i < n && k + 2 < sizeof sorts; i++) {
    if (i) sorts[k++] = ' ', sorts[k] = '\0';
    fer_sort_print(f, fer_term_sort(f, a[i]), sorts + k, sizeof sorts - k);
    k += strlen(sorts + k);
  }
  fer_rd_error_at(f, FERRET_ERROR_SORT, fr->line, fr->col,
                  "no declaration of '%s' takes arguments of sorts (%s)",
                  fer_sym_name(rd, fr->sym), sorts);
}

/* "ill-sorted application of 'f': expected (A B), got (C D)" */
static bool fun_sort_error(ferret *f, fer_reader *rd, const fer_frame *fr,
                           const fer_fundef *fun, uint32_t n,
                           const fer_term *a) {
  char want[256], got[256];
  size_t w = 0, g = 0;
  for (uint32_t i = 0; i < fun->nparams && w + 40 < sizeof want; i++) {
    if (i) want[w++] = ' ';
    int k = fer_sort_print(f, rd->fun_sorts.data[fun->sorts + i], want + w,
                           sizeof want - w);
    if (k > 0) w += (size_t)k < sizeof want - w ? (size_t)k : sizeof want - w - 1;
  }
  want[w] = '\0';
  for (uint32_t i = 0; i < n && g + 40 < sizeof got; i++) {
    if (i) got[g++] = ' ';
    int k = fer_sort_print(f, fer_term_sort(f, a[i]), got + g, sizeof got - g);
    if (k > 0) g += (size_t)k < sizeof got - g ? (size_t)k : sizeof got - g - 1;
  }
  got[g] = '\0';
  return fer_rd_error_at(f, FERRET_ERROR_SORT, fr->line, fr->col,
                         "ill-sorted application of '%s': expected (%s), got (%s)",
                         fer_sym_name(rd, fun->sym), want, got);
}

/* x * 2^e for Real literals x and e, e an integer with |e| below
 * FER_MAX_REAL_BITS (the product is bounded by fer_real_arith). */
static fer_term scale2(ferret *f, fer_term x, fer_term e) {
  bool neg;
  const uint32_t *num, *den;
  uint32_t nl, dl;
  fer_real_get(f, e, &neg, &num, &nl, &den, &dl);
  if (dl != 1 || den[0] != 1) {
    fer_error(f, FERRET_ERROR_SORT, 0, 0,
              "the exponent of to_fp must be an integer");
    return 0;
  }
  if (nl > 1 || (nl && num[0] >= FER_MAX_REAL_BITS)) {
    fer_error(f, FERRET_ERROR_LIMIT, 0, 0,
              "to_fp exponent too large (at most %u in magnitude)",
              FER_MAX_REAL_BITS - 1);
    return 0;
  }
  uint32_t k = nl ? num[0] : 0, n = k / 32 + 1, one = 1;
  uint32_t *p = fer_calloc(f, (size_t)n * 4);
  if (!p) return 0;
  p[k / 32] = (uint32_t)1 << (k % 32);
  fer_term pow2 = fer_mk_real(f, false, p, n, &one, 1);
  fer_free(f, p, (size_t)n * 4);
  if (!pow2) return 0;
  fer_term xs[2] = {x, pow2};
  return fer_real_arith(f, neg ? '/' : '*', 2, xs);
}

static bool all_const_fp_parts(ferret *f, const fer_term *a) {
  for (int i = 0; i < 3; i++) {
    if (fer_term_op(f, a[i]) != FER_OP_CONST ||
        !fer_sort_is_bv(f, fer_term_sort(f, a[i])))
      return false;
  }
  return fer_sort_bits(f, fer_term_sort(f, a[0])) == 1 &&
         fer_sort_bits(f, fer_term_sort(f, a[1])) >= 2;
}

static fer_term build_app(ferret *f, fer_reader *rd, const fer_frame *fr,
                          uint32_t n, const fer_term *a) {
  fer_term t = 0;
  fer_sort real = fer_sort_real(f);
  switch (fr->head) {
  case H_OP:
    for (uint32_t i = 0; i < n; i++)
      if (fer_term_sort(f, a[i]) == real) {
        fer_rd_error_at(f, FERRET_ERROR_UNSUPPORTED, fr->line, fr->col,
                        "unsupported: real arithmetic (a Real argument of '%s')",
                        fer_op_table[fr->op].name);
        return 0;
      }
    if (fr->op == FER_OP_FP && n == 3 && all_const_fp_parts(f, a))
      t = fer_rd_fp_const(f, a);
    else
      t = fer_mk_smt(f, (fer_op)fr->op, n, a, fr->idx[0], fr->idx[1]);
    break;
  case H_TO_FP:
  case H_TO_FP_U:
    if (n == 3 && fr->head == H_TO_FP && fer_term_sort(f, a[1]) == real &&
        fer_term_sort(f, a[2]) == real) {
      /* Z3's ((_ to_fp eb sb) rm significand exponent) = sig * 2^exp */
      fer_term v[2] = {a[0], scale2(f, a[1], a[2])};
      if (!v[1]) break;
      t = fer_mk_to_fp(f, fr->idx[0], fr->idx[1], 2, v, false);
      break;
    }
    t = fer_mk_to_fp(f, fr->idx[0], fr->idx[1], n, a, fr->head == H_TO_FP_U);
    break;
  case H_ARITH:
    for (uint32_t i = 0; i < n; i++)
      if (fer_term_op(f, a[i]) != FER_OP_REAL) {
        fer_rd_error_at(f, FERRET_ERROR_UNSUPPORTED, fr->line, fr->col,
                        "unsupported: arithmetic ('%c' on a non-literal)",
                        (char)fr->op);
        return 0;
      }
    t = fer_real_arith(f, (char)fr->op, n, a);
    break;
  case H_UF: { /* (f a1 .. an) of a declared function: APPLY(f, a1 .. an) */
    fer_term fn = fr->fun;
    if (fr->sym && fer_rd_overloaded(f, rd, fr->sym)) {
      fer_sort dom[FER_MAX_OVERLOAD_ARITY];
      fer_term g = 0;
      if (n <= FER_MAX_OVERLOAD_ARITY) {
        for (uint32_t i = 0; i < n; i++) dom[i] = fer_term_sort(f, a[i]);
        g = fer_rd_overload(f, rd, fr->sym, dom, n);
      }
      if (!g || !n) {
        overload_error(f, rd, fr, n, a);
        return 0;
      }
      fn = g;
    }
    if (!FER_PUSH(f, rd->args, 0)) return 0;
    fer_term *v = rd->args.data + rd->args.size - 1 - n; /* == a, moved */
    memmove(v + 1, v, n * sizeof *v);
    v[0] = fn;
    t = fer_mk(f, FER_OP_APPLY, n + 1, v, 0, 0);
    if (!t) {
      fer_rd_error_at(f, FERRET_ERROR_SORT, fr->line, fr->col,
                      "ill-sorted application of '%s': it takes %u argument%s "
                      "of its declared sorts (got %u argument%s, or of other "
                      "sorts)",
                      fer_var_name(f, fn), fer_var_arity(f, fn),
                      plural(fer_var_arity(f, fn)), n, plural(n));
      return 0;
    }
    break;
  }
  case H_CONST_ARRAY:
    if (n != 1) {
      fer_rd_error_at(f, FERRET_ERROR_SORT, fr->line, fr->col,
                      "((as const (Array I E)) v) takes one argument");
      return 0;
    }
    t = fer_mk_const_array(f, fr->as_sort, a[0]);
    break;
  case H_FUN: {
    const fer_fundef *fun = &rd->funs.data[fr->fun];
    bool ok = n == fun->nparams;
    for (uint32_t i = 0; ok && i < n; i++)
      ok = fer_term_sort(f, a[i]) == rd->fun_sorts.data[fun->sorts + i];
    if (!ok) {
      fun_sort_error(f, rd, fr, fun, n, a);
      return 0;
    }
    t = fer_rd_apply_fun(f, rd, fun, a);
    break;
  }
  }
  if (!t) {
    if (!f->error.line) f->error.line = fr->line, f->error.column = fr->col;
    return 0;
  }
  if (fr->as_sort && fer_term_sort(f, t) != fr->as_sort) {
    fer_rd_error_at(f, FERRET_ERROR_SORT, fr->line, fr->col,
                    "'as' names a sort the application does not have");
    return 0;
  }
  return t;
}

/* A numeral or decimal as a Real literal, cached by its text: files
 * repeat the same few literals, and building one costs a search of the
 * store. */
static fer_term real_literal(ferret *f, fer_reader *rd, const fer_token *t) {
  char key[128];
  if (t->len + 1 > sizeof key) return fer_rd_real_literal(f, t);
  key[0] = '|';
  memcpy(key + 1, t->text, t->len);
  uint32_t sym = fer_sym_intern(f, rd, key, t->len + 1);
  if (!sym) return 0;
  if (!fer_sym(rd, sym)->literal) {
    fer_term r = fer_rd_real_literal(f, t);
    if (!r) return 0;
    fer_sym(rd, sym)->literal = r;
  }
  return fer_sym(rd, sym)->literal;
}

/* After the '(' of a binding: its name. */
static bool let_name(ferret *f, fer_reader *rd) {
  const fer_token t = rd->tok;
  uint32_t sym = fer_rd_symbol(f, rd, "a variable name in let");
  fer_pending p = {sym, 0, t.line, t.col};
  return sym && FER_PUSH(f, rd->lets, p);
}

/* After the term of (! t ...): the attributes and the closing ')'. */
static bool annotations(ferret *f, fer_reader *rd, fer_term t) {
  if (!fer_rd_ok(f, rd)) return false;
  if (rd->tok.kind != FER_TOK_KEYWORD)
    return fer_rd_expect(f, rd, FER_TOK_KEYWORD, "an attribute after the term in '!'");
  while (rd->tok.kind == FER_TOK_KEYWORD) {
    fer_token k = rd->tok;
    fer_rd_advance(rd);
    if (k.len == 6 && !memcmp(k.text, ":named", 6)) {
      fer_token n = rd->tok;
      uint32_t sym = fer_rd_symbol(f, rd, "a name after :named");
      fer_pending p = {sym, t, n.line, n.col};
      if (!sym || !FER_PUSH(f, rd->named, p)) return false;
    } else if (rd->tok.kind != FER_TOK_KEYWORD && rd->tok.kind != FER_TOK_RPAR) {
      if (!fer_rd_skip_sexpr(f, rd)) return false;
    }
    if (!fer_rd_ok(f, rd)) return false;
  }
  return fer_rd_expect(f, rd, FER_TOK_RPAR, "')' after the attributes");
}

static void unbind_to(fer_reader *rd, uint32_t size) {
  fer_rd_mark m = fer_rd_mark_get(rd);
  m.binds = size;
  fer_rd_mark_restore(rd, m);
}

static fer_frame *push_frame(ferret *f, fer_reader *rd, uint8_t kind,
                             const fer_token *lpar) {
  if (rd->frames.size >= FER_MAX_NESTING) {
    fail_at(f, FERRET_ERROR_LIMIT, lpar, "nesting too deep (more than %d open "
            "parentheses in a term)", FER_MAX_NESTING);
    return NULL;
  }
  fer_frame fr;
  memset(&fr, 0, sizeof fr);
  fr.kind = kind;
  fr.line = lpar->line, fr.col = lpar->col;
  fr.base = (uint32_t)(kind == FR_LET ? rd->lets.size : rd->args.size);
  if (!FER_PUSH(f, rd->frames, fr)) return NULL;
  return &FER_TOP(rd->frames);
}

/* After a '(' in term position: start the construct it opens.  Either
 * pushes a frame (*done = 0: more terms are needed) or reads a complete
 * term such as (_ bv5 8) into *done. */
static bool open_form(ferret *f, fer_reader *rd, const fer_token *lpar,
                      fer_term *done) {
  *done = 0;
  if (!fer_rd_ok(f, rd)) return false;
  const fer_token t = rd->tok;
  fer_frame head;
  memset(&head, 0, sizeof head);
  if (t.kind == FER_TOK_LPAR) { /* ((_ f i) ...) or ((as f S) ...) */
    fer_rd_advance(rd);
    if (!fer_rd_ok(f, rd)) return false;
    const fer_token u = rd->tok;
    uint32_t sym = u.kind == FER_TOK_SYMBOL ? fer_sym_find(rd, u.s, u.slen) : 0;
    uint8_t bi = sym ? fer_sym(rd, sym)->builtin : 0;
    fer_term c = 0;
    if (bi == FER_BI_UNDERSCORE) {
      fer_rd_advance(rd);
      if (!read_indexed(f, rd, &head, &c)) return false;
    } else if (bi == FER_BI_AS) {
      fer_rd_advance(rd);
      if (!read_as(f, rd, &head, &c, true)) return false;
    } else {
      return fail_at(f, FERRET_ERROR_PARSE, &u,
                     "expected '_' or 'as' in a function position");
    }
    if (c) return fail_at(f, FERRET_ERROR_SORT, &u, "a constant is not a function");
  } else if (t.kind == FER_TOK_SYMBOL) {
    uint32_t sym = fer_sym_find(rd, t.s, t.slen);
    uint8_t bi = sym ? fer_sym(rd, sym)->builtin : 0;
    switch (bi) {
    case FER_BI_LET:
      fer_rd_advance(rd);
      if (!fer_rd_expect(f, rd, FER_TOK_LPAR, "'(' after let")) return false;
      if (!fer_rd_ok(f, rd)) return false;
      if (rd->tok.kind == FER_TOK_RPAR)
        return fail_at(f, FERRET_ERROR_PARSE, &rd->tok,
                       "let needs at least one binding");
      if (!fer_rd_expect(f, rd, FER_TOK_LPAR, "'(' before a let binding") ||
          !push_frame(f, rd, FR_LET, lpar))
        return false;
      return let_name(f, rd);
    case FER_BI_BANG:
      fer_rd_advance(rd);
      return push_frame(f, rd, FR_NAMED, lpar) != NULL;
    case FER_BI_UNDERSCORE:
    case FER_BI_AS:
      fer_rd_advance(rd);
      if (bi == FER_BI_UNDERSCORE ? !read_indexed(f, rd, &head, done)
                                  : !read_as(f, rd, &head, done, false))
        return false;
      if (!*done)
        return fail_at(f, FERRET_ERROR_PARSE, &t,
                       "an indexed function needs arguments: ((_ f i) args)");
      return true; /* the ')' of (_ ...) or (as ...) was consumed */
    default:
      if (!head_symbol(f, rd, &head, &t)) return false;
      fer_rd_advance(rd);
    }
  } else {
    if (t.kind == FER_TOK_RPAR)
      return fail_at(f, FERRET_ERROR_PARSE, lpar, "empty application '()'");
    return fer_rd_expect(f, rd, FER_TOK_SYMBOL, "a function symbol");
  }
  fer_frame *fr = push_frame(f, rd, FR_APP, lpar);
  if (!fr) return false;
  uint32_t line = fr->line, col = fr->col, base = fr->base;
  *fr = head;
  fr->kind = FR_APP, fr->line = line, fr->col = col, fr->base = base;
  if (!fer_rd_ok(f, rd)) return false;
  if (rd->tok.kind == FER_TOK_RPAR)
    return fail_at(f, FERRET_ERROR_PARSE, lpar,
                   "function application without arguments");
  return true;
}

fer_term fer_rd_term(ferret *f, fer_reader *rd, size_t *start, size_t *end) {
  size_t fbase = rd->frames.size, abase = rd->args.size, lbase = rd->lets.size;
  uint32_t bmark = (uint32_t)rd->binds.size;
  fer_term t = 0;
  if (!fer_rd_ok(f, rd)) return 0;
  if (start) *start = (size_t)(rd->tok.text - rd->base);
  for (;;) {
    /* A term is needed. */
    if (!fer_rd_ok(f, rd)) goto fail;
    const fer_token tk = rd->tok;
    switch (tk.kind) {
    case FER_TOK_LPAR:
      fer_rd_advance(rd);
      if (!open_form(f, rd, &tk, &t)) goto fail;
      if (!t) continue;
      break;
    case FER_TOK_NUMERAL:
    case FER_TOK_DECIMAL:
      t = real_literal(f, rd, &tk);
      goto leaf;
    case FER_TOK_BINARY:
    case FER_TOK_HEX:
      t = fer_rd_bits_const(f, rd, &tk);
      goto leaf;
    case FER_TOK_SYMBOL:
      t = atom_symbol(f, rd, &tk);
    leaf:
      if (!t) {
        if (!f->error.line) f->error.line = tk.line, f->error.column = tk.col;
        goto fail;
      }
      fer_rd_advance(rd);
      break;
    case FER_TOK_STRING:
      fail_at(f, FERRET_ERROR_UNSUPPORTED, &tk, "unsupported: string literal (strings)");
      goto fail;
    case FER_TOK_RPAR:
      fail_at(f, FERRET_ERROR_PARSE, &tk, "expected a term, got ')'");
      goto fail;
    case FER_TOK_EOF:
      fail_at(f, FERRET_ERROR_PARSE, &tk, "unexpected end of input, expected a term");
      goto fail;
    default:
      fail_at(f, FERRET_ERROR_PARSE, &tk, "expected a term, got '%.*s'",
              (int)(tk.len > 40 ? 40 : tk.len), tk.text);
      goto fail;
    }
    /* `t` is complete: hand it to the open frames. */
    for (;;) {
      if (rd->frames.size == fbase) goto done;
      fer_frame *fr = &FER_TOP(rd->frames);
      if (fr->kind == FR_APP) {
        if (!FER_PUSH(f, rd->args, t) || !fer_rd_ok(f, rd)) goto fail;
        if (rd->tok.kind != FER_TOK_RPAR) break; /* next argument */
        fer_rd_advance(rd);
        fr = &FER_TOP(rd->frames);
        uint32_t n = (uint32_t)rd->args.size - fr->base;
        t = build_app(f, rd, fr, n, rd->args.data + fr->base);
        rd->args.size = fr->base;
        rd->frames.size--;
        if (!t) goto fail;
      } else if (fr->kind == FR_LET) {
        FER_TOP(rd->lets).term = t;
        if (!fer_rd_expect(f, rd, FER_TOK_RPAR, "')' after a let binding") ||
            !fer_rd_ok(f, rd))
          goto fail;
        if (rd->tok.kind == FER_TOK_LPAR) {
          fer_rd_advance(rd);
          if (!let_name(f, rd)) goto fail;
          break; /* next binding's term */
        }
        if (!fer_rd_expect(f, rd, FER_TOK_RPAR, "')' after the let bindings"))
          goto fail;
        /* Parallel binding: all terms were read before any name is bound. */
        fr->fun = (uint32_t)rd->binds.size;
        for (size_t i = fr->base; i < rd->lets.size; i++)
          if (!fer_rd_bind(f, rd, rd->lets.data[i].sym, false, FER_BIND_TERM,
                           rd->lets.data[i].term))
            goto fail;
        rd->lets.size = fr->base;
        fr->kind = FR_LET_BODY;
        break; /* the body */
      } else if (fr->kind == FR_LET_BODY) {
        if (!fer_rd_expect(f, rd, FER_TOK_RPAR, "')' after the let body"))
          goto fail;
        unbind_to(rd, fr->fun);
        rd->frames.size--;
      } else {
        if (!annotations(f, rd, t)) goto fail;
        rd->frames.size--;
      }
    }
  }
done:
  if (end) *end = (size_t)(rd->last_end - rd->base);
  return t;
fail:
  rd->frames.size = fbase;
  rd->args.size = abase;
  rd->lets.size = lbase;
  unbind_to(rd, bmark);
  return 0;
}

bool fer_rd_commit_named(ferret *f, fer_reader *rd) {
  bool ok = true;
  for (size_t i = 0; ok && i < rd->named.size; i++) {
    const fer_pending *p = &rd->named.data[i];
    ok = fer_rd_check_fresh(f, rd, p->sym, p->line, p->col) &&
         fer_rd_bind(f, rd, p->sym, false, FER_BIND_TERM, p->term);
  }
  FER_CLEAR(rd->named);
  return ok;
}
