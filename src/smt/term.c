/* Hash-consed term store and sort checker. */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "base/context.h"
#include "smt/term.h"
#include "base/nat.h"

const fer_op_info fer_op_table[FER_OP_COUNT] = {
#define FER_OP_ROW(ID, NAME, NIDX, KIND) {NAME, NIDX, FER_KIND_##KIND},
    FER_OPS(FER_OP_ROW)
#undef FER_OP_ROW
};

const char *const fer_rm_names[5] = {"RNE", "RNA", "RTP", "RTN", "RTZ"};
const char *const fer_rm_long_names[5] = {
    "roundNearestTiesToEven", "roundNearestTiesToAway", "roundTowardPositive",
    "roundTowardNegative", "roundTowardZero"};

#define S(f) ((f)->store)

/* ------------------------------------------------------------------ sorts */

static fer_sort sort_find(ferret *f, uint32_t kind, uint32_t a, uint32_t b) {
  fer_store *s = S(f);
  for (size_t i = 1; i < s->sorts.size; i++) {
    fer_sort_info *si = &s->sorts.data[i];
    if (si->kind == kind && si->a == a && si->b == b) return (fer_sort)i;
  }
  fer_sort_info si = {kind, a, b};
  if (!FER_PUSH(f, s->sorts, si)) return 0;
  return (fer_sort)(s->sorts.size - 1);
}

fer_sort fer_sort_bool(ferret *f) { return S(f)->bool_sort; }
fer_sort fer_sort_rm(ferret *f) { return S(f)->rm_sort; }
fer_sort fer_sort_real(ferret *f) { return S(f)->real_sort; }

fer_sort fer_sort_bv(ferret *f, uint32_t width) {
  return width ? sort_find(f, FER_SORT_BV, width, 0) : 0;
}

fer_sort fer_sort_fp(ferret *f, uint32_t eb, uint32_t sb) {
  return eb >= 2 && sb >= 2 ? sort_find(f, FER_SORT_FP, eb, sb) : 0;
}

fer_sort fer_sort_array(ferret *f, fer_sort index, fer_sort element) {
  if (!index || !element) return 0;
  S(f)->has_theory = true;
  return sort_find(f, FER_SORT_ARRAY, index, element);
}

/* Copy a name into the name pool: its offset, 0 on allocation failure
 * (offset 0 is the empty name at the pool's start, never returned). */
static uint32_t add_name(ferret *f, const char *name) {
  fer_store *s = S(f);
  size_t len = strlen(name) + 1;
  if (!FER_RESERVE(f, s->names, len)) return 0;
  uint32_t off = (uint32_t)s->names.size;
  memcpy(s->names.data + off, name, len);
  s->names.size += len;
  return off;
}

fer_sort fer_sort_unint(ferret *f, const char *name) {
  uint32_t off = add_name(f, name);
  if (!off) return 0;
  S(f)->has_theory = true;
  return sort_find(f, FER_SORT_UNINT, off, 0);
}

const char *fer_sort_name(const ferret *f, fer_sort s) {
  return f->store->names.data + fer_sort_get(f, s)->a;
}

bool fer_sort_is_theory(const ferret *f, fer_sort s) {
  uint32_t k = fer_sort_get(f, s)->kind;
  return k == FER_SORT_ARRAY || k == FER_SORT_UNINT;
}

const fer_sort_info *fer_sort_get(const ferret *f, fer_sort s) {
  return &f->store->sorts.data[s];
}

bool fer_sort_is_bv(const ferret *f, fer_sort s) {
  return s && fer_sort_get(f, s)->kind == FER_SORT_BV;
}

bool fer_sort_is_fp(const ferret *f, fer_sort s) {
  return s && fer_sort_get(f, s)->kind == FER_SORT_FP;
}

uint32_t fer_sort_bits(const ferret *f, fer_sort s) {
  const fer_sort_info *si = fer_sort_get(f, s);
  switch (si->kind) {
  case FER_SORT_BV: return si->a;
  case FER_SORT_FP: return si->a + si->b;
  case FER_SORT_RM: return 3;
  case FER_SORT_UNINT: return 32;
  case FER_SORT_ARRAY: return 0;
  default: return 1;
  }
}

