/* The concolic job (contract in concolic.h). */
#include <string.h>

#include "base/rng.h"
#include "engine/engine.h"
#include "engine/interval.h"
#include "engine/search.h"
#include "fp/fp.h"
#include "smt/eval.h"
#include "concolic/concolic.h"

const char *const fer_conc_stage_name[FER_CONC_NSTAGES] = {
    "seed",  "i2s",      "consts", "intervals", "range",
    "bytes", "gradient", "det",    "havoc",     "multigoal", "engine"};

typedef fer_u128 u128;

int fer_concolic_init(ferret *f, fer_concolic *c, const uint8_t *seed,
                      size_t size) {
  memset(c, 0, sizeof *c);
  c->f = f, c->size = size;
  fer_map_init(&c->var_index);
  fer_map_init(&c->conj_index);
  fer_model_init(&c->model);
  c->stages = (1u << FER_CONC_NSTAGES) - 1;
  c->max_execs = 0; /* the time limit is the budget */
  c->timeout_ms = 1000;
  c->rng_seed = 1;
  c->last_stage = -1;
  size_t n = size ? size : 1;
  c->seed = fer_malloc(f, n), c->cur = fer_malloc(f, n), c->out = fer_malloc(f, n);
  if (!c->seed || !c->cur || !c->out) return 0;
  if (size) memcpy(c->seed, seed, size);
  return 1;
}

void fer_concolic_release(fer_concolic *c) {
  ferret *f = c->f;
  size_t n = c->size ? c->size : 1;
  if (c->seed) fer_free(f, c->seed, n);
  if (c->cur) fer_free(f, c->cur, n);
  if (c->out) fer_free(f, c->out, n);
  FER_RELEASE(f, c->vars);
  FER_RELEASE(f, c->conjs);
  FER_RELEASE(f, c->deps_pool);
  FER_RELEASE(f, c->facts_pool);
  FER_RELEASE(f, c->path);
  FER_RELEASE(f, c->tmp);
  FER_RELEASE(f, c->tmp_u32);
  fer_map_release(f, &c->var_index);
  fer_map_release(f, &c->conj_index);
  fer_model_release(f, &c->model);
}

/* --------------------------------------------------------- bytes <-> values */

static u128 read_var(const fer_concolic *c, const uint8_t *buf, uint32_t vi) {
  const fer_conc_var *v = &c->vars.data[vi];
  u128 x = 0;
  for (uint32_t k = 0; k < v->nbytes; k++) {
    uint32_t at = v->big_endian ? k : v->nbytes - 1 - k;
    x = x << 8 | buf[v->offset + at];
  }
  return v->bits >= 128 ? x : x & (((u128)1 << v->bits) - 1);
}

static void write_var(const fer_concolic *c, uint8_t *buf, uint32_t vi, u128 x) {
  const fer_conc_var *v = &c->vars.data[vi];
  for (uint32_t k = 0; k < v->nbytes; k++) {
    uint32_t at = v->big_endian ? v->nbytes - 1 - k : k;
    buf[v->offset + at] = (uint8_t)(x >> (8 * k));
  }
}

/* model := the values of vars idx[0..n) read from buf.  0: memory. */
static int load_model(fer_concolic *c, const uint8_t *buf, const uint32_t *idx,
                      size_t n) {
  ferret *f = c->f;
  if (!fer_model_reserve(f, &c->model)) return 0;
  for (size_t i = 0; i < n; i++) {
    fer_term v = c->vars.data[idx[i]].var;
    fer_term k = fer_value_term(f, fer_term_sort(f, v), read_var(c, buf, idx[i]));
    if (!k) return 0;
    c->model.value[fer_term_idx(f, v, 0)] = k;
  }
  return 1;
}

ferret_status fer_concolic_bind(fer_concolic *c, fer_term var, size_t offset,
                                bool big_endian) {
  ferret *f = c->f;
  if (fer_term_op(f, var) != FER_OP_VAR)
    return fer_error(f, FERRET_ERROR_SORT, 0, 0, "concolic: bind needs a variable");
  const fer_sort_info *si = fer_sort_get(f, fer_term_sort(f, var));
  uint32_t bits = si->kind == FER_SORT_BOOL ? 1
                  : si->kind == FER_SORT_BV ? si->a
                  : si->kind == FER_SORT_FP ? si->a + si->b
                                            : 0;
  if (!bits || bits > 128)
    return fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0,
                     "concolic: a bound variable is Bool, BV or FP of at most "
                     "128 bits");
  uint32_t nbytes = (bits + 7) / 8;
  if (offset > c->size || nbytes > c->size - offset)
    return fer_error(f, FERRET_ERROR_OPTION, 0, 0,
                     "concolic: bytes %zu..%zu are outside the %zu-byte input",
                     offset, offset + nbytes - 1, c->size);
  if (fer_map_get(&c->var_index, var))
    return fer_error(f, FERRET_ERROR_OPTION, 0, 0,
                     "concolic: '%s' is bound already", fer_var_name(f, var));
  fer_conc_var v = {var, (uint32_t)offset, nbytes, bits, big_endian};
  if (!FER_PUSH(f, c->vars, v) ||
      !fer_map_put(f, &c->var_index, var, (uint32_t)c->vars.size))
    return f->error.status;
  return FERRET_OK;
}

/* The bound variables of t into c->tmp_u32 (indices); false with an error
 * when t reads a variable bound to no input byte. */
static bool deps_of(fer_concolic *c, fer_term t) {
  ferret *f = c->f;
  fer_term_stack vars = {0};
  FER_CLEAR(c->tmp_u32);
  bool ok = fer_collect_vars(f, &t, 1, &vars);
  for (size_t i = 0; ok && i < vars.size; i++) {
    uint32_t vi = fer_map_get(&c->var_index, vars.data[i]);
    if (!vi) {
      fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0,
                "concolic: '%s' is bound to no input byte",
                fer_var_name(f, vars.data[i]));
      ok = false;
    } else {
      ok = FER_PUSH(f, c->tmp_u32, vi - 1);
    }
  }
  FER_RELEASE(f, vars);
  return ok;
}

/* The truth of t on buf's values of its variables deps[0..n): 1 true, 0
 * false or undecided (unspecified, error). */
static int holds(fer_concolic *c, const uint8_t *buf, fer_term t,
                 const uint32_t *deps, size_t n) {
  if (!load_model(c, buf, deps, n)) return 0;
  bool unspec = false;
  fer_term v = fer_eval(c->f, t, &c->model, &unspec);
  return v == fer_true(c->f) && !unspec;
}

ferret_status fer_concolic_notify(fer_concolic *c, fer_term pi) {
  ferret *f = c->f;
  if (fer_term_sort(f, pi) != fer_sort_bool(f))
    return fer_error(f, FERRET_ERROR_SORT, 0, 0, "concolic: pi must be Bool");
  uint32_t k = fer_map_get(&c->conj_index, pi);
  if (!k) {
    if (!deps_of(c, pi)) return f->error.status;
    fer_conc_conj cj = {pi, (uint32_t)c->deps_pool.size,
                        (uint32_t)c->tmp_u32.size, (uint32_t)c->facts_pool.size,
                        0, false};
    for (size_t i = 0; i < c->tmp_u32.size; i++)
      if (!FER_PUSH(f, c->deps_pool, c->tmp_u32.data[i])) return f->error.status;
    if (!fer_conc_facts(c, pi, &c->facts_pool)) return f->error.status;
    cj.nfacts = (uint32_t)(c->facts_pool.size - cj.facts);
    cj.seed_true = holds(c, c->seed, pi, c->deps_pool.data + cj.deps, cj.ndeps);
    if (!FER_PUSH(f, c->conjs, cj) ||
        !fer_map_put(f, &c->conj_index, pi, (uint32_t)c->conjs.size))
      return f->error.status;
    k = (uint32_t)c->conjs.size;
  }
  return FER_PUSH(f, c->path, k - 1) ? FERRET_OK : f->error.status;
}

void fer_concolic_clear_path(fer_concolic *c) { FER_CLEAR(c->path); }

ferret_status fer_concolic_set_seed(fer_concolic *c, const uint8_t *seed,
                                    size_t size) {
  if (size != c->size)
    return fer_error(c->f, FERRET_ERROR_OPTION, 0, 0,
                     "concolic: the new seed has %zu bytes, the input %zu",
                     size, c->size);
  if (size) memcpy(c->seed, seed, size);
  for (size_t i = 0; i < c->conjs.size; i++) {
    fer_conc_conj *cj = &c->conjs.data[i];
    cj->seed_true = holds(c, c->seed, cj->t, c->deps_pool.data + cj->deps,
                          cj->ndeps);
  }
  return FERRET_OK;
}

