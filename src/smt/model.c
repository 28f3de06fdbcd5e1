#include <string.h>

#include "smt/eval.h"
#include "smt/array.h"
#include "smt/model.h"

void fer_model_init(fer_model *m) { m->value = NULL, m->size = 0; }

int fer_model_reserve(ferret *f, fer_model *m) {
  uint32_t n = fer_var_count(f);
  if (n <= m->size) return 1;
  fer_term *v = fer_realloc(f, m->value, m->size * sizeof *v, n * sizeof *v);
  if (!v) return 0;
  memset(v + m->size, 0, (n - m->size) * sizeof *v);
  m->value = v, m->size = n;
  return 1;
}

void fer_model_release(ferret *f, fer_model *m) {
  fer_free(f, m->value, m->size * sizeof *m->value);
  fer_model_init(m);
}

fer_term fer_value_term(ferret *f, fer_sort sort, fer_u128 v) {
  switch (fer_sort_get(f, sort)->kind) {
  case FER_SORT_BOOL: return fer_mk_bool(f, v != 0);
  case FER_SORT_RM: return fer_mk_rm(f, (fer_rm)(v < 5 ? v : 0));
  case FER_SORT_ARRAY: { /* every element the zero of its sort */
    fer_term z = fer_value_term(f, fer_sort_get(f, sort)->b, 0);
    return z ? fer_array_const(f, sort, z) : 0;
  }
  default: return fer_mk_const_u128(f, sort, v);
  }
}

fer_why fer_model_complete(ferret *f, fer_model *m, const fer_term *vars,
                           size_t nvars, const fer_term *elim_var,
                           const fer_term *elim_def, size_t n) {
  if (!fer_model_reserve(f, m)) return FER_WHY_MEMORY;
  size_t count = vars ? nvars : m->size;
  for (size_t k = 0; k < count; k++) {
    fer_term v = vars ? vars[k] : fer_var_term(f, (uint32_t)k);
    if (!v) continue;
    uint32_t i = fer_term_idx(f, v, 0);
    if (m->value[i]) continue;
    fer_sort s = fer_term_sort(f, v);
    if (fer_sort_get(f, s)->kind == FER_SORT_REAL) continue;
    /* Eliminated variables get their value below; a default first keeps
     * the model total if a definition cannot be evaluated. */
    if (!(m->value[i] = fer_value_term(f, s, 0))) return FER_WHY_MEMORY;
  }
  for (size_t i = 0; i < n; i++) {
    fer_term d = elim_def[i];
    fer_op op = fer_term_op(f, d);
    fer_term v = op == FER_OP_CONST || op == FER_OP_TRUE || op == FER_OP_FALSE
                     ? d
                     : fer_eval(f, d, m, NULL);
    if (!v)
      return f->error.status == FERRET_ERROR_UNSUPPORTED ? FER_WHY_UNSUPPORTED
                                                         : FER_WHY_ELIMINATED;
    m->value[fer_term_idx(f, elim_var[i], 0)] = v;
  }
  return FER_WHY_NONE;
}

int fer_model_validate(ferret *f, const fer_term *a, size_t n,
                       const fer_model *model) {
  return fer_eval_holds(f, a, n, model);
}

fer_why fer_model_verdict(ferret *f, int v) {
  if (v > 0) return FER_WHY_NONE;
  if (v < 0) return FER_WHY_UNSPECIFIED;
  return f->error.status == FERRET_ERROR_UNSUPPORTED ? FER_WHY_UNSUPPORTED
                                                     : FER_WHY_REJECTED;
}
