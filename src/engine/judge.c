/* The judge: what happens to a candidate the program accepted, for the
 * engine and for every backend alike (contract in judge.h and engine.h).
 *
 *   canonical input -> seen in this run? skip -> model (base, slots,
 *   defaults, eliminated variables) -> fer_model_validate on the request's
 *   formula -> objective filter -> the acceptance callback.
 *
 * Runs on the thread of the run, with the workers stopped: it may touch
 * the term store and the allocator. */
#include <string.h>

#include "base/map.h"
#include "bv/bv.h"
#include "smt/array.h"
#include "smt/eval.h"
#include "engine/judge.h"
#include "engine/pre.h"

/* ------------------------------------------------------ inputs seen */

/* The inputs judged so far are kept packed, the slots' canonical values
 * one after the other in a string of bits (a Float32 slot in 32 bits, not
 * 128): a sampling run judges up to FER_SAMPLING_SEEN of them, a candidate
 * every few executions, and writing rows to fresh pages, comparing them
 * and reading them again to grow the table were most of its cost.  A
 * table entry holds the high 32 bits of the input's hash beside its index,
 * and the entry's place derives from those bits alone: a probe compares
 * two inputs only when these bits agree, and growing re-places the
 * entries without reading an input.  Equal rows are equal inputs (each
 * value is masked to its slot's width), so the answers are those of any
 * exact set. */

/* Input in, canonical, into out: two inputs that make the same model are
 * one input. */
static void canonical(const fer_judge *j, const fer_u128 *in, fer_u128 *out) {
  const fer_prog *p = j->r->prog;
  for (uint32_t s = 0; s < p->nslots; s++) {
    const fer_slot *sl = &p->slots.data[s];
    fer_u128 v = in[s] & fer_bv_mask(sl->bits);
    out[s] = sl->kind == FER_SLOT_RM && v > FER_RTZ ? FER_RNE : v;
  }
}

/* Pack canonical input `in` into row `out` (j->row words). */
static void pack(const fer_judge *j, const fer_u128 *in, uint64_t *out) {
  const fer_prog *p = j->r->prog;
  uint64_t acc = 0;
  uint32_t used = 0, n = 0; /* bits of acc taken, words written */
  for (uint32_t s = 0; s < p->nslots; s++) {
    fer_u128 v = in[s];
    uint32_t b = p->slots.data[s].bits;
    for (;;) {
      acc |= (uint64_t)v << used;
      uint32_t room = 64 - used;
      if (b < room) {
        used += b;
        break;
      }
      out[n++] = acc;
      v >>= room, b -= room;
      acc = 0, used = 0;
    }
  }
  if (used || !n) out[n] = acc; /* !n: no slot, one placeholder word */
}

/* The row's hash (only the table's places depend on it). */
static uint64_t hash_row(const uint64_t *w, uint32_t n) {
  uint64_t h = 0x9e3779b97f4a7c15ull ^ n;
  for (uint32_t i = 0; i < n; i++) {
    h = (h ^ w[i]) * 0xbf58476d1ce4e5b9ull;
    h ^= h >> 31;
  }
  h *= 0x94d049bb133111ebull;
  return h ^ (h >> 29);
}

/* The table's hash of a row: the high bits of its 64-bit hash. */
static uint32_t table_hash(uint64_t h) { return (uint32_t)(h >> 32); }

/* The table slot of row `row` with hash h: its entry, or the empty one to
 * fill. */
static fer_index_slot *probe(const fer_judge *j, const uint64_t *row, uint64_t h) {
  uint32_t th = table_hash(h);
  fer_index_slot *s = fer_index_first(&j->table, th);
  for (; s->id; s = fer_index_next(&j->table, s))
    if (s->hash == th &&
        !memcmp(j->seen.data + (size_t)(s->id - 1) * j->row, row, j->row * sizeof *row))
      break;
  return s;
}