/* ------------------------------------------------------------ one query */

typedef struct query {
  fer_concolic *c;
  fer_term b;
  bool optimistic;
  double deadline;
  FER_STACK(uint32_t) bdeps;   /* b's variables */
  FER_STACK(uint32_t) aff;     /* variables whose bytes b's bytes overlap */
  FER_STACK(uint32_t) related; /* path conjuncts reading an affected variable */
  uint8_t *bmask;              /* by byte: b reads it */
  FER_STACK(uint32_t) bbytes;  /* the bytes b reads and no fact defines */
  FER_STACK(uint32_t) ball;    /* every byte b reads (where windows start) */
  /* the analysis (analysis.h) of b and the related conjuncts (b alone
   * when optimistic): */
  fer_conc_fact_stack groups;  /* a wrapped interval per input group */
  uint8_t *def;                /* by byte: [p] defined?, [size + p] to what */
  FER_STACK(uint32_t) defs;    /* the defined bytes */
  FER_STACK(uint32_t) checks;  /* groups a candidate's value must lie in */
  size_t defs_b, checks_b;     /* the first ones of each: b reads them */
  FER_STACK(uint32_t) rgroups; /* of those, the ones within b's bytes */
  const uint8_t *base;         /* the seed with the defined bytes set */
  uint8_t *base_own;           /* base's buffer when it is not the seed */
  bool conflict;               /* the facts contradict each other: unsat */
  bool analyzed;               /* def, defs, checks are set */
  FER_STACK(u128) consts;      /* b's BV/FP constants, with their widths */
  FER_STACK(uint32_t) cbits;
  fer_rng rng;
  int found;                   /* a stage found an input (in c->out) */
  bool proved_unsat;           /* a stage decided the query: no input */
  /* multi-goal: the candidate with b true that broke fewest related
   * conjuncts (partial_fails of them; 0: none kept) */
  uint8_t *partial;
  uint32_t partial_fails;
  uint64_t tried0;             /* candidates before this query */
} query;

static uint64_t tried_all(const fer_concolic *c) {
  uint64_t n = 0;
  for (int s = 0; s < FER_CONC_NSTAGES; s++) n += c->st.tried[s];
  return n;
}

/* The query's time or candidate budget is spent. */
static bool timed_out(const query *q) {
  if (q->c->max_execs && tried_all(q->c) - q->tried0 >= q->c->max_execs) return true;
  return q->deadline > 0 && fer_now() >= q->deadline;
}

/* Do the conjuncts idx[0..n) (indices into c->conjs) hold on buf? */
static bool conjs_hold(fer_concolic *c, const uint8_t *buf, const uint32_t *idx,
                       size_t n) {
  for (size_t i = 0; i < n; i++) {
    const fer_conc_conj *cj = &c->conjs.data[idx[i]];
    if (!holds(c, buf, cj->t, c->deps_pool.data + cj->deps, cj->ndeps))
      return false;
  }
  return true;
}

/* Is candidate buf a solution?  b must hold, and the path conjuncts that
 * may have changed: the related ones when buf differs from the seed only
 * in bytes b reads (the cheap stages), every one otherwise (the engine,
 * whose variables may overlap others' bytes).  A hit is copied to c->out. */
static uint32_t count_fails(fer_concolic *c, const uint8_t *buf,
                            const uint32_t *idx, size_t n) {
  uint32_t k = 0;
  for (size_t i = 0; i < n; i++) {
    const fer_conc_conj *cj = &c->conjs.data[idx[i]];
    k += !holds(c, buf, cj->t, c->deps_pool.data + cj->deps, cj->ndeps);
  }
  return k;
}

/* Can buf be a solution as far as the analysis knows?  The defined bytes
 * keep their values, and each group's value lies in its interval (an
 * over-approximation of the values a solution gives it: a candidate
 * outside is no solution, rejected without evaluating b or pi).  Called
 * on every candidate: a few byte compares. */
static bool consistent(const query *q, const uint8_t *buf, bool only_b_bytes) {
  size_t size = q->c->size;
  if (!q->analyzed) return true;
  /* a candidate that changed only b's bytes: only what b reads can differ */
  size_t nd = only_b_bytes ? q->defs_b : q->defs.size;
  size_t nc = only_b_bytes ? q->checks_b : q->checks.size;
  for (size_t i = 0; i < nd; i++) {
    uint32_t p = q->defs.data[i];
    if (buf[p] != q->def[size + p]) return false;
  }
  for (size_t i = 0; i < nc; i++) {
    const fer_conc_fact *g = &q->groups.data[q->checks.data[i]];
    uint64_t v = 0;
    for (uint32_t k = 0; k < g->n; k++) v |= (uint64_t)buf[g->pos[k]] << (8 * k);
    if (!fer_warc_has(g->arc, v)) return false;
  }
  return true;
}

static bool accept(query *q, const uint8_t *buf, bool only_b_bytes) {
  fer_concolic *c = q->c;
  if (!consistent(q, buf, only_b_bytes)) return false;
  if (!holds(c, buf, q->b, q->bdeps.data, q->bdeps.size)) return false;
  if (only_b_bytes ? !conjs_hold(c, buf, q->related.data, q->related.size)
                   : !q->optimistic &&
                         !conjs_hold(c, buf, c->path.data, c->path.size)) {
    if (only_b_bytes && q->partial) { /* b true, pi broken: keep the best */
      uint32_t k = count_fails(c, buf, q->related.data, q->related.size);
      if (!q->partial_fails || k < q->partial_fails) {
        memcpy(q->partial, buf, c->size);
        q->partial_fails = k;
      }
    }
    return false;
  }
  memcpy(c->out, buf, c->size);
  q->found = 1;
  return true;
}

/* Does b read every byte of [at, at + n)? */
static bool all_read(const query *q, size_t at, uint32_t n) {
  for (uint32_t k = 0; k < n; k++)
    if (!q->bmask[at + k]) return false;
  return true;
}

/* Try the seed with value x written into variable vi. */
static bool try_var(query *q, int stage, uint32_t vi, u128 x) {
  fer_concolic *c = q->c;
  memcpy(c->cur, q->base, c->size);
  write_var(c, c->cur, vi, x);
  c->st.tried[stage]++;
  return accept(q, c->cur, true);
}

/* Try the seed with the nbytes-byte encoding of x written at `at`. */
static bool try_bytes(query *q, int stage, size_t at, u128 x, uint32_t nbytes,
                      bool big) {
  fer_concolic *c = q->c;
  memcpy(c->cur, q->base, c->size);
  for (uint32_t k = 0; k < nbytes; k++)
    c->cur[at + (big ? nbytes - 1 - k : k)] = (uint8_t)(x >> (8 * k));
  c->st.tried[stage]++;
  return accept(q, c->cur, true);
}

/* Neighbours of a target value: itself, +-1 (BV), the next floats. */
static int neighbours(ferret *f, fer_sort so, u128 v, u128 out[3]) {
  const fer_sort_info *si = fer_sort_get(f, so);
  out[0] = v;
  if (si->kind == FER_SORT_FP && si->a + si->b <= 128) {
    fer_fmt fm = {si->a, si->b};
    if (fer_fp_is_nan(fm, v)) return 1;
    u128 k = fer_fp_order_key(fm, v);
    out[1] = fer_fp_from_order_key(fm, k + 1);
    out[2] = fer_fp_from_order_key(fm, k - 1);
    return 3;
  }
  u128 m = si->a >= 128 ? ~(u128)0 : ((u128)1 << si->a) - 1;
  out[1] = (v + 1) & m, out[2] = (v - 1) & m;
  return 3;
}

/* Replace the seed value `from` of an operand by `to` wherever its
 * encoding (w bits, 1..8 bytes, either endianness) sits in bytes b reads;
 * also through the variables b reads directly. */
static bool i2s_replace(query *q, fer_sort so, u128 from, u128 to) {
  fer_concolic *c = q->c;
  ferret *f = c->f;
  uint32_t bits = fer_sort_bits(f, so);
  for (size_t i = 0; i < q->bdeps.size; i++) { /* a variable holding it */
    uint32_t vi = q->bdeps.data[i];
    if (c->vars.data[vi].bits == bits && read_var(c, c->seed, vi) == from &&
        try_var(q, FER_CONC_I2S, vi, to))
      return true;
  }
  if (bits % 8 || bits > 64 || bits == 8) return false; /* bytes: variables */
  uint32_t nb = bits / 8;
  for (size_t j = 0; j < q->ball.size; j++) {
    size_t at = q->ball.data[j];
    if (at + nb > c->size) continue;
    for (int big = 0; big < 2; big++) {
      u128 x = 0;
      bool inside = true;
      for (uint32_t k = 0; k < nb; k++) {
        size_t p = at + (big ? k : nb - 1 - k);
        x = x << 8 | c->seed[p];
        inside &= q->bmask[p] != 0;
      }
      if (inside && x == from && try_bytes(q, FER_CONC_I2S, at, to, nb, big))
        return true;
      if (timed_out(q)) return false;
    }
  }
  return false;
}

