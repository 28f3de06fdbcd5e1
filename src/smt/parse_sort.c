/* The reader's sorts: sort expressions, the indexed BitVec and
 * FloatingPoint sorts, Array, define-sort and its instantiation
 * (see parse.h). */
#include "smt/parse.h"

#include <string.h>

/* Deepest sort expression (nested define-sort uses count too), and most
 * define-sort expansions in one sort: (define-sort S2 (X) (S1 (S1 X)))
 * doubles the work at each level, so depth alone does not bound it. */
#define FER_MAX_SORT_DEPTH 256
#define FER_MAX_SORT_EXPANSIONS 100000

static fer_sort read_sort(ferret *f, fer_reader *rd, uint32_t depth);

static bool unsupported_sort(ferret *f, const fer_reader *rd,
                             const fer_token *t, const fer_symbol *y) {
  return fer_rd_error_at(f, FERRET_ERROR_UNSUPPORTED, t->line, t->col,
                         "unsupported: sort '%s' (%s)",
                         rd->names.data + y->name,
                         fer_unsupported_table[y->sort_op].what);
}

/* A sort symbol without arguments. */
static fer_sort sort_symbol(ferret *f, fer_reader *rd) {
  const fer_token t = rd->tok;
  uint32_t sym = fer_sym_find(rd, t.s, t.slen);
  const fer_symbol *y = sym ? fer_sym(rd, sym) : NULL;
  if (y && y->sort_top) {
    const fer_binding *b = &rd->binds.data[y->sort_top];
    if (b->kind == FER_BIND_SORT) {
      fer_rd_advance(rd);
      return b->value;
    }
    const fer_sortdef *d = &rd->sortdefs.data[b->value];
    fer_rd_error_at(f, FERRET_ERROR_SORT, t.line, t.col,
                    "sort '%s' expects %u parameter%s", fer_sym_name(rd, sym),
                    d->nparams, d->nparams == 1 ? "" : "s");
    return 0;
  }
  fer_sort s = 0;
  switch (y ? y->sort_builtin : FER_SB_NONE) {
  case FER_SB_BOOL: s = fer_sort_bool(f); break;
  case FER_SB_ROUNDINGMODE: s = fer_sort_rm(f); break;
  case FER_SB_FLOAT16: s = fer_sort_fp(f, 5, 11); break;
  case FER_SB_FLOAT32: s = fer_sort_fp(f, 8, 24); break;
  case FER_SB_FLOAT64: s = fer_sort_fp(f, 11, 53); break;
  case FER_SB_FLOAT128: s = fer_sort_fp(f, 15, 113); break;
  case FER_SB_BITVEC:
  case FER_SB_FLOATINGPOINT:
    fer_rd_error_at(f, FERRET_ERROR_PARSE, t.line, t.col,
                    "sort '%.*s' needs indices: (_ %.*s ...)", (int)t.slen,
                    t.s, (int)t.slen, t.s);
    return 0;
  case FER_SB_ARRAY:
    fer_rd_error_at(f, FERRET_ERROR_SORT, t.line, t.col,
                    "sort 'Array' needs an index and an element sort: "
                    "(Array I E)");
    return 0;
  case FER_SB_UNSUPPORTED: unsupported_sort(f, rd, &t, y); return 0;
  default:
    fer_rd_error_at(f, FERRET_ERROR_SORT, t.line, t.col, "unknown sort '%.*s'",
                    (int)t.slen, t.s);
    return 0;
  }
  if (s) fer_rd_advance(rd);
  return s;
}