/* 1 if `in` is new (now remembered), 0 if seen, -1 on allocation failure;
 * ahead: its row and hash are fer_judge_prefetch's.  A sampling request's
 * judge forgets everything after FER_SAMPLING_SEEN inputs (engine.h), so
 * its memory stays bounded. */
static int remember(fer_judge *j, const fer_u128 *in, bool ahead) {
  size_t count = j->seen.size / j->row;
  if (j->r->sampling && count >= FER_SAMPLING_SEEN) {
    FER_CLEAR(j->seen);
    fer_index_clear(&j->table);
    count = 0;
  }
  if (!fer_index_reserve(j->f, &j->table, (uint32_t)count + 1)) return -1;
  if (!FER_RESERVE(j->f, j->seen, j->row)) return -1;
  uint64_t *row = j->seen.data + j->seen.size; /* packed in place */
  uint64_t h;
  if (ahead) {
    memcpy(row, j->ahead, j->row * sizeof *row);
    h = j->ahead_hash;
  } else {
    pack(j, in, row);
    h = hash_row(row, j->row);
  }
  fer_index_slot *s = probe(j, row, h);
  if (s->id) return 0;
  j->seen.size += j->row;
  fer_index_fill(&j->table, s, table_hash(h), (uint32_t)count + 1);
  return 1;
}

/* --------------------------------------------------------- objective */

/* The value of a constant as an unsigned key, increasing with the order of
 * fer_objective; 0 with *nan set for an FP NaN. */
static fer_u128 key_of(const fer_judge *j, fer_term c, bool *nan) {
  ferret *f = j->f;
  *nan = false;
  if (j->term_kind == FER_SORT_BOOL) return c == fer_true(f);
  fer_u128 v = fer_const_u128(f, c);
  if (j->term_kind == FER_SORT_BV) return v;
  fer_fmt m = {j->eb, j->sb};
  if (fer_fp_is_nan(m, v)) return *nan = true, 0;
  return (fer_u128)fer_fp_key(j->eb, j->sb, v, false) ^ ((fer_u128)1 << 127);
}

/* ----------------------------------------------------- checks by plan */

/* A sampling run checks its many candidates by a plan of the reference
 * evaluator (smt/eval.h) over the values of vars, the slots' variables
 * added: what make_model and fer_eval_holds_memo would do, with no term
 * made.  Without a plan (the formula has what a plan does not take) the
 * judge goes the usual way. */
static fer_why plan_init(fer_judge *j) {
  ferret *f = j->f;
  const fer_engine_request *r = j->r;
  const fer_prog *p = r->prog;
  uint32_t ns = p->nslots;
  j->slot_var = FER_ALLOC_ARRAY(f, uint32_t, ns);
  if (!j->slot_var) return FER_WHY_MEMORY;
  fer_map at; /* variable -> its first index in vars + 1 */
  fer_map_init(&at);
  bool ok = true;
  for (size_t k = 0; ok && k < j->vars.size; k++)
    if (!fer_map_get(&at, j->vars.data[k]))
      ok = fer_map_put(f, &at, j->vars.data[k], (uint32_t)k + 1);
  for (uint32_t s = 0; ok && s < ns; s++) {
    fer_term v = p->slots.data[s].var;
    uint32_t k = fer_map_get(&at, v);
    if (!k) ok = FER_PUSH(f, j->vars, v) && fer_map_put(f, &at, v, k = (uint32_t)j->vars.size);
    j->slot_var[s] = k - 1;
  }
  fer_map_release(f, &at);
  if (!ok) return FER_WHY_MEMORY;
  size_t nv = j->vars.size ? j->vars.size : 1;
  j->vals = fer_calloc(f, nv * sizeof *j->vals);
  j->vals_base = fer_calloc(f, nv * sizeof *j->vals_base);
  if (!j->vals || !j->vals_base) return FER_WHY_MEMORY;
  const fer_model *b = r->check.base; /* else the defaults: bits 0 */
  for (size_t k = 0; b && k < j->vars.size; k++) {
    uint32_t i = fer_term_idx(f, j->vars.data[k], 0);
    if (i < b->size && b->value[i]) j->vals_base[k] = fer_value_bits(f, b->value[i]);
  }
  fer_error_clear(f);
  j->plan = fer_eval_plan_new(f, j->vars.data, j->vars.size, r->check.elim_var,
                              r->check.elim_def, r->check.nelim, r->check.assertions,
                              r->check.n);
  fer_error_clear(f);
  return FER_WHY_NONE;
}