/* Does the operand's value come from e through a conversion? Then the
 * target converted back is tried for e too (FP-aware input-to-state). */
static bool i2s_through(query *q, fer_term side, u128 target) {
  fer_concolic *c = q->c;
  ferret *f = c->f;
  fer_op op = fer_term_op(f, side);
  if (op != FER_OP_TO_FP_FP && op != FER_OP_TO_FP_SBV && op != FER_OP_TO_FP_UBV)
    return false;
  fer_term e = fer_term_arg(f, side, 1);
  const fer_sort_info *ss = fer_sort_get(f, fer_term_sort(f, side));
  const fer_sort_info *es = fer_sort_get(f, fer_term_sort(f, e));
  if (ss->a + ss->b > 128 || (es->kind == FER_SORT_FP && es->a + es->b > 128) ||
      (es->kind == FER_SORT_BV && es->a > 128))
    return false;
  if (!load_model(c, c->seed, q->bdeps.data, q->bdeps.size)) return false;
  fer_term ev = fer_eval(f, e, &c->model, NULL);
  if (!ev || fer_term_op(f, ev) != FER_OP_CONST) return false;
  u128 from = fer_const_u128(f, ev), back;
  fer_fmt sf = {ss->a, ss->b};
  bool defined = true;
  if (op == FER_OP_TO_FP_FP) {
    fer_fmt ef = {es->a, es->b};
    back = fer_fp_convert(ef, FER_RNE, sf, target);
  } else if (op == FER_OP_TO_FP_SBV) {
    back = fer_fp_to_sbv(sf, FER_RTZ, target, es->a, &defined);
  } else {
    back = fer_fp_to_ubv(sf, FER_RTZ, target, es->a, &defined);
  }
  return defined && from != back && i2s_replace(q, fer_term_sort(f, e), from, back);
}

static bool is_comparison(fer_op op) {
  switch (op) {
  case FER_OP_EQ: case FER_OP_DISTINCT:
  case FER_OP_BVULT: case FER_OP_BVULE: case FER_OP_BVUGT: case FER_OP_BVUGE:
  case FER_OP_BVSLT: case FER_OP_BVSLE: case FER_OP_BVSGT: case FER_OP_BVSGE:
  case FER_OP_FP_LT: case FER_OP_FP_LEQ: case FER_OP_FP_GT: case FER_OP_FP_GEQ:
  case FER_OP_FP_EQ:
    return true;
  default:
    return false;
  }
}

/* Walk b's Boolean structure (not, and, or, =>, ite conditions) to its
 * comparison atoms and try input-to-state on each. */
static bool stage_i2s(query *q) {
  fer_concolic *c = q->c;
  ferret *f = c->f;
  if (q->base != c->seed) { /* the bytes b's equalities define, set */
    c->st.tried[FER_CONC_I2S]++;
    if (accept(q, q->base, true)) return true;
  }
  FER_CLEAR(c->tmp);
  if (!FER_PUSH(f, c->tmp, q->b)) return false;
  uint32_t visited = 0;
  while (c->tmp.size && visited++ < 64 && !timed_out(q)) {
    fer_term t = FER_POP(c->tmp);
    fer_op op = fer_term_op(f, t);
    if (op == FER_OP_NOT || op == FER_OP_AND || op == FER_OP_OR ||
        op == FER_OP_IMPLIES || op == FER_OP_XOR) {
      for (uint32_t i = 0; i < fer_term_nargs(f, t); i++)
        if (!FER_PUSH(f, c->tmp, fer_term_arg(f, t, i))) return false;
      continue;
    }
    if (!is_comparison(op) || fer_term_nargs(f, t) != 2) continue;
    fer_term side[2] = {fer_term_arg(f, t, 0), fer_term_arg(f, t, 1)};
    fer_sort so = fer_term_sort(f, side[0]);
    if (so == fer_sort_bool(f) || fer_sort_bits(f, so) > 128) continue;
    if (!load_model(c, c->seed, q->bdeps.data, q->bdeps.size)) return false;
    fer_term v0 = fer_eval(f, side[0], &c->model, NULL);
    fer_term v1 = fer_eval(f, side[1], &c->model, NULL);
    if (!v0 || !v1 || fer_term_op(f, v0) != FER_OP_CONST ||
        fer_term_op(f, v1) != FER_OP_CONST)
      continue;
    u128 val[2] = {fer_const_u128(f, v0), fer_const_u128(f, v1)};
    for (int s = 0; s < 2; s++) { /* make side s take the other's value */
      u128 targets[3];
      int nt = neighbours(f, so, val[1 - s], targets);
      for (int k = 0; k < nt; k++) {
        if (targets[k] == val[s]) continue;
        if (i2s_replace(q, so, val[s], targets[k]) ||
            i2s_through(q, side[s], targets[k]))
          return true;
      }
    }
  }
  return false;
}

/* b's BV and FP constants (into q->consts/cbits), at most 64. */
static bool collect_consts(query *q) {
  fer_concolic *c = q->c;
  ferret *f = c->f;
  FER_CLEAR(c->tmp);
  bool ok = FER_PUSH(f, c->tmp, q->b);
  fer_map mark;
  fer_map_init(&mark);
  while (ok && c->tmp.size && q->consts.size < 64) {
    fer_term t = FER_POP(c->tmp);
    if (fer_map_get(&mark, t)) continue;
    ok = fer_map_put(f, &mark, t, 1);
    if (fer_term_op(f, t) == FER_OP_CONST) {
      fer_sort so = fer_term_sort(f, t);
      if (so != fer_sort_rm(f) && fer_sort_bits(f, so) <= 128)
        ok = ok && FER_PUSH(f, q->consts, fer_const_u128(f, t)) &&
             FER_PUSH(f, q->cbits, fer_sort_bits(f, so));
      continue;
    }
    for (uint32_t i = 0; ok && i < fer_term_nargs(f, t); i++)
      ok = FER_PUSH(f, c->tmp, fer_term_arg(f, t, i));
  }
  fer_map_release(f, &mark);
  return ok;
}

/* Interesting constants: FP's special values in b's FP variables (after
 * b's own constants), and each of b's constants (and +-1) into every
 * variable of its width that b reads, and as 2/4/8-byte encodings at the
 * bytes b reads. */
static bool stage_consts(query *q) {
  fer_concolic *c = q->c;
  for (size_t k = 0; k < q->consts.size && !timed_out(q); k++) {
    u128 x = q->consts.data[k];
    uint32_t bits = q->cbits.data[k];
    u128 m = bits >= 128 ? ~(u128)0 : ((u128)1 << bits) - 1;
    u128 vals[3] = {x, (x + 1) & m, (x - 1) & m};
    for (int j = 0; j < 3; j++) {
      for (size_t i = 0; i < q->bdeps.size; i++) {
        uint32_t vi = q->bdeps.data[i];
        if (c->vars.data[vi].bits >= bits &&
            try_var(q, FER_CONC_CONSTS, vi, vals[j]))
          return true;
      }
      if (bits % 8 || bits > 64 || bits == 8) continue;
      uint32_t nb = bits / 8;
      for (size_t i = 0; i < q->ball.size; i++) {
        size_t at = q->ball.data[i];
        if (at + nb > c->size || !all_read(q, at, nb)) continue;
        for (int big = 0; big < 2; big++)
          if (try_bytes(q, FER_CONC_CONSTS, at, vals[j], nb, big)) return true;
      }
    }
  }
  /* FP's interesting values in b's FP variables: zeros, infinities, NaN,
   * the subnormal and normal extremes, +-1 */
  for (size_t i = 0; i < q->bdeps.size && !timed_out(q); i++) {
    uint32_t vi = q->bdeps.data[i];
    const fer_sort_info *si = fer_sort_get(c->f, fer_term_sort(c->f, c->vars.data[vi].var));
    if (si->kind != FER_SORT_FP) continue;
    fer_fmt m = {si->a, si->b};
    u128 frac = ((u128)1 << (si->b - 1)) - 1, one = (((u128)1 << (si->a - 1)) - 1) << (si->b - 1);
    u128 maxn = ((((u128)1 << si->a) - 2) << (si->b - 1)) | frac;
    const u128 special[] = {fer_fp_zero(m, false), fer_fp_inf(m, false), fer_fp_nan(m),
                            1, frac, frac + 1, maxn, one};
    for (size_t k = 0; k < sizeof special / sizeof *special; k++)
      for (int neg = 0; neg < 2; neg++) {
        u128 v = special[k] | (neg ? (u128)1 << (si->a + si->b - 1) : 0);
        if (try_var(q, FER_CONC_CONSTS, vi, v)) return true;
      }
  }
  return false;
}