int fer_sort_print(const ferret *f, fer_sort s, char *buf, size_t size) {
  const fer_sort_info *si = fer_sort_get(f, s);
  switch (si->kind) {
  case FER_SORT_BOOL: return snprintf(buf, size, "Bool");
  case FER_SORT_RM: return snprintf(buf, size, "RoundingMode");
  case FER_SORT_REAL: return snprintf(buf, size, "Real");
  case FER_SORT_BV: return snprintf(buf, size, "(_ BitVec %u)", si->a);
  case FER_SORT_FP:
    return snprintf(buf, size, "(_ FloatingPoint %u %u)", si->a, si->b);
  case FER_SORT_UNINT: return snprintf(buf, size, "%s", fer_sort_name(f, s));
  case FER_SORT_ARRAY: {
    int n = snprintf(buf, size, "(Array ");
    size_t at = n > 0 && (size_t)n < size ? (size_t)n : size;
    n = fer_sort_print(f, si->a, buf + at, size - at);
    at += n > 0 && (size_t)n < size - at ? (size_t)n : size - at;
    if (at < size) buf[at++] = ' ';
    n = at < size ? fer_sort_print(f, si->b, buf + at, size - at) : 0;
    at += n > 0 && (size_t)n < size - at ? (size_t)n : size - at;
    n = at < size ? snprintf(buf + at, size - at, ")") : 0;
    at += n > 0 ? (size_t)n : 0;
    return (int)(at < size ? at : size - 1);
  }
  }
  return snprintf(buf, size, "?");
}

/* ------------------------------------------------------------ hash table */

static uint32_t mix(uint32_t h, uint32_t x) {
  h ^= x + 0x9e3779b9u + (h << 6) + (h >> 2);
  return h;
}

static uint32_t node_hash(const fer_node *n, const fer_term *args) {
  uint32_t h = mix(n->op, n->sort);
  h = mix(h, n->idx[0]);
  h = mix(h, n->idx[1]);
  h = mix(h, n->nargs);
  for (uint32_t i = 0; i < n->nargs; i++) h = mix(h, args[i]);
  return h * 0x85ebca6bu;
}

/* Find or add the node `n` with arguments `args` (and, for CONST, the
 * value already at the end of the limb pool, which is dropped again if
 * the constant exists).  `value_len` limbs for CONST, 0 otherwise.  A REAL
 * is found the same way by its value at the end of the reals pool. */
static fer_term intern(ferret *f, fer_node n, const fer_term *args,
                       uint32_t value_len) {
  fer_store *s = S(f);
  if (!fer_index_reserve(f, &s->table, (uint32_t)s->nodes.size)) return 0;
  fer_node key = n;
  if (value_len || n.op == FER_OP_REAL)
    key.idx[0] = 0; /* the offset is not part of the value */
  uint32_t h = node_hash(&key, args);
  const uint32_t *real = NULL;
  uint32_t real_len = 0;
  if (n.op == FER_OP_REAL) {
    real = s->reals.data + n.idx[0];
    real_len = 3 + real[1] + real[2];
    for (uint32_t i = 0; i < real_len; i++) h = mix(h, real[i]);
    h = (h ^ (h >> 16)) * 0x85ebca6bu;
    h ^= h >> 13;
  }
  const uint64_t *val = NULL;
  if (value_len) {
    val = s->limbs.data + n.idx[0];
    for (uint32_t i = 0; i < value_len; i++)
      h = mix(h, (uint32_t)val[i]) ^ (uint32_t)(val[i] >> 32);
    /* Avalanche: consecutive values would otherwise get consecutive hashes
     * and form one long probe run (quadratic interning). */
    h = (h ^ (h >> 16)) * 0x85ebca6bu;
    h ^= h >> 13;
  }
  n.hash = h;
  fer_index_slot *slot = fer_index_first(&s->table, h);
  for (; slot->id; slot = fer_index_next(&s->table, slot)) {
    if (slot->hash != h) continue;
    fer_term id = slot->id;
    const fer_node *m = &s->nodes.data[id];
    if (m->op != n.op || m->sort != n.sort || m->nargs != n.nargs) continue;
    if (value_len) {
      if (memcmp(s->limbs.data + m->idx[0], val, value_len * 8)) continue;
      s->limbs.size -= value_len;
      return id;
    }
    if (real) {
      const uint32_t *q = s->reals.data + m->idx[0];
      if (q[1] != real[1] || q[2] != real[2] ||
          memcmp(q, real, real_len * 4))
        continue;
      s->reals.size -= real_len;
      return id;
    }
    if (m->idx[0] != n.idx[0] || m->idx[1] != n.idx[1]) continue;
    if (n.nargs &&
        memcmp(s->argpool.data + m->args, args, n.nargs * sizeof *args))
      continue;
    return id;
  }
#ifndef NDEBUG
  /* a DAG in creation order: every argument is an older, live term (what
   * fer_store_rollback and every walk by id rely on) */
  for (uint32_t i = 0; i < n.nargs; i++) assert(args[i] && args[i] < s->nodes.size);
#endif
  if (n.nargs) {
    if (!FER_RESERVE(f, s->argpool, n.nargs)) return 0;
    n.args = (uint32_t)s->argpool.size;
    memcpy(s->argpool.data + n.args, args, n.nargs * sizeof *args);
    s->argpool.size += n.nargs;
  }
  if (!FER_PUSH(f, s->nodes, n)) return 0;
  fer_term id = (fer_term)(s->nodes.size - 1);
  fer_index_fill(&s->table, slot, h, id);
  return id;
}