/* Check candidate in (canonical) by the plan: 1, 0 or -1 as
 * fer_eval_holds_memo. */
static int plan_check(fer_judge *j, const fer_u128 *in) {
  size_t nv = j->vars.size;
  memcpy(j->vals, j->vals_base, nv * sizeof *j->vals);
  for (uint32_t s = 0; s < j->r->prog->nslots; s++) j->vals[j->slot_var[s]] = in[s];
  return fer_eval_plan_holds(j->f, j->plan, j->vals);
}

/* ----------------------------------------------------------- the judge */

static fer_why judge_init(ferret *f, fer_judge *j, const fer_engine_request *r,
                          fer_engine_stats *st) {
  memset(j, 0, sizeof *j);
  j->f = f, j->r = r, j->st = st;
  fer_model_init(&j->model);
  fer_objective_kind k = r->objective.kind;
  if (k == FER_OBJ_MINIMIZE || k == FER_OBJ_MAXIMIZE) {
    const fer_sort_info *si =
        fer_sort_get(f, fer_term_sort(f, r->objective.term));
    j->term_kind = (int)si->kind;
    if (si->kind == FER_SORT_FP) j->eb = si->a, j->sb = si->b;
    if (si->kind != FER_SORT_BOOL && si->kind != FER_SORT_BV &&
        si->kind != FER_SORT_FP)
      return FER_WHY_UNSUPPORTED; /* the objective's sort */
  }
  uint32_t ns = r->prog->nslots;
  uint64_t bits = 0;
  for (uint32_t s = 0; s < ns; s++) bits += r->prog->slots.data[s].bits;
  j->row = bits ? (uint32_t)((bits + 63) / 64) : 1;
  j->canon = FER_NEW_ARRAY(f, fer_u128, ns);
  j->canon_ahead = FER_NEW_ARRAY(f, fer_u128, ns);
  j->ahead = FER_ALLOC_ARRAY(f, uint64_t, j->row);
  /* the variables a model gives values: the formula's, those the
   * eliminated variables' definitions read, the eliminated ones */
  if (!j->canon || !j->canon_ahead || !j->ahead ||
      !fer_collect_vars(f, r->check.assertions, r->check.n, &j->vars) ||
      !fer_collect_vars(f, r->check.elim_def, r->check.nelim, &j->vars))
    return FER_WHY_MEMORY;
  for (size_t i = 0; i < r->check.nelim; i++)
    if (!FER_PUSH(f, j->vars, r->check.elim_var[i])) return FER_WHY_MEMORY;
  return r->sampling && k == FER_OBJ_SATISFY ? plan_init(j) : FER_WHY_NONE;
}

const char *fer_judge_init(ferret *f, fer_judge *j, const fer_engine_request *r,
                           fer_engine_stats *st) {
  fer_why why = judge_init(f, j, r, st);
  if (!why) return NULL;
  st->why = why;
  st->reason = why == FER_WHY_UNSUPPORTED ? "unsupported: objective sort" : fer_why_text[why];
  return st->reason;
}