/* Does every related conjunct read only bytes b reads?  Then b and the
 * path constraint meet only on those bytes (the other conjuncts hold on
 * the seed and read none of them), and trying every value of them decides
 * the query. */
static bool closed(const query *q) {
  const fer_concolic *c = q->c;
  for (size_t i = 0; i < q->related.size; i++) {
    const fer_conc_conj *cj = &c->conjs.data[q->related.data[i]];
    for (uint32_t k = 0; k < cj->ndeps; k++) {
      const fer_conc_var *v = &c->vars.data[c->deps_pool.data[cj->deps + k]];
      if (!all_read(q, v->offset, v->nbytes)) return false;
    }
  }
  return true;
}

/* Write value v into group g of c->cur (over the base); false when v
 * would change a defined byte. */
static bool write_group(query *q, const fer_conc_fact *g, uint64_t v) {
  fer_concolic *c = q->c;
  memcpy(c->cur, q->base, c->size);
  for (uint32_t k = 0; k < g->n; k++) {
    uint32_t p = g->pos[k];
    uint8_t x = (uint8_t)(v >> (8 * k));
    if (q->def[p] && q->def[c->size + p] != x) return false;
    c->cur[p] = x;
  }
  return true;
}

/* Fuzzy-SAT's range brute force on the group of b's bytes with the
 * smallest interval: every value when there are at most 2048 (a proof of
 * unsat when the group holds every undefined byte b reads and the query
 * is closed over b's bytes), else its two ends. */
static bool range_group(query *q) {
  fer_concolic *c = q->c;
  const fer_conc_fact *g = NULL;
  for (size_t i = 0; i < q->rgroups.size; i++) {
    const fer_conc_fact *h = &q->groups.data[q->rgroups.data[i]];
    if (!g || fer_warc_count(h->arc) < fer_warc_count(g->arc)) g = h;
  }
  if (!g) return false;
  double count = fer_warc_count(g->arc);
  if (count > 2048) {
    uint64_t ends[2] = {g->arc.lo, g->arc.hi};
    for (int k = 0; k < 2; k++) {
      if (!write_group(q, g, ends[k])) continue;
      c->st.tried[FER_CONC_RANGE]++;
      if (accept(q, c->cur, true)) return true;
    }
    return false;
  }
  for (uint64_t k = 0; k < (uint64_t)count; k++) {
    if ((k & 255) == 0 && timed_out(q)) return false;
    if (!write_group(q, g, fer_warc_at(g->arc, k))) continue;
    c->st.tried[FER_CONC_RANGE]++;
    if (accept(q, c->cur, true)) return true;
  }
  for (size_t i = 0; i < q->bbytes.size; i++) { /* every free byte in g? */
    bool in = false;
    for (uint32_t k = 0; k < g->n && !in; k++) in = g->pos[k] == q->bbytes.data[i];
    if (!in) return false;
  }
  q->proved_unsat = closed(q);
  return false;
}

/* Every value of the (at most 2) bytes b reads that no fact defines (the
 * defined ones as they must be); when none is a solution and the query is
 * closed over b's bytes, that proves it unsat.  More bytes: range_group. */
static bool stage_range(query *q) {
  fer_concolic *c = q->c;
  size_t n = q->bbytes.size;
  if (n == 0) { /* the facts define every byte b reads: one candidate */
    c->st.tried[FER_CONC_RANGE]++;
    if (accept(q, q->base, true)) return true;
    q->proved_unsat = closed(q);
    return false;
  }
  if (n > 2) return range_group(q);
  uint32_t space = 1u << (8 * n);
  for (uint32_t v = 0; v < space; v++) {
    if ((v & 255) == 0 && timed_out(q)) return false;
    memcpy(c->cur, q->base, c->size);
    for (size_t i = 0; i < n; i++) c->cur[q->bbytes.data[i]] = (uint8_t)(v >> (8 * i));
    c->st.tried[FER_CONC_RANGE]++;
    if (accept(q, c->cur, true)) return true;
  }
  q->proved_unsat = closed(q);
  return false;
}

/* Every value of one byte at a time (the others as in the seed). */
static bool stage_bytes(query *q) {
  fer_concolic *c = q->c;
  if (q->bbytes.size <= 2) return false; /* range covered it */
  for (size_t i = 0; i < q->bbytes.size && i < 64; i++) {
    if (timed_out(q)) return false;
    size_t at = q->bbytes.data[i];
    for (uint32_t v = 0; v < 256; v++) {
      if (v == q->base[at]) continue;
      memcpy(c->cur, q->base, c->size);
      c->cur[at] = (uint8_t)v;
      c->st.tried[FER_CONC_BYTES]++;
      if (accept(q, c->cur, true)) return true;
    }
  }
  return false;
}

/* The distance of buf from satisfying b: 0 when b holds; otherwise, over
 * b's comparison atoms (b itself or its top-level conjuncts), the gap
 * between the two sides of each false one (BV: the difference as an
 * unsigned number; FP: the distance of their order keys, NaN far) plus one
 * per false atom of another kind.  The objective of the gradient stage. */
static double distance(query *q, const uint8_t *buf) {
  fer_concolic *c = q->c;
  ferret *f = c->f;
  if (!load_model(c, buf, q->bdeps.data, q->bdeps.size)) return 1e300;
  fer_term one = q->b;
  uint32_t n = fer_term_op(f, one) == FER_OP_AND ? fer_term_nargs(f, one) : 1;
  double d = 0;
  for (uint32_t i = 0; i < n; i++) {
    fer_term t = n == 1 && fer_term_op(f, one) != FER_OP_AND ? one : fer_term_arg(f, one, i);
    bool unspec = false;
    if (fer_eval(f, t, &c->model, &unspec) == fer_true(f) && !unspec) continue;
    fer_op op = fer_term_op(f, t);
    if (!is_comparison(op) || fer_term_nargs(f, t) != 2) {
      d += 1;
      continue;
    }
    fer_term x = fer_eval(f, fer_term_arg(f, t, 0), &c->model, NULL);
    fer_term y = fer_eval(f, fer_term_arg(f, t, 1), &c->model, NULL);
    const fer_sort_info *si = x ? fer_sort_get(f, fer_term_sort(f, x)) : NULL;
    if (!x || !y || fer_term_op(f, x) != FER_OP_CONST || fer_term_op(f, y) != FER_OP_CONST ||
        !si || (si->kind != FER_SORT_BV && si->kind != FER_SORT_FP)) {
      d += 1;
      continue;
    }
    u128 a = fer_const_u128(f, x), b = fer_const_u128(f, y);
    if (si->kind == FER_SORT_FP) {
      fer_fmt m = {si->a, si->b};
      if (fer_fp_is_nan(m, a) || fer_fp_is_nan(m, b)) {
        d += 1e30;
        continue;
      }
      a = fer_fp_order_key(m, a), b = fer_fp_order_key(m, b);
    }
    u128 gap = a > b ? a - b : b - a;
    d += 1 + (double)gap;
  }
  return d;
}

/* Gradient descent (Fuzzy-SAT's, on variables): from the seed, rounds of
 * coordinate moves, each variable b reads moved by the power-of-two step
 * (either way; FP variables in steps of the value order) that lowers the
 * distance most, while a round improves it, at most 4096 candidates; a
 * candidate at distance 0 is judged on pi. */
static bool stage_gradient(query *q) {
  fer_concolic *c = q->c;
  if (!q->bdeps.size) return false;
  uint8_t *best = c->out; /* scratch until a solution is accepted */
  memcpy(best, q->base, c->size);
  double d = distance(q, best);
  uint32_t tries = 0;
  for (bool better = true; better && d > 0 && tries < 4096 && !timed_out(q);) {
    better = false;
    for (size_t i = 0; i < q->bdeps.size && d > 0; i++) {
      uint32_t vi = q->bdeps.data[i];
      const fer_conc_var *v = &c->vars.data[vi];
      const fer_sort_info *si = fer_sort_get(c->f, fer_term_sort(c->f, v->var));
      bool fp = si->kind == FER_SORT_FP;
      fer_fmt m = {si->a, si->b};
      /* every power-of-two step both ways (a plateau at a small step does
       * not stop a larger one); the best strict improvement is taken */
      uint32_t width = fp ? si->a + si->b : v->bits;
      u128 x = read_var(c, best, vi), pick = x;
      if (fp && fer_fp_is_nan(m, x)) continue;
      u128 k = fp ? fer_fp_order_key(m, x) : x;
      double bd = d;
      for (uint32_t e = 0; e < width && tries < 4096; e++) {
        for (int dir = -1; dir <= 1; dir += 2) {
          u128 step = (u128)1 << e;
          u128 nk = dir > 0 ? k + step : k - step;
          u128 y = fp ? fer_fp_from_order_key(m, nk) : nk;
          memcpy(c->cur, best, c->size);
          write_var(c, c->cur, vi, y);
          tries++, c->st.tried[FER_CONC_GRADIENT]++;
          double nd = distance(q, c->cur);
          if (nd < bd) bd = nd, pick = y;
        }
      }
      if (bd < d) {
        write_var(c, best, vi, pick);
        d = bd, better = true;
      }
    }
  }
  if (d > 0) return false;
  memcpy(c->cur, best, c->size);
  return accept(q, c->cur, true);
}

