/* Exhaustive enumeration of a small input space: the only way the search
 * engine proves unsat.  Every input is run through the program (fail-fast);
 * if none satisfies every constraint the component is unsat, provided no
 * evaluation hit a value SMT-LIB leaves unspecified (another choice there
 * could have made a constraint true). */
#include <string.h>

#include "fp/fp.h"
#include "engine/engine.h"
#include "engine/search.h"

/* The number of values of slot s, or UINT64_MAX when it is 2^64 or more. */
static uint64_t slot_values(const fer_prog *p, const fer_slot_range *ranges,
                            uint32_t s) {
  const fer_slot *sl = &p->slots.data[s];
  if (ranges && ranges[s].count)
    return ranges[s].count >= UINT64_MAX ? UINT64_MAX : (uint64_t)ranges[s].count;
  return sl->kind == FER_SLOT_RM ? 5
         : sl->bits >= 64        ? UINT64_MAX
                                 : (uint64_t)1 << sl->bits;
}

uint64_t fer_input_space(const fer_prog *p, const fer_slot_range *ranges) {
  uint64_t n = 1;
  for (uint32_t s = 0; s < p->nslots; s++) {
    uint64_t r = slot_values(p, ranges, s);
    if (r == UINT64_MAX || n > UINT64_MAX / r) return UINT64_MAX;
    n *= r;
  }
  return n;
}

fer_u128 fer_slot_range_value(const fer_slot *sl, const fer_slot_range *r,
                              fer_u128 i) {
  if (r->free) { /* deposit i's low bits into the free bits, in order */
    fer_u128 x = r->base, m = r->free;
    for (; m && i; i >>= 1, m &= m - 1)
      if (i & 1) x |= m & -m;
    return x;
  }
  fer_u128 x = r->base + i;
  if (sl->kind != FER_SLOT_FP) return x;
  fer_fmt fm = {sl->eb, sl->sb};
  return fer_fp_from_order_key(fm, x);
}

/* Value number v of slot s (v < slot_values). */
static fer_u128 slot_value(const fer_prog *p, const fer_slot_range *ranges,
                           uint32_t s, uint64_t v) {
  if (!ranges || !ranges[s].count) return v;
  return fer_slot_range_value(&p->slots.data[s], &ranges[s], v);
}

/* Inputs are run FER_LANES at a time through the batched evaluator
 * (prog.h: the same verdicts and unspecified flags as one at a time, and
 * the first input of the batch found to satisfy everything is the one the
 * sequential order would find). */
fer_enum_result fer_enumerate(fer_worker *w, uint64_t *next, bool *unspec_seen) {
  const fer_prog *p = w->p;
  fer_batch *b = &w->batch;
  const fer_slot_range *rg = w->s->ranges;
  uint64_t space = fer_input_space(p, rg);
  uint32_t nc = (uint32_t)p->cons.size, ns = p->nslots, nsat[FER_LANES];
  bool try_all = w->s->opt->encoding == 1;
  for (uint64_t idx = *next; idx < space;) {
    if (fer_worker_should_stop(w)) {
      *next = idx;
      return FER_ENUM_LIMIT;
    }
    uint32_t n = space - idx < b->lanes ? (uint32_t)(space - idx) : b->lanes;
    for (uint32_t l = 0; l < n; l++) {
      uint64_t rest = idx + l;
      fer_u128 *in = w->lanes_in + (size_t)l * ns;
      for (uint32_t s = 0; s < ns; s++) {
        uint64_t r = slot_values(p, rg, s);
        in[s] = slot_value(p, rg, s, rest % r);
        rest /= r;
      }
    }
    fer_batch_run(b, w->lanes_in, n, w->order, try_all, nsat, NULL);
    w->execs += n;
    for (uint32_t l = 0; l < n; l++) {
      const fer_u128 *in = w->lanes_in + (size_t)l * ns;
      if (b->unspec[l] &&
          !(nsat[l] < nc && w->s->refutes &&
            w->s->refutes(w->s->refutes_user, in)))
        *unspec_seen = true;
      if (nsat[l] < nc) continue;
      memcpy(w->solution, in, ns * sizeof *w->solution);
      w->found_by = FER_FROM_ENUM;
      w->solution_unspec = *unspec_seen;
      *next = idx + l + 1;
      return FER_ENUM_FOUND;
    }
    idx += n;
  }
  *next = space;
  return *unspec_seen ? FER_ENUM_UNSPEC : FER_ENUM_EXHAUSTED;
}
