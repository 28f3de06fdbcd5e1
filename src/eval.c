/* Placeholder: replaced by the evaluator's author. */
#include "eval.h"
fer_term fer_eval(ferret *f, fer_term t, const fer_model *m, bool *u) {
  (void)t, (void)m;
  if (u) *u = false;
  fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0, "evaluator not built yet");
  return 0;
}
bool fer_term_is_ground(ferret *f, fer_term t) { (void)f, (void)t; return false; }