/* AFL's deterministic stage on the bytes b reads: walking flips of 1, 2
 * and 4 bits, then each byte plus and minus 1..35, then AFL's interesting
 * 16- and 32-bit values at every place they fit (both endiannesses). */
static bool stage_det(query *q) {
  fer_concolic *c = q->c;
  size_t n = q->bbytes.size;
  if (!n || n > 64) return false;
  for (uint32_t w = 1; w <= 4; w <<= 1) /* walking bit flips */
    for (size_t bit = 0; bit + w <= 8 * n; bit++) {
      memcpy(c->cur, q->base, c->size);
      for (uint32_t k = 0; k < w; k++) {
        size_t at = q->bbytes.data[(bit + k) / 8];
        c->cur[at] ^= (uint8_t)(1u << ((bit + k) % 8));
      }
      c->st.tried[FER_CONC_DET]++;
      if (accept(q, c->cur, true)) return true;
    }
  for (size_t i = 0; i < n && !timed_out(q); i++) /* arithmetic */
    for (int d = -35; d <= 35; d++) {
      if (!d) continue;
      memcpy(c->cur, q->base, c->size);
      c->cur[q->bbytes.data[i]] = (uint8_t)(c->cur[q->bbytes.data[i]] + d);
      c->st.tried[FER_CONC_DET]++;
      if (accept(q, c->cur, true)) return true;
    }
  static const uint32_t interesting[] = {0x8000,     0xffff,     0x7fff,     0x0100,
                                         0x80000000, 0xffffffff, 0x7fffffff, 0x10000};
  for (size_t j = 0; j < sizeof interesting / sizeof *interesting && !timed_out(q); j++) {
    uint32_t nb = interesting[j] > 0x1ffff ? 4 : 2;
    for (size_t i = 0; i < q->ball.size; i++) {
      size_t at = q->ball.data[i];
      if (at + nb > c->size || !all_read(q, at, nb)) continue;
      for (int big = 0; big < 2; big++)
        if (try_bytes(q, FER_CONC_DET, at, interesting[j], nb, big)) return true;
    }
  }
  return false;
}

/* Multi-goal (Fuzzy-SAT §III-D): from the candidate that made b true and
 * broke fewest path conjuncts, repair the broken ones greedily, without
 * backtracking: b's bytes stay frozen, and a byte of a broken conjunct
 * takes the first value (0..255) that lowers the number of broken
 * conjuncts of the whole path; at most 3 rounds.  The result is judged on
 * b and every conjunct. */
static bool stage_multigoal(query *q) {
  fer_concolic *c = q->c;
  if (!q->partial_fails || q->optimistic) return false;
  uint8_t *cur = q->partial;
  uint32_t fails = count_fails(c, cur, c->path.data, c->path.size);
  for (int round = 0; round < 3 && fails && !timed_out(q); round++) {
    for (size_t i = 0; i < c->path.size && fails && !timed_out(q); i++) {
      const fer_conc_conj *cj = &c->conjs.data[c->path.data[i]];
      if (holds(c, cur, cj->t, c->deps_pool.data + cj->deps, cj->ndeps)) continue;
      bool repaired = false;
      for (uint32_t k = 0; k < cj->ndeps && !repaired; k++) {
        const fer_conc_var *v = &c->vars.data[c->deps_pool.data[cj->deps + k]];
        for (uint32_t bi = 0; bi < v->nbytes && !repaired; bi++) {
          size_t at = v->offset + bi;
          if (q->bmask[at]) continue; /* b's bytes are frozen */
          uint8_t keep = cur[at];
          for (uint32_t x = 0; x < 256 && !repaired; x++) {
            if (x == keep) continue;
            cur[at] = (uint8_t)x;
            c->st.tried[FER_CONC_MULTIGOAL]++;
            uint32_t n = count_fails(c, cur, c->path.data, c->path.size);
            if (n < fails) fails = n, repaired = true;
          }
          if (!repaired) cur[at] = keep;
        }
      }
    }
  }
  if (fails) return false;
  memcpy(c->cur, cur, c->size);
  return accept(q, c->cur, false);
}

/* AFL-like havoc: stacks of 1-8 mutations of the bytes b reads (bit flip,
 * interesting byte, small add/sub, random byte, one of b's constants). */
static bool stage_havoc(query *q) {
  fer_concolic *c = q->c;
  size_t n = q->bbytes.size;
  if (!n) return false;
  static const uint8_t interesting[] = {0, 1, 0x7f, 0x80, 0xff, 0x10, 0x20, 0x40};
  for (uint32_t round = 0; round < 4096; round++) {
    if ((round & 63) == 0 && timed_out(q)) return false;
    memcpy(c->cur, q->base, c->size);
    uint32_t stack = 1u << fer_rng_below(&q->rng, 4);
    for (uint32_t s = 0; s < stack; s++) {
      size_t at = q->bbytes.data[fer_rng_below(&q->rng, n)];
      if (q->rgroups.size && fer_rng_one_in(&q->rng, 6)) {
        /* a value from a group's interval (the defined bytes kept) */
        const fer_conc_fact *g =
            &q->groups.data[q->rgroups.data[fer_rng_below(&q->rng, q->rgroups.size)]];
        uint64_t sp = (g->arc.hi - g->arc.lo) & (g->n >= 8 ? ~(uint64_t)0 : ((uint64_t)1 << (8 * g->n)) - 1);
        uint64_t v = fer_warc_at(g->arc, sp == ~(uint64_t)0 ? fer_rng_next(&q->rng)
                                                            : fer_rng_below(&q->rng, sp + 1));
        for (uint32_t k = 0; k < g->n; k++)
          if (!q->def[g->pos[k]]) c->cur[g->pos[k]] = (uint8_t)(v >> (8 * k));
        continue;
      }
      switch (fer_rng_below(&q->rng, 5)) {
      case 0: c->cur[at] ^= (uint8_t)(1u << fer_rng_below(&q->rng, 8)); break;
      case 1: c->cur[at] = interesting[fer_rng_below(&q->rng, sizeof interesting)]; break;
      case 2: c->cur[at] += (uint8_t)(1 + fer_rng_below(&q->rng, 35)); break;
      case 3: c->cur[at] -= (uint8_t)(1 + fer_rng_below(&q->rng, 35)); break;
      default:
        if (q->consts.size) { /* a constant's low byte */
          u128 x = q->consts.data[fer_rng_below(&q->rng, q->consts.size)];
          c->cur[at] = (uint8_t)(x >> (8 * fer_rng_below(&q->rng, 4)));
        } else {
          c->cur[at] = (uint8_t)fer_rng_next(&q->rng);
        }
      }
    }
    c->st.tried[FER_CONC_HAVOC]++;
    if (accept(q, c->cur, true)) return true;
  }
  return false;
}

/* ------------------------------------------------------ the engine stage */

typedef struct engine_ctx {
  query *q;
  const fer_prog *p;
  const uint32_t *slot_var; /* slot -> bound variable index */
} engine_ctx;

static fer_engine_verdict engine_take(void *user, const fer_engine_solution *s) {
  engine_ctx *e = user;
  query *q = e->q;
  fer_concolic *c = q->c;
  memcpy(c->cur, c->seed, c->size);
  for (uint32_t i = 0; i < e->p->nslots; i++)
    write_var(c, c->cur, e->slot_var[i], s->input[i]);
  /* overlapping bindings could disagree: judge the bytes themselves */
  c->st.tried[FER_CONC_ENGINE]++;
  if (accept(q, c->cur, false)) return FER_ENGINE_STOP;
  return s->index < 16 ? FER_ENGINE_GO_ON : FER_ENGINE_STOP;
}

/* The conjuncts connected to b through shared variables (transitively):
 * the engine changes every variable of its program. */