void fer_judge_release(fer_judge *j) {
  ferret *f = j->f;
  if (!f) return;
  uint32_t ns = j->r->prog->nslots;
  FER_FREE_ARRAY(f, j->canon, ns);
  FER_FREE_ARRAY(f, j->canon_ahead, ns);
  FER_FREE_ARRAY(f, j->ahead, j->row);
  fer_index_release(f, &j->table);
  FER_RELEASE(f, j->seen);
  fer_model_release(f, &j->model);
  fer_eval_memo_release(f, &j->memo);
  fer_eval_plan_free(f, j->plan);
  size_t nv = j->vars.size ? j->vars.size : 1;
  fer_free(f, j->vals, nv * sizeof *j->vals);
  fer_free(f, j->vals_base, nv * sizeof *j->vals_base);
  FER_FREE_ARRAY(f, j->slot_var, ns);
  FER_RELEASE(f, j->vars);
  memset(j, 0, sizeof *j);
}

/* The model of input `in` (see fer_engine_formula).  NONE or a reason.
 * Called per solution candidate: the base values of the formula's
 * variables are copied once per run, then each candidate writes the same
 * entries (its slots, the defaults of the formula's other variables, the
 * eliminated variables), so the model is what a fresh one would be on the
 * formula's variables, at a cost in the size of the query; every other
 * entry stays 0. */
static fer_why make_model(fer_judge *j, const fer_u128 *in) {
  ferret *f = j->f;
  const fer_engine_formula *c = &j->r->check;
  fer_model *m = &j->model;
  if (!j->model_ready) { /* entries start 0 (fer_model_reserve) */
    if (!fer_model_reserve(f, m)) return FER_WHY_MEMORY;
    const fer_model *b = c->base;
    for (size_t k = 0; b && k < j->vars.size; k++) {
      uint32_t i = fer_term_idx(f, j->vars.data[k], 0);
      m->value[i] = i < b->size ? b->value[i] : 0;
    }
    j->model_ready = true;
  }
  const fer_prog *p = j->r->prog;
  for (uint32_t s = 0; s < p->nslots; s++) {
    fer_term v = p->slots.data[s].var;
    fer_term k = fer_value_term(f, fer_term_sort(f, v), in[s]);
    if (!k) return FER_WHY_MEMORY;
    m->value[fer_term_idx(f, v, 0)] = k;
  }
  return fer_model_complete(f, m, j->vars.data, j->vars.size, c->elim_var,
                            c->elim_def, c->nelim);
}

bool fer_judge_refutes(fer_judge *j, const fer_u128 *in) {
  ferret *f = j->f;
  const fer_prog *p = j->r->prog;
  canonical(j, in, j->canon);
  if (make_model(j, j->canon)) return false;
  for (size_t c = 0; c < p->cons.size; c++) {
    bool unspec = false;
    fer_term v = fer_eval(f, p->cons.data[c].term, &j->model, &unspec);
    if (v == fer_false(f) && !unspec) return true;
  }
  return false;
}

static fer_judge_verdict fail(fer_judge *j, fer_why why) {
  j->st->why = why;
  j->st->reason = fer_why_text[why];
  return FER_JUDGE_FAIL;
}

/* The offer of `in` takes what this found: its canonical form, packed
 * row and hash. */
void fer_judge_prefetch(fer_judge *j, const fer_u128 *in) {
  canonical(j, in, j->canon_ahead);
  pack(j, j->canon_ahead, j->ahead);
  j->ahead_hash = hash_row(j->ahead, j->row);
  j->ahead_in = in;
  if (j->table.cap) __builtin_prefetch(fer_index_first(&j->table, table_hash(j->ahead_hash)));
}

static fer_judge_verdict offer(fer_judge *j, const fer_u128 *in,
                               const char *found_by, uint64_t execs);

/* For the sample job (whose callback keeps no term of the model), the
 * constants a candidate's model and its checks make are dropped after it
 * (fer_store_rollback), so hours of sampling do not grow the term store:
 * the slots' entries of the model are cleared with them.  The first
 * candidate, which fills the model's base entries, keeps its terms. */
