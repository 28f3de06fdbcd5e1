/* Placeholder: replaced by the solver's author. */
#include "solve.h"
ferret_result fer_solve(ferret *f, const fer_term *a, size_t n, fer_model *m,
                        const char **reason) {
  (void)f, (void)a, (void)n, (void)m;
  *reason = "incomplete";
  return FERRET_UNKNOWN;
}