static bool connected(query *q, fer_term_stack *out) {
  fer_concolic *c = q->c;
  ferret *f = c->f;
  size_t nv = c->vars.size, np = c->path.size;
  uint8_t *in = fer_calloc(f, nv ? nv : 1), *used = fer_calloc(f, np ? np : 1);
  bool ok = in && used && FER_PUSH(f, *out, q->b);
  for (size_t i = 0; ok && i < q->bdeps.size; i++) in[q->bdeps.data[i]] = 1;
  /* a conjunct false on the seed must change too: it joins with its
   * variables */
  for (size_t i = 0; ok && !q->optimistic && i < np; i++) {
    const fer_conc_conj *cj = &c->conjs.data[c->path.data[i]];
    if (cj->seed_true) continue;
    used[i] = 1;
    ok = FER_PUSH(f, *out, cj->t);
    for (uint32_t k = 0; k < cj->ndeps; k++) in[c->deps_pool.data[cj->deps + k]] = 1;
  }
  for (bool grew = true; ok && grew && !q->optimistic;) {
    grew = false;
    for (size_t i = 0; ok && i < np; i++) {
      if (used[i]) continue;
      const fer_conc_conj *cj = &c->conjs.data[c->path.data[i]];
      const uint32_t *d = c->deps_pool.data + cj->deps;
      bool touch = false;
      for (uint32_t k = 0; k < cj->ndeps && !touch; k++) touch = in[d[k]];
      if (!touch) continue;
      used[i] = 1, grew = true;
      ok = FER_PUSH(f, *out, cj->t);
      for (uint32_t k = 0; k < cj->ndeps; k++) in[d[k]] = 1;
    }
  }
  if (in) fer_free(f, in, nv ? nv : 1);
  if (used) fer_free(f, used, np ? np : 1);
  return ok;
}

/* The analysis first: contradicting facts (an empty wrapped interval, a
 * byte defined to two values) prove the query unsat; so does the one
 * candidate left when the facts define every byte b reads and the related
 * conjuncts read no other (it is accepted or it proves unsat).  Then
 * interval propagation on b and the conjuncts connected to it: an empty
 * domain proves the query unsat (microseconds, where trying every value of
 * two bytes takes a millisecond). */
static bool stage_intervals(query *q) {
  ferret *f = q->c->f;
  if (q->conflict) {
    q->proved_unsat = true;
    return false;
  }
  if (!q->bbytes.size && closed(q)) {
    q->c->st.tried[FER_CONC_INTERVALS]++;
    if (accept(q, q->base, true)) return true;
    q->proved_unsat = true;
    return false;
  }
  fer_term_stack a = {0};
  fer_intervals iv;
  fer_intervals_init(&iv);
  if (connected(q, &a) && fer_intervals_run(f, a.data, a.size, &iv) == FERRET_OK &&
      iv.empty)
    q->proved_unsat = true;
  fer_intervals_release(f, &iv);
  FER_RELEASE(f, a);
  return false;
}

/* 1 sat (in c->out), 0 unknown, -1 unsat (proved on the connected part). */
static int stage_engine(query *q) {
  fer_concolic *c = q->c;
  ferret *f = c->f;
  fer_term_stack a = {0};
  fer_prog p;
  fer_prog_init(&p);
  fer_intervals iv;
  fer_intervals_init(&iv);
  uint32_t *slot_var = NULL;
  fer_u128 *near = NULL;
  int r = 0;
  if (!connected(q, &a)) goto done;
  if (fer_intervals_run(f, a.data, a.size, &iv) == FERRET_OK && iv.empty) {
    r = -1;
    goto done;
  }
  if (fer_compile(f, a.data, a.size, &p) != FERRET_OK) {
    c->reason = "unsupported";
    goto done;
  }
  uint32_t ns = p.nslots;
  slot_var = fer_malloc(f, (ns ? ns : 1) * sizeof *slot_var);
  near = fer_malloc(f, (ns ? ns : 1) * sizeof *near);
  if (!slot_var || !near) goto done;
  for (uint32_t s = 0; s < ns; s++) {
    uint32_t vi = fer_map_get(&c->var_index, p.slots.data[s].var);
    if (!vi) goto done; /* checked by deps_of: cannot happen */
    slot_var[s] = vi - 1;
    near[s] = read_var(c, c->seed, vi - 1);
  }
  engine_ctx e = {q, &p, slot_var};
  fer_engine_request req;
  memset(&req, 0, sizeof req);
  req.prog = &p, req.layout = fer_layout_of(&p);
  req.check.assertions = a.data, req.check.n = a.size;
  req.objective.kind = FER_OBJ_NEAR, req.objective.near = near;
  req.accept = engine_take, req.accept_user = &e;
  uint64_t used = tried_all(c) - q->tried0;
  req.budget.max_execs = c->max_execs ? (used < c->max_execs ? c->max_execs - used : 1) : 0;
  req.budget.deadline = q->deadline;
  req.budget.interrupt = &f->interrupt;
  fer_options opt = f->opt;
  opt.jobs = 1, opt.seed = (int64_t)c->rng_seed;
  req.opt = &opt;
  fer_engine_stats st;
  fer_engine_status s = fer_engine_run(f, &req, &st);
  if (q->found) r = 1;
  else if (s == FER_ENGINE_EXHAUSTED) r = -1;
  else c->reason = st.reason && *st.reason ? st.reason : "budget";
done:
  if (slot_var) fer_free(f, slot_var, (p.nslots ? p.nslots : 1) * sizeof *slot_var);
  if (near) fer_free(f, near, (p.nslots ? p.nslots : 1) * sizeof *near);
  fer_prog_release(f, &p);
  fer_intervals_release(f, &iv);
  FER_RELEASE(f, a);
  return r;
}

/* ------------------------------------------------------------ solve */

/* Meet fact fa into the query's interval of its group. */
static bool merge_fact(query *q, const fer_conc_fact *fa) {
  if (!fa->n) { /* no value of a term satisfies a comparison */
    q->conflict |= fa->arc.kind == FER_WARC_EMPTY;
    return true;
  }
  for (size_t i = 0; i < q->groups.size; i++) {
    fer_conc_fact *g = &q->groups.data[i];
    if (g->n == fa->n && !memcmp(g->pos, fa->pos, fa->n * sizeof *fa->pos)) {
      g->arc = fer_warc_meet(g->arc, fa->arc);
      return true;
    }
  }
  if (q->groups.size >= 64) return true; /* a fact dropped: less known, still sound */
  return FER_PUSH(q->c->f, q->groups, *fa);
}

/* Fuzzy-SAT's §III-C analysis of the query: the wrapped interval of each
 * input group from b's facts and the related conjuncts' (cached at
 * notify); the bytes single-value intervals define (left out of the bytes
 * the stages mutate, set in the base all candidates start from); the
 * groups a candidate is checked against; contradictions. */
static bool analyze(query *q) {
  fer_concolic *c = q->c;
  ferret *f = c->f;
  size_t size = c->size;
  fer_conc_fact_stack bf = {0};
  bool ok = fer_conc_facts(c, q->b, &bf);
  for (size_t i = 0; ok && i < bf.size; i++) ok = merge_fact(q, &bf.data[i]);
  FER_RELEASE(f, bf);
  for (size_t i = 0; ok && i < q->related.size; i++) {
    const fer_conc_conj *cj = &c->conjs.data[q->related.data[i]];
    for (uint32_t k = 0; ok && k < cj->nfacts; k++)
      ok = merge_fact(q, &c->facts_pool.data[cj->facts + k]);
  }
  q->def = ok ? fer_calloc(f, 2 * (size ? size : 1)) : NULL;
  if (!q->def) return false;
  q->analyzed = true;
  bool differs = false;
  for (size_t i = 0; i < q->groups.size; i++) { /* defined bytes */
    const fer_conc_fact *g = &q->groups.data[i];
    if (g->arc.kind == FER_WARC_EMPTY) q->conflict = true;
    if (g->arc.kind != FER_WARC_ARC || g->arc.lo != g->arc.hi) continue;
    for (uint32_t k = 0; k < g->n; k++) {
      uint32_t p = g->pos[k];
      uint8_t x = (uint8_t)(g->arc.lo >> (8 * k));
      if (q->def[p]) {
        q->conflict |= q->def[size + p] != x;
        continue;
      }
      q->def[p] = 1, q->def[size + p] = x;
      differs |= c->seed[p] != x;
      if (!FER_PUSH(f, q->defs, p)) return false;
    }
  }
  for (size_t i = 0; i < q->groups.size; i++) { /* groups to check */
    const fer_conc_fact *g = &q->groups.data[i];
    if (g->arc.kind != FER_WARC_ARC || g->arc.lo == g->arc.hi) continue;
    bool all_def = true, in_b = true;
    uint64_t v = 0;
    for (uint32_t k = 0; k < g->n; k++) {
      all_def &= q->def[g->pos[k]] != 0;
      in_b &= q->bmask[g->pos[k]] != 0;
      v |= (uint64_t)q->def[size + g->pos[k]] << (8 * k);
    }
    if (all_def) {
      q->conflict |= !fer_warc_has(g->arc, v);
      continue;
    }
    if (!FER_PUSH(f, q->checks, (uint32_t)i) ||
        (in_b && !FER_PUSH(f, q->rgroups, (uint32_t)i)))
      return false;
  }
  /* the ones b's bytes reach first (a candidate of the cheap stages
   * changes only those: consistent() checks no more) */
  for (size_t i = 0; i < q->defs.size; i++)
    if (q->bmask[q->defs.data[i]]) {
      uint32_t x = q->defs.data[i];
      q->defs.data[i] = q->defs.data[q->defs_b], q->defs.data[q->defs_b++] = x;
    }
  for (size_t i = 0; i < q->checks.size; i++) {
    const fer_conc_fact *g = &q->groups.data[q->checks.data[i]];
    bool touch = false;
    for (uint32_t k = 0; k < g->n && !touch; k++) touch = q->bmask[g->pos[k]] != 0;
    if (touch) {
      uint32_t x = q->checks.data[i];
      q->checks.data[i] = q->checks.data[q->checks_b], q->checks.data[q->checks_b++] = x;
    }
  }
  q->base = c->seed;
  if (differs) {
    q->base_own = fer_malloc(f, size);
    if (!q->base_own) return false;
    memcpy(q->base_own, c->seed, size);
    for (size_t i = 0; i < q->defs.size; i++)
      q->base_own[q->defs.data[i]] = q->def[size + q->defs.data[i]];
    q->base = q->base_own;
  }
  size_t n = 0; /* the bytes left to mutate */
  for (size_t i = 0; i < q->bbytes.size; i++)
    if (!q->def[q->bbytes.data[i]]) q->bbytes.data[n++] = q->bbytes.data[i];
  q->bbytes.size = n;
  return true;
}