/* (_ BitVec w) or (_ FloatingPoint eb sb), after "(_". */
static fer_sort indexed_sort(ferret *f, fer_reader *rd) {
  const fer_token t = rd->tok;
  if (!fer_rd_ok(f, rd)) return 0;
  if (t.kind != FER_TOK_SYMBOL) {
    fer_rd_expect(f, rd, FER_TOK_SYMBOL, "a sort name");
    return 0;
  }
  uint32_t sym = fer_sym_find(rd, t.s, t.slen);
  uint32_t sb = sym ? fer_sym(rd, sym)->sort_builtin : 0;
  fer_sort s = 0;
  uint32_t a, b;
  if (sb == FER_SB_BITVEC) {
    fer_rd_advance(rd);
    if (!fer_rd_u32(f, rd, &a, "bit-vector width")) return 0;
    if (!a) {
      fer_rd_error_at(f, FERRET_ERROR_SORT, t.line, t.col,
                      "bit-vector width must be at least 1");
      return 0;
    }
    s = fer_sort_bv(f, a);
  } else if (sb == FER_SB_FLOATINGPOINT) {
    fer_rd_advance(rd);
    if (!fer_rd_u32(f, rd, &a, "exponent width") ||
        !fer_rd_u32(f, rd, &b, "significand width"))
      return 0;
    if (a < 2 || b < 2) {
      fer_rd_error_at(f, FERRET_ERROR_SORT, t.line, t.col,
                      "floating-point sort needs eb >= 2 and sb >= 2");
      return 0;
    }
    if ((uint64_t)a + b > UINT32_MAX) {
      fer_rd_error_at(f, FERRET_ERROR_LIMIT, t.line, t.col,
                      "floating-point sort too wide");
      return 0;
    }
    s = fer_sort_fp(f, a, b);
  } else if (sb == FER_SB_UNSUPPORTED) {
    unsupported_sort(f, rd, &t, fer_sym(rd, sym));
    return 0;
  } else {
    fer_rd_error_at(f, FERRET_ERROR_SORT, t.line, t.col,
                    "unknown indexed sort '%.*s'", (int)t.slen, t.s);
    return 0;
  }
  if (!s || !fer_rd_expect(f, rd, FER_TOK_RPAR, "')'")) return 0;
  return s;
}

/* Read the body of sort definition `d` again with its parameters bound to
 * args[0..nparams). */
static fer_sort instantiate(ferret *f, fer_reader *rd, uint32_t def,
                            const fer_sort *args, uint32_t depth) {
  if (++rd->sort_expansions > FER_MAX_SORT_EXPANSIONS) {
    fer_rd_error_at(f, FERRET_ERROR_LIMIT, 0, 0,
                    "sort definitions expand too much (more than %d uses)",
                    FER_MAX_SORT_EXPANSIONS);
    return 0;
  }
  fer_rd_mark mark = fer_rd_mark_get(rd);
  const fer_sortdef d = rd->sortdefs.data[def];
  for (uint32_t i = 0; i < d.nparams; i++)
    if (!fer_rd_bind(f, rd, rd->sortdef_params.data[d.params + i], true,
                     FER_BIND_SORT, args[i]))
      return 0;
  fer_lexer saved_lex = rd->lex;
  fer_token saved_tok = rd->tok;
  const char *saved_base = rd->base, *saved_end = rd->last_end;
  uint32_t saved_depth = rd->depth;
  uint8_t saved_prev = rd->prev_kind;
  fer_rd_begin(rd, rd->sortdef_text.data + d.text, d.len, d.line, d.col);
  fer_sort s = read_sort(f, rd, depth + 1);
  rd->lex = saved_lex;
  rd->tok = saved_tok;
  rd->base = saved_base;
  rd->last_end = saved_end;
  rd->depth = saved_depth;
  rd->prev_kind = saved_prev;
  fer_rd_mark_restore(rd, mark);
  return s;
}

