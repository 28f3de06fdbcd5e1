/* Seeds: the first inputs of a search (JFS paper §4.4).
 *   naive: all zeros and all ones;
 *   smart: those two, then `num_seeds` inputs drawn per slot from the
 *          special values of its type and the formula's constants of its
 *          width (the dictionary), and, when solving a formula with an FP
 *          slot, FER_MODERATE_SEEDS of random FP values of moderate
 *          magnitude (the starts of each worker's first local searches);
 *   user:  assignments read from SMT-LIB (define-fun x () S v) text (a
 *          model printed by ferret, z3, ...) by the model reader,
 *          smt/model_read.h. */
#include <stdio.h>
#include <string.h>

#include "bv/bv.h"
#include "fp/fp.h"
#include "engine/engine.h"
#include "smt/eval.h"
#include "engine/search.h"

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

/* A value of moderate magnitude for FP slot sl: +-m * 2^e with m in
 * [1, 2) and e in [-4, 1] (within the format's normal range), random
 * significand bits. */
static fer_u128 moderate_fp(fer_rng *rng, const fer_slot *sl) {
  int32_t bias = (int32_t)(((uint32_t)1 << (sl->eb - 1)) - 1);
  int32_t e = (int32_t)fer_rng_below(rng, 6) - 4;
  if (e < 1 - bias) e = 1 - bias;
  if (e > bias) e = bias;
  fer_u128 frac = fer_rng_u128(rng) & fer_bv_mask(sl->sb - 1);
  fer_u128 sign = (fer_u128)fer_rng_below(rng, 2) << (sl->eb + sl->sb - 1);
  return sign | ((fer_u128)(uint32_t)(bias + e) << (sl->sb - 1)) | frac;
}

int fer_seeds_make(ferret *f, fer_search *s, uint64_t seed) {
  const fer_prog *p = s->p;
  uint32_t ns = p->nslots;
  uint32_t mode = (uint32_t)s->opt->seeds;
  uint32_t n = mode == 0 ? 0 : mode == 1 ? 2 : 2 + (uint32_t)s->opt->num_seeds;
  /* Smart seeds end with FER_MODERATE_SEEDS inputs whose FP slots hold
   * random values of moderate magnitude, different from slot to slot: the
   * special values and constants give many slots the same value, or values
   * whose squares and products overflow, and a formula that wants each of
   * a few hundred terms finite and different from the next (gaussian.c.175
   * of the corpus) starts far from its solutions, which such an input lies
   * next to.  Several, because one such input can still lie in a bad
   * region (a product chain whose terms drift out of range, sin.c.75);
   * worker.c starts its first local searches from them.  Not when
   * sampling: samples drawn from one region are alike. */
  bool moderate = false;
  for (uint32_t i = 0; mode == 2 && !s->sampling && i < ns && !moderate; i++)
    moderate = p->slots.data[i].kind == FER_SLOT_FP && p->slots.data[i].eb >= 2;
  uint32_t nmod = moderate ? FER_MODERATE_SEEDS : 0;
  n += nmod;
  s->nseeds = 0;
  s->moderate_at = n - nmod, s->nmoderate = nmod;
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
      } else if (k >= n - nmod) { /* other slots: zero, RNE */
        in[i] = sl->kind == FER_SLOT_FP ? moderate_fp(&rng, sl) : 0;
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

int fer_seeds_add_ranges(ferret *f, fer_search *s, const fer_slot_range *rg) {
  const fer_prog *p = s->p;
  uint32_t ns = p->nslots;
  if (!rg || !ns) return 1;
  size_t have = (size_t)s->nseeds * ns;
  fer_u128 *all = fer_realloc(f, s->seeds, have * sizeof *all,
                              (have + 3 * (size_t)ns) * sizeof *all);
  if (!all) return 0;
  s->seeds = all;
  fer_u128 *in = all + have;
  memset(in, 0, 3 * (size_t)ns * sizeof *in);
  for (uint32_t sl = 0; sl < ns; sl++) {
    if (!rg[sl].count) continue;
    const fer_slot *d = &p->slots.data[sl];
    fer_u128 at[3] = {0, rg[sl].count - 1, rg[sl].count / 2};
    for (int k = 0; k < 3; k++)
      in[(size_t)k * ns + sl] = fer_slot_range_value(d, &rg[sl], at[k]);
  }
  s->nseeds += 3;
  return 1;
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

/* ------------------------------------------------ the seeds of a request */

int fer_seeds_for(ferret *f, fer_search *s, const fer_engine_request *r) {
  uint32_t ns = s->p->nslots;
  if (r->objective.kind == FER_OBJ_NEAR) {
    s->seeds = NULL, s->nseeds = 0;
    if (ns) {
      if (!(s->seeds = fer_malloc(f, (size_t)ns * sizeof *s->seeds))) return 0;
      memcpy(s->seeds, r->objective.near, (size_t)ns * sizeof *s->seeds);
      s->nseeds = 1;
    }
  } else if (!fer_seeds_make(f, s, (uint64_t)s->opt->seed)) {
    return 0;
  }
  const fer_engine_formula *c = &r->check;
  /* the ranges' seeds are smart seeds: not with --seeds=none */
  return fer_seeds_add_ranges(f, s, s->opt->seeds ? r->layout.ranges : NULL) &&
         fer_seeds_add_user(f, s, r->user_seeds, c->elim_var, c->elim_def,
                            c->nelim);
}

int fer_engine_seeds(ferret *f, const fer_engine_request *r, fer_u128 **out,
                     uint32_t *n) {
  fer_search s;
  memset(&s, 0, sizeof s);
  s.p = r->prog, s.opt = r->opt ? r->opt : &f->opt;
  *out = NULL, *n = 0;
  if (!fer_seeds_for(f, &s, r)) {
    fer_seeds_release(f, &s);
    return 0;
  }
  *out = s.seeds, *n = s.nseeds;
  return 1;
}

void fer_engine_seeds_release(ferret *f, const fer_engine_request *r,
                              fer_u128 *seeds, uint32_t n) {
  fer_free(f, seeds, (size_t)n * r->prog->nslots * sizeof *seeds);
}