static bool prepare(query *q) {
  fer_concolic *c = q->c;
  ferret *f = c->f;
  if (!deps_of(c, q->b)) return false;
  for (size_t i = 0; i < c->tmp_u32.size; i++)
    if (!FER_PUSH(f, q->bdeps, c->tmp_u32.data[i])) return false;
  q->bmask = fer_calloc(f, c->size ? c->size : 1);
  if (!q->bmask) return false;
  for (size_t i = 0; i < q->bdeps.size; i++) {
    const fer_conc_var *v = &c->vars.data[q->bdeps.data[i]];
    for (uint32_t k = 0; k < v->nbytes; k++) q->bmask[v->offset + k] = 1;
  }
  for (size_t at = 0; at < c->size; at++)
    if (q->bmask[at] && (!FER_PUSH(f, q->bbytes, (uint32_t)at) ||
                         !FER_PUSH(f, q->ball, (uint32_t)at)))
      return false;
  /* affected: variables overlapping b's bytes; related: path conjuncts
   * reading one of them */
  uint8_t *aff = fer_calloc(f, c->vars.size ? c->vars.size : 1);
  if (!aff) return false;
  bool ok = true;
  for (size_t vi = 0; vi < c->vars.size; vi++) {
    const fer_conc_var *v = &c->vars.data[vi];
    for (uint32_t k = 0; k < v->nbytes && !aff[vi]; k++)
      aff[vi] = q->bmask[v->offset + k];
    if (aff[vi]) ok = ok && FER_PUSH(f, q->aff, (uint32_t)vi);
  }
  for (size_t i = 0; ok && !q->optimistic && i < c->path.size; i++) {
    const fer_conc_conj *cj = &c->conjs.data[c->path.data[i]];
    const uint32_t *d = c->deps_pool.data + cj->deps;
    bool touch = false;
    for (uint32_t k = 0; k < cj->ndeps && !touch; k++) touch = aff[d[k]];
    if (touch) ok = FER_PUSH(f, q->related, c->path.data[i]);
  }
  fer_free(f, aff, c->vars.size ? c->vars.size : 1);
  q->base = c->seed;
  return ok && collect_consts(q);
}

static void query_release(query *q) {
  ferret *f = q->c->f;
  if (q->bmask) fer_free(f, q->bmask, q->c->size ? q->c->size : 1);
  if (q->partial) fer_free(f, q->partial, q->c->size ? q->c->size : 1);
  if (q->def) fer_free(f, q->def, 2 * (q->c->size ? q->c->size : 1));
  if (q->base_own) fer_free(f, q->base_own, q->c->size);
  FER_RELEASE(f, q->groups);
  FER_RELEASE(f, q->defs);
  FER_RELEASE(f, q->checks);
  FER_RELEASE(f, q->rgroups);
  FER_RELEASE(f, q->bdeps);
  FER_RELEASE(f, q->aff);
  FER_RELEASE(f, q->related);
  FER_RELEASE(f, q->bbytes);
  FER_RELEASE(f, q->ball);
  FER_RELEASE(f, q->consts);
  FER_RELEASE(f, q->cbits);
}

ferret_result fer_concolic_solve(fer_concolic *c, fer_term b, bool optimistic) {
  ferret *f = c->f;
  double t0 = fer_now();
  c->st.queries++;
  c->last_stage = -1;
  c->reason = "incomplete";
  query q;
  memset(&q, 0, sizeof q);
  q.c = c, q.b = b, q.optimistic = optimistic;
  q.deadline = c->timeout_ms ? t0 + (double)c->timeout_ms / 1000 : 0;
  fer_rng_seed(&q.rng, c->rng_seed + c->st.queries);
  q.tried0 = tried_all(c);
  q.partial = optimistic ? NULL : fer_malloc(f, c->size ? c->size : 1);
  ferret_result r = FERRET_UNKNOWN;
  if (fer_term_sort(f, b) != fer_sort_bool(f)) {
    fer_error(f, FERRET_ERROR_SORT, 0, 0, "concolic: b must be Bool");
    c->reason = "error";
    goto done;
  }
  if (!prepare(&q)) {
    c->reason = f->error.status == FERRET_ERROR_UNSUPPORTED ? "unsupported" : "memory";
    goto done;
  }
  /* the seed must satisfy the path constraint, or no stage can start
   * from it (the engine still may) */
  bool seed_ok = true;
  for (size_t i = 0; !optimistic && i < c->path.size; i++)
    seed_ok &= c->conjs.data[c->path.data[i]].seed_true;
  bool analyzed = false;
  typedef bool (*stage_fn)(query *);
  static const stage_fn cheap[] = {NULL,           stage_i2s,   stage_consts,
                                   stage_intervals, stage_range, stage_bytes,
                                   stage_gradient,  stage_det,   stage_havoc,
                                   stage_multigoal};
  for (int s = FER_CONC_SEED;
       seed_ok && s < FER_CONC_ENGINE && !q.found && !q.proved_unsat; s++) {
    if (!(c->stages >> s & 1) || timed_out(&q)) continue;
    if (s != FER_CONC_SEED && !analyzed) { /* not needed when b holds already */
      analyzed = true;
      if (!analyze(&q)) {
        c->reason = "memory";
        break;
      }
    }
    bool hit = s == FER_CONC_SEED
                   ? (c->st.tried[s]++, accept(&q, c->seed, true))
                   : cheap[s](&q);
    if (hit || q.proved_unsat) c->last_stage = s;
  }
  if (!seed_ok && !q.found && !timed_out(&q) && analyze(&q)) {
    /* the seed fails pi, so no stage starts from it; the analysis still
     * decides a contradiction, and the base (when the facts define bytes)
     * is one candidate, judged on every conjunct */
    if (q.conflict && (c->stages >> FER_CONC_INTERVALS & 1)) {
      q.proved_unsat = true;
      c->last_stage = FER_CONC_INTERVALS;
    } else if (q.base != c->seed && (c->stages >> FER_CONC_I2S & 1)) {
      c->st.tried[FER_CONC_I2S]++;
      if (accept(&q, q.base, false)) c->last_stage = FER_CONC_I2S;
    }
  }
  if (q.proved_unsat) {
    r = FERRET_UNSAT;
  } else if (!q.found && (c->stages >> FER_CONC_ENGINE & 1) && !timed_out(&q)) {
    int e = stage_engine(&q);
    if (e > 0) c->last_stage = FER_CONC_ENGINE;
    if (e < 0) {
      r = FERRET_UNSAT;
      c->last_stage = FER_CONC_ENGINE;
    }
  } else if (!q.found && timed_out(&q)) {
    c->reason = "timeout";
  }
  if (q.found) r = FERRET_SAT;
done:
  if (r == FERRET_SAT) c->st.sat++, c->st.by_stage[c->last_stage]++;
  else if (r == FERRET_UNSAT) c->st.unsat++;
  else c->st.unknown++;
  if (r != FERRET_UNKNOWN) c->reason = NULL;
  query_release(&q);
  c->st.time += fer_now() - t0;
  return r;
}

