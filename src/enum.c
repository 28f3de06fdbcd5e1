/* Exhaustive enumeration of a small input space: the only way the search
 * engine proves unsat.  Every input is run through the program (fail-fast);
 * if none satisfies every constraint the component is unsat, provided no
 * evaluation hit a value SMT-LIB leaves unspecified (another choice there
 * could have made a constraint true). */
#include "search.h"

uint64_t fer_input_space(const fer_prog *p) {
  uint64_t n = 1;
  for (uint32_t s = 0; s < p->nslots; s++) {
    const fer_slot *sl = &p->slots.data[s];
    uint64_t r = sl->kind == FER_SLOT_RM ? 5
                 : sl->bits >= 64        ? UINT64_MAX
                                         : (uint64_t)1 << sl->bits;
    if (r == UINT64_MAX || n > UINT64_MAX / r) return UINT64_MAX;
    n *= r;
  }
  return n;
}

fer_enum_result fer_enumerate(fer_worker *w, uint64_t *next, bool *unspec_seen) {
  const fer_prog *p = w->p;
  uint64_t space = fer_input_space(p);
  uint32_t nc = (uint32_t)p->cons.size;
  for (uint64_t idx = *next; idx < space; idx++) {
    if (fer_worker_should_stop(w)) {
      *next = idx;
      return FER_ENUM_LIMIT;
    }
    uint64_t rest = idx;
    for (uint32_t s = 0; s < p->nslots; s++) {
      const fer_slot *sl = &p->slots.data[s];
      uint64_t r = sl->kind == FER_SLOT_RM ? 5 : (uint64_t)1 << sl->bits;
      w->cand[s] = rest % r;
      rest /= r;
    }
    uint32_t nsat = fer_worker_exec(w, w->cand);
    if (p->may_unspec) {
      uint32_t evaluated = w->s->opt->encoding == 1 ? nc : (nsat < nc ? nsat + 1 : nc);
      for (uint32_t k = 0; k < evaluated; k++)
        if (fer_exec_cons_unspec(&w->x, w->order[k])) *unspec_seen = true;
    }
    if (nsat == nc) {
      for (uint32_t s = 0; s < p->nslots; s++) w->solution[s] = w->cand[s];
      w->found_by = FER_FROM_ENUM;
      w->solution_unspec = *unspec_seen;
      *next = idx + 1;
      return FER_ENUM_FOUND;
    }
  }
  *next = space;
  return *unspec_seen ? FER_ENUM_UNSPEC : FER_ENUM_EXHAUSTED;
}