fer_store_mark fer_store_mark_now(const ferret *f) {
  const fer_store *s = f->store;
  fer_store_mark m = {(uint32_t)s->nodes.size, (uint32_t)s->argpool.size,
                      (uint32_t)s->limbs.size, (uint32_t)s->reals.size,
                      (uint32_t)s->sorts.size, (uint32_t)s->vars.size};
  return m;
}

/* The nodes made since the mark leave the table (newest first, though
 * removal does not depend on the order) and the pools. */
void fer_store_rollback(ferret *f, const fer_store_mark *m) {
  fer_store *s = S(f);
  if (s->nodes.size <= m->nodes || s->sorts.size != m->sorts ||
      s->vars.size != m->vars)
    return;
  for (uint32_t id = (uint32_t)s->nodes.size - 1; id >= m->nodes; id--)
    fer_index_remove(&s->table, s->nodes.data[id].hash, id);
  s->nodes.size = m->nodes, s->argpool.size = m->argpool;
  s->limbs.size = m->limbs, s->reals.size = m->reals;
}

fer_term fer_store_intern(ferret *f, fer_node n, const fer_term *args) {
  return intern(f, n, args, 0);
}

static fer_node leaf(fer_op op, fer_sort sort, uint32_t i0, uint32_t i1) {
  fer_node n;
  memset(&n, 0, sizeof n);
  n.op = (uint16_t)op;
  n.sort = sort;
  n.idx[0] = i0;
  n.idx[1] = i1;
  return n;
}

/* ----------------------------------------------------------- life cycle */

int fer_store_init(ferret *f) {
  fer_store *s = fer_calloc(f, sizeof *s);
  if (!s) return 0;
  f->store = s;
  fer_sort_info none = {0, 0, 0};
  fer_node zero;
  memset(&zero, 0, sizeof zero);
  if (!FER_PUSH(f, s->sorts, none) || !FER_PUSH(f, s->nodes, zero) ||
      !FER_PUSH(f, s->names, '\0'))
    return 0;
  s->bool_sort = sort_find(f, FER_SORT_BOOL, 0, 0);
  s->rm_sort = sort_find(f, FER_SORT_RM, 0, 0);
  s->real_sort = sort_find(f, FER_SORT_REAL, 0, 0);
  if (!s->real_sort) return 0;
  s->t_true = intern(f, leaf(FER_OP_TRUE, s->bool_sort, 0, 0), NULL, 0);
  s->t_false = intern(f, leaf(FER_OP_FALSE, s->bool_sort, 0, 0), NULL, 0);
  return s->t_false != 0;
}

void fer_store_release(ferret *f) {
  fer_store *s = S(f);
  if (!s) return;
  FER_RELEASE(f, s->sorts);
  FER_RELEASE(f, s->nodes);
  FER_RELEASE(f, s->argpool);
  FER_RELEASE(f, s->limbs);
  FER_RELEASE(f, s->reals);
  FER_RELEASE(f, s->vars);
  FER_RELEASE(f, s->names);
  fer_index_release(f, &s->table);
  fer_free(f, s, sizeof *s);
  f->store = NULL;
}

/* -------------------------------------------------------------- leaves */

fer_term fer_true(ferret *f) { return S(f)->t_true; }
fer_term fer_false(ferret *f) { return S(f)->t_false; }
fer_term fer_mk_bool(ferret *f, bool b) { return b ? fer_true(f) : fer_false(f); }