/* --------------------------------------------- min, max and all values */

/* The key of a value of t's sort in the order optimized: unsigned BV as
 * is, signed BV with the sign bit flipped, FP its order key (NaN apart). */
typedef struct order {
  fer_sort so;
  bool fp, is_signed;
  fer_fmt fmt;
  uint32_t bits;
  u128 kmin, kmax; /* keys of the extreme non-NaN values */
} order;

static u128 key_of(const order *o, u128 v) {
  if (o->fp) return fer_fp_order_key(o->fmt, v);
  return o->is_signed ? v ^ (u128)1 << (o->bits - 1) : v;
}

static u128 value_of(const order *o, u128 k) {
  if (o->fp) return fer_fp_from_order_key(o->fmt, k);
  return o->is_signed ? k ^ (u128)1 << (o->bits - 1) : k;
}

/* The value of t on the input buf (0 on failure). */
static fer_term value_on(fer_concolic *c, fer_term t, const uint8_t *buf) {
  if (!deps_of(c, t) || !load_model(c, buf, c->tmp_u32.data, c->tmp_u32.size))
    return 0;
  fer_term v = fer_eval(c->f, t, &c->model, NULL);
  return v && fer_term_op(c->f, v) == FER_OP_CONST ? v : 0;
}

/* Solve b within what is left of the call's time (c->timeout_ms is the
 * whole call's limit: each round gets the rest). */
static ferret_result round_solve(fer_concolic *c, fer_term b, double deadline) {
  uint64_t keep = c->timeout_ms;
  if (deadline > 0) {
    double left = deadline - fer_now();
    if (left <= 0) {
      c->reason = "timeout";
      return FERRET_UNKNOWN;
    }
    c->timeout_ms = (uint64_t)(left * 1000) + 1;
  }
  ferret_result r = fer_concolic_solve(c, b, false);
  c->timeout_ms = keep;
  return r;
}

/* A start satisfying pi (the seed if it does) in `best`; FERRET_SAT or
 * why not. */
static ferret_result start_input(fer_concolic *c, uint8_t *best,
                                 double deadline) {
  bool seed_ok = true;
  for (size_t i = 0; i < c->path.size; i++)
    seed_ok &= c->conjs.data[c->path.data[i]].seed_true;
  if (seed_ok) {
    memcpy(best, c->seed, c->size);
    return FERRET_SAT;
  }
  ferret_result r = round_solve(c, fer_true(c->f), deadline);
  if (r == FERRET_SAT) memcpy(best, c->out, c->size);
  return r;
}

ferret_result fer_concolic_optimize(fer_concolic *c, fer_term t, bool max,
                                    bool is_signed, bool *optimal) {
  ferret *f = c->f;
  *optimal = false;
  const fer_sort_info *si = fer_sort_get(f, fer_term_sort(f, t));
  order o = {fer_term_sort(f, t), si->kind == FER_SORT_FP, is_signed, {0, 0},
             0, 0, 0};
  if (si->kind == FER_SORT_FP) {
    o.fmt = (fer_fmt){si->a, si->b}, o.bits = si->a + si->b;
    o.kmin = fer_fp_order_key(o.fmt, fer_fp_inf(o.fmt, true));
    o.kmax = fer_fp_order_key(o.fmt, fer_fp_inf(o.fmt, false));
  } else if (si->kind == FER_SORT_BV) {
    o.bits = si->a;
    o.kmax = si->a >= 128 ? ~(u128)0 : ((u128)1 << si->a) - 1;
  }
  if (!o.bits || o.bits > 128) {
    fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0,
              "concolic: min/max of a BV or FP term of at most 128 bits");
    c->reason = "unsupported";
    return FERRET_UNKNOWN;
  }
  double deadline = c->timeout_ms ? fer_now() + (double)c->timeout_ms / 1000 : 0;
  uint8_t *best = fer_malloc(f, c->size ? c->size : 1);
  uint8_t *seed0 = fer_malloc(f, c->size ? c->size : 1);
  if (!best || !seed0) {
    if (best) fer_free(f, best, c->size ? c->size : 1);
    if (seed0) fer_free(f, seed0, c->size ? c->size : 1);
    c->reason = "memory";
    return FERRET_UNKNOWN;
  }
  memcpy(seed0, c->seed, c->size);
  ferret_result r = start_input(c, best, deadline);
  fer_term v = r == FERRET_SAT ? value_on(c, t, best) : 0;
  if (r == FERRET_SAT && v && o.fp && fer_fp_is_nan(o.fmt, fer_const_u128(f, v))) {
    /* a NaN is no value to improve on: first any non-NaN one */
    fer_term nn = fer_mk(f, FER_OP_NOT, 1,
                         (fer_term[]){fer_mk(f, FER_OP_FP_IS_NAN, 1, &t, 0, 0)}, 0, 0);
    fer_concolic_set_seed(c, best, c->size);
    r = nn ? round_solve(c, nn, deadline) : FERRET_UNKNOWN;
    if (r == FERRET_SAT) memcpy(best, c->out, c->size);
    v = r == FERRET_SAT ? value_on(c, t, best) : 0;
  }
  if (r != FERRET_SAT || !v) goto done;
  int stage = c->last_stage >= 0 ? c->last_stage : FER_CONC_SEED;
  bool proven = true;
  u128 k = key_of(&o, fer_const_u128(f, v));
  u128 lo = max ? k : o.kmin, hi = max ? o.kmax : k;
  while (lo < hi) {
    u128 mid = max ? lo + (hi - lo) / 2 + 1 : lo + (hi - lo) / 2;
    fer_term bound = fer_value_term(f, o.so, value_of(&o, mid));
    fer_op op = o.fp ? (max ? FER_OP_FP_GEQ : FER_OP_FP_LEQ)
                : is_signed ? (max ? FER_OP_BVSGE : FER_OP_BVSLE)
                            : (max ? FER_OP_BVUGE : FER_OP_BVULE);
    fer_term b = bound ? fer_mk(f, op, 2, (fer_term[]){t, bound}, 0, 0) : 0;
    if (!b) break;
    fer_concolic_set_seed(c, best, c->size); /* search near the best */
    ferret_result rr = round_solve(c, b, deadline);
    fer_term nv = rr == FERRET_SAT ? value_on(c, t, c->out) : 0;
    if (nv) {
      memcpy(best, c->out, c->size);
      stage = c->last_stage;
      u128 nk = key_of(&o, fer_const_u128(f, nv));
      if (max) lo = nk > mid ? nk : mid;
      else hi = nk < mid ? nk : mid;
      continue;
    }
    if (rr != FERRET_UNSAT) proven = false;
    if (c->reason && !strcmp(c->reason, "timeout")) break;
    if (max) hi = mid - 1;
    else lo = mid + 1;
  }
  *optimal = proven && lo == hi;
  c->last_stage = stage;
done:
  fer_concolic_set_seed(c, seed0, c->size);
  if (r == FERRET_SAT) {
    memcpy(c->out, best, c->size);
    c->reason = NULL;
  }
  fer_free(f, best, c->size ? c->size : 1);
  fer_free(f, seed0, c->size ? c->size : 1);
  return r;
}

ferret_result fer_concolic_solve_all(fer_concolic *c, fer_term t,
                                     uint64_t limit, fer_conc_each_fn each,
                                     void *user, bool *complete) {
  ferret *f = c->f;
  *complete = false;
  double deadline = c->timeout_ms ? fer_now() + (double)c->timeout_ms / 1000 : 0;
  fer_term_stack differ = {0};
  fer_term b = fer_true(f);
  ferret_result r = FERRET_UNKNOWN, first = FERRET_UNKNOWN;
  for (uint64_t n = 0; !limit || n < limit; n++) {
    r = round_solve(c, b, deadline);
    if (r == FERRET_UNSAT && n) *complete = true;
    if (r != FERRET_SAT) break;
    first = FERRET_SAT;
    fer_term v = value_on(c, t, c->out);
    if (!v) {
      r = FERRET_UNKNOWN;
      break;
    }
    int stop = each(user, v, c->out);
    fer_term ne = fer_mk(f, FER_OP_DISTINCT, 2, (fer_term[]){t, v}, 0, 0);
    if (stop || !ne || !FER_PUSH(f, differ, ne)) break;
    b = differ.size == 1 ? ne : fer_mk(f, FER_OP_AND, (uint32_t)differ.size, differ.data, 0, 0);
    if (!b) break;
  }
  FER_RELEASE(f, differ);
  return first == FERRET_SAT ? FERRET_SAT : r;
}