static fer_sort read_sort(ferret *f, fer_reader *rd, uint32_t depth) {
  if (depth > FER_MAX_SORT_DEPTH) {
    fer_rd_error_at(f, FERRET_ERROR_LIMIT, rd->tok.line, rd->tok.col,
                    "sort nesting too deep");
    return 0;
  }
  if (!fer_rd_ok(f, rd)) return 0;
  if (rd->tok.kind == FER_TOK_SYMBOL) return sort_symbol(f, rd);
  if (rd->tok.kind != FER_TOK_LPAR) {
    fer_rd_expect(f, rd, FER_TOK_SYMBOL, "a sort");
    return 0;
  }
  fer_rd_advance(rd);
  if (!fer_rd_ok(f, rd)) return 0;
  const fer_token t = rd->tok;
  if (t.kind != FER_TOK_SYMBOL) {
    fer_rd_expect(f, rd, FER_TOK_SYMBOL, "a sort name");
    return 0;
  }
  uint32_t sym = fer_sym_find(rd, t.s, t.slen);
  const fer_symbol *y = sym ? fer_sym(rd, sym) : NULL;
  if (y && y->builtin == FER_BI_UNDERSCORE) {
    fer_rd_advance(rd);
    return indexed_sort(f, rd);
  }
  if (y && y->sort_top &&
      rd->binds.data[y->sort_top].kind == FER_BIND_SORTDEF) {
    uint32_t def = rd->binds.data[y->sort_top].value;
    uint32_t n = rd->sortdefs.data[def].nparams;
    fer_rd_advance(rd);
    size_t base = rd->args.size;
    fer_sort s = 0;
    while (rd->tok.kind != FER_TOK_RPAR && rd->tok.kind != FER_TOK_EOF) {
      fer_sort a = read_sort(f, rd, depth + 1);
      if (!a || !FER_PUSH(f, rd->args, a)) goto done;
    }
    if (rd->args.size - base != n) {
      fer_rd_error_at(f, FERRET_ERROR_SORT, t.line, t.col,
                      "sort '%s' expects %u parameter%s, got %zu",
                      fer_sym_name(rd, sym), n, n == 1 ? "" : "s",
                      rd->args.size - base);
      goto done;
    }
    if (!fer_rd_expect(f, rd, FER_TOK_RPAR, "')'")) goto done;
    s = instantiate(f, rd, def, rd->args.data + base, depth);
    if (!s) f->error.line = t.line, f->error.column = t.col;
  done:
    rd->args.size = base;
    return s;
  }
  if (y && y->sort_builtin == FER_SB_UNSUPPORTED) {
    unsupported_sort(f, rd, &t, y);
    return 0;
  }
  if (y && y->sort_builtin == FER_SB_ARRAY && !y->sort_top) {
    fer_rd_advance(rd);
    fer_sort i = read_sort(f, rd, depth + 1);
    fer_sort e = i ? read_sort(f, rd, depth + 1) : 0;
    if (!e || !fer_rd_expect(f, rd, FER_TOK_RPAR, "')' after (Array I E)"))
      return 0;
    return fer_sort_array(f, i, e);
  }
  if (y && (y->sort_top || y->sort_builtin)) {
    /* (Float32): a sort without parameters in parentheses, as Z3 allows */
    fer_sort s = sort_symbol(f, rd);
    if (!s || !fer_rd_expect(f, rd, FER_TOK_RPAR, "')'")) return 0;
    return s;
  }
  if (y && y->sort_top) {
    fer_rd_error_at(f, FERRET_ERROR_SORT, t.line, t.col,
                    "sort '%.*s' takes no parameters", (int)t.slen, t.s);
    return 0;
  }
  fer_rd_error_at(f, FERRET_ERROR_SORT, t.line, t.col, "unknown sort '%.*s'",
                  (int)t.slen, t.s);
  return 0;
}

fer_sort fer_rd_sort(ferret *f, fer_reader *rd) {
  rd->sort_expansions = 0;
  return read_sort(f, rd, 0);
}

bool fer_rd_define_sort(ferret *f, fer_reader *rd, uint32_t sym) {
  const fer_symbol *y = fer_sym(rd, sym);
  if (y->sort_builtin || y->sort_top)
    return fer_rd_error_at(f, FERRET_ERROR_SORT, rd->tok.line, rd->tok.col,
                           "sort '%s' is already declared",
                           fer_sym_name(rd, sym));
  if (!fer_rd_expect(f, rd, FER_TOK_LPAR, "'(' before the sort parameters"))
    return false;
  fer_rd_mark mark = fer_rd_mark_get(rd);
  uint32_t params = (uint32_t)rd->sortdef_params.size, n = 0;
  while (rd->tok.kind == FER_TOK_SYMBOL) {
    uint32_t p = fer_rd_symbol(f, rd, "a sort parameter");
    /* Parameters are bound to Bool while the body is checked once. */
    if (!p || !FER_PUSH(f, rd->sortdef_params, p) ||
        !fer_rd_bind(f, rd, p, true, FER_BIND_SORT, fer_sort_bool(f)))
      goto fail;
    n++;
  }
  if (!fer_rd_expect(f, rd, FER_TOK_RPAR, "')' after the sort parameters"))
    goto fail;
  uint32_t line = rd->tok.line, col = rd->tok.col;
  const char *start = rd->tok.text;
  fer_sort s = fer_rd_sort(f, rd);
  if (!s) goto fail;
  /* Unbind the parameters, keep them in sortdef_params. */
  fer_rd_mark keep = mark;
  keep.sortdef_params = (uint32_t)rd->sortdef_params.size;
  fer_rd_mark_restore(rd, keep);
  if (!n) return fer_rd_bind(f, rd, sym, true, FER_BIND_SORT, s);
  size_t len = (size_t)(rd->last_end - start);
  if (!FER_RESERVE(f, rd->sortdef_text, len)) goto fail;
  fer_sortdef d = {sym, n, params, (uint32_t)rd->sortdef_text.size,
                   (uint32_t)len, line, col};
  memcpy(rd->sortdef_text.data + rd->sortdef_text.size, start, len);
  rd->sortdef_text.size += len;
  if (!FER_PUSH(f, rd->sortdefs, d)) goto fail;
  if (fer_rd_bind(f, rd, sym, true, FER_BIND_SORTDEF,
                  (uint32_t)rd->sortdefs.size - 1))
    return true;
fail:
  fer_rd_mark_restore(rd, mark);
  return false;
}