static uint32_t limbs_for(uint32_t bits) { return (bits + 63) / 64; }

/* Is the FP pattern in `v` a NaN?  Then make it the canonical NaN:
 * sign 0, exponent all ones, significand 10...0. */
static void canonical_nan(uint64_t *v, uint32_t eb, uint32_t sb) {
  uint32_t m = sb - 1; /* stored significand bits */
  for (uint32_t i = 0; i < eb; i++) {
    uint32_t b = m + i;
    if (!((v[b / 64] >> (b % 64)) & 1)) return;
  }
  bool frac = false;
  for (uint32_t i = 0; i < m; i++)
    if ((v[i / 64] >> (i % 64)) & 1) frac = true;
  if (!frac) return;
  uint32_t n = limbs_for(eb + sb);
  memset(v, 0, n * 8);
  for (uint32_t i = m - 1; i < m + eb; i++) v[i / 64] |= (uint64_t)1 << (i % 64);
}

fer_term fer_mk_const(ferret *f, fer_sort sort, const uint64_t *limbs) {
  fer_store *s = S(f);
  const fer_sort_info *si = fer_sort_get(f, sort);
  FER_REQUIRE(f, si->kind == FER_SORT_BV || si->kind == FER_SORT_FP ||
                     si->kind == FER_SORT_RM || si->kind == FER_SORT_UNINT,
              "constant of a sort without values");
  uint32_t bits = fer_sort_bits(f, sort), n = limbs_for(bits);
  if (!FER_RESERVE(f, s->limbs, n)) return 0;
  uint32_t off = (uint32_t)s->limbs.size;
  uint64_t *v = s->limbs.data + off;
  memcpy(v, limbs, n * 8);
  if (bits % 64) v[n - 1] &= ((uint64_t)1 << (bits % 64)) - 1;
  if (si->kind == FER_SORT_FP) canonical_nan(v, si->a, si->b);
  s->limbs.size += n;
  return intern(f, leaf(FER_OP_CONST, sort, off, 0), NULL, n);
}

fer_term fer_mk_const_u128(ferret *f, fer_sort sort, fer_u128 bits) {
  uint32_t n = limbs_for(fer_sort_bits(f, sort));
  uint64_t small[2] = {(uint64_t)bits, (uint64_t)(bits >> 64)};
  if (n <= 2) return fer_mk_const(f, sort, small);
  uint64_t *v = fer_calloc(f, n * 8);
  if (!v) return 0;
  v[0] = small[0], v[1] = small[1];
  fer_term t = fer_mk_const(f, sort, v);
  fer_free(f, v, n * 8);
  return t;
}

fer_term fer_mk_rm(ferret *f, fer_rm rm) {
  uint64_t v = (uint64_t)rm;
  return fer_mk_const(f, S(f)->rm_sort, &v);
}

fer_term fer_mk_var(ferret *f, const char *name, fer_sort sort) {
  fer_store *s = S(f);
  uint32_t off = add_name(f, name);
  if (!off) return 0;
  fer_var v = {off, 0, 0};
  if (!FER_PUSH(f, s->vars, v)) return 0;
  uint32_t number = (uint32_t)s->vars.size - 1;
  fer_term t = intern(f, leaf(FER_OP_VAR, sort, number, 0), NULL, 0);
  s->vars.data[number].term = t;
  return t;
}

fer_term fer_mk_fun(ferret *f, const char *name, uint32_t arity,
                    fer_sort curried) {
  fer_term t = fer_mk_var(f, name, curried);
  if (t) S(f)->vars.data[fer_node_of(f, t)->idx[0]].arity = arity;
  return t;
}

uint32_t fer_var_arity(const ferret *f, fer_term t) {
  return f->store->vars.data[fer_node_of(f, t)->idx[0]].arity;
}

fer_term fer_mk_param(ferret *f, uint32_t number, fer_sort sort) {
  return intern(f, leaf(FER_OP_PARAM, sort, number, 0), NULL, 0);
}

/* ------------------------------------------------- rationals (for Real) */

/* The numbers are reduced by their gcd (nat.h) in one scratch block:
 * a, b (the gcd's inputs, the gcd ends in a), the two quotients and the
 * remainder, of m limbs each, r with one more. */