fer_judge_verdict fer_judge_offer(fer_judge *j, const fer_u128 *in,
                                  const char *found_by, uint64_t execs) {
  ferret *f = j->f;
  bool scratch = j->r->sampling && (j->model_ready || j->plan);
  fer_store_mark m = fer_store_mark_now(f);
  fer_judge_verdict v = offer(j, in, found_by, execs);
  if (scratch && fer_term_count(f) + 1 > m.nodes) {
    for (size_t k = 0; k < j->vars.size; k++) {
      uint32_t i = fer_term_idx(f, j->vars.data[k], 0);
      if (i < j->model.size && j->model.value[i] >= m.nodes) j->model.value[i] = 0;
    }
    fer_store_rollback(f, &m);
  }
  return v;
}

static fer_judge_verdict offer(fer_judge *j, const fer_u128 *in,
                               const char *found_by, uint64_t execs) {
  ferret *f = j->f;
  const fer_engine_request *r = j->r;
  fer_engine_stats *st = j->st;
  st->candidates++;
  bool ahead = in == j->ahead_in; /* fer_judge_prefetch did the first steps */
  if (ahead) {
    fer_u128 *c = j->canon;
    j->ahead_in = NULL;
    j->canon = j->canon_ahead, j->canon_ahead = c;
  } else {
    canonical(j, in, j->canon);
  }
  int fresh = remember(j, j->canon, ahead);
  if (fresh < 0) return fail(j, FER_WHY_MEMORY);
  if (!fresh) {
    st->duplicates++;
    return FER_JUDGE_SKIP;
  }
  double t = fer_now();
  fer_error_clear(f);
  fer_why why = FER_WHY_NONE;
  int v;
  if (j->plan) {
    v = plan_check(j, j->canon);
    if (v > 0 && r->sampling->model) why = make_model(j, j->canon);
  } else { /* fer_model_validate, the evaluator's memory kept */
    why = make_model(j, j->canon);
    v = why ? 0
            : fer_eval_holds_memo(f, &j->memo, r->check.assertions, r->check.n,
                                  &j->model);
  }
  double now = fer_now();
  st->time_validate += now - t;
  if (why) return fail(j, why);
  /* UNSUPPORTED: the evaluator cannot judge (eb > 30) */
  why = fer_model_verdict(f, v);
  if (why == FER_WHY_REJECTED)
    fer_diag(f, "ferret: internal error: the search engine's candidate is "
                "rejected by the evaluator (please report)\n");
  if (why == FER_WHY_UNSPECIFIED) {
    if (++st->unspecified >= FER_ENGINE_MAX_UNSPEC) return fail(j, why);
    return FER_JUDGE_SKIP;
  }
  if (why) return fail(j, why);
  fer_engine_solution sol = {j->canon, &j->model, 0, found_by, execs,
                             st->solutions, j->vars.data, j->vars.size, NULL,
                             j->more, now};
  if (j->plan) {
    sol.bits = j->vals;
    if (!r->sampling->model) sol.model = NULL;
  }
  fer_objective_kind k = r->objective.kind;
  if (k == FER_OBJ_MINIMIZE || k == FER_OBJ_MAXIMIZE) {
    bool unspec = false, nan;
    sol.value = fer_eval(f, r->objective.term, &j->model, &unspec);
    if (!sol.value) return fail(j, fer_why_of_status(f->error.status));
    fer_u128 key = key_of(j, sol.value, &nan);
    bool better = !nan && !unspec &&
                  (!j->have_best ||
                   (k == FER_OBJ_MINIMIZE ? key < j->best : key > j->best));
    if (!better) {
      st->not_better++;
      return FER_JUDGE_SKIP;
    }
    j->have_best = true, j->best = key;
  }
  st->solutions++;
  st->found_by = found_by;
  return r->accept(r->accept_user, &sol) == FER_ENGINE_STOP ? FER_JUDGE_STOP
                                                            : FER_JUDGE_GO_ON;
}