fer_term fer_mk_real(ferret *f, bool neg, const uint32_t *num, uint32_t nlen,
                     const uint32_t *den, uint32_t dlen) {
  fer_store *s = S(f);
  nlen = fer_nat_trim(num, nlen), dlen = fer_nat_trim(den, dlen);
  if (!dlen) return 0;
  uint32_t m = (nlen > dlen ? nlen : dlen) + 1;
  size_t bytes = (size_t)m * 4 * 5 + 4;
  uint32_t *w = fer_calloc(f, bytes);
  if (!w) return 0;
  uint32_t *a = w, *b = w + m, *qn = w + 2 * m, *qd = w + 3 * m,
           *r = w + 4 * m;
  uint32_t rn, rd;
  if (!nlen) {
    qn[0] = 0, rn = 0, qd[0] = 1, rd = 1, neg = false;
  } else {
    memcpy(a, num, nlen * 4);
    memcpy(b, den, dlen * 4);
    uint32_t gn = fer_nat_gcd(a, b, m);
    rn = fer_nat_divmod(qn, r, num, nlen, a, gn);
    rd = fer_nat_divmod(qd, r, den, dlen, a, gn);
  }
  uint32_t need = 3 + rn + rd;
  fer_term t = 0;
  if (FER_RESERVE(f, s->reals, need)) {
    uint32_t off = (uint32_t)s->reals.size;
    uint32_t *p = s->reals.data + off;
    p[0] = neg, p[1] = rn, p[2] = rd;
    memcpy(p + 3, qn, rn * 4);
    memcpy(p + 3 + rn, qd, rd * 4);
    /* intern() finds an equal literal by value (and drops this copy). */
    s->reals.size += need;
    t = intern(f, leaf(FER_OP_REAL, s->real_sort, off, 0), NULL, 0);
  }
  fer_free(f, w, bytes);
  return t;
}

/* ------------------------------------------------------------ accessors */

const fer_node *fer_node_of(const ferret *f, fer_term t) {
  /* a live term of this store (or 0, whose zeroed node says "no term":
   * op 0, sort 0, no arguments) */
  assert(t < f->store->nodes.size);
  return &f->store->nodes.data[t];
}
fer_op fer_term_op(const ferret *f, fer_term t) { return (fer_op)fer_node_of(f, t)->op; }
fer_sort fer_term_sort(const ferret *f, fer_term t) { return fer_node_of(f, t)->sort; }
uint32_t fer_term_nargs(const ferret *f, fer_term t) { return fer_node_of(f, t)->nargs; }
const fer_term *fer_term_args(const ferret *f, fer_term t) {
  return f->store->argpool.data + fer_node_of(f, t)->args;
}
fer_term fer_term_arg(const ferret *f, fer_term t, uint32_t i) {
  assert(i < fer_node_of(f, t)->nargs);
  return fer_term_args(f, t)[i];
}
uint32_t fer_term_idx(const ferret *f, fer_term t, int which) {
  return fer_node_of(f, t)->idx[which];
}
const uint64_t *fer_const_limbs(const ferret *f, fer_term t) {
  assert(fer_node_of(f, t)->op == FER_OP_CONST);
  return f->store->limbs.data + fer_node_of(f, t)->idx[0];
}
fer_u128 fer_const_u128(const ferret *f, fer_term t) {
  const uint64_t *v = fer_const_limbs(f, t);
  uint32_t bits = fer_sort_bits(f, fer_term_sort(f, t));
  return bits > 64 ? ((fer_u128)v[1] << 64) | v[0] : v[0];
}
const char *fer_var_name(const ferret *f, fer_term t) {
  return f->store->names.data + f->store->vars.data[fer_node_of(f, t)->idx[0]].name;
}
uint32_t fer_var_count(const ferret *f) { return (uint32_t)f->store->vars.size; }
fer_term fer_var_term(const ferret *f, uint32_t number) {
  assert(number < f->store->vars.size);
  return f->store->vars.data[number].term;
}
void fer_real_get(const ferret *f, fer_term t, bool *neg, const uint32_t **num,
                  uint32_t *nlen, const uint32_t **den, uint32_t *dlen) {
  const uint32_t *p = f->store->reals.data + fer_node_of(f, t)->idx[0];
  *neg = p[0], *nlen = p[1], *dlen = p[2];
  *num = p + 3, *den = p + 3 + p[1];
}
uint32_t fer_term_count(const ferret *f) { return (uint32_t)f->store->nodes.size - 1; }
