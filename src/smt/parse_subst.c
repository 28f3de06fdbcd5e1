/* Applying a define-fun with parameters: the body with its PARAM leaves
 * replaced by the arguments, through the rewriting walker (rewrite.h: the
 * body is a DAG, each distinct subterm is rebuilt once, iteratively). */
#include "smt/parse.h"

static fer_term param_leaf(ferret *f, void *user, fer_term t) {
  const fer_term *args = user;
  return fer_term_op(f, t) == FER_OP_PARAM ? args[fer_term_idx(f, t, 0)] : t;
}

/* Rebuilt only where an argument changed: the body is already checked. */
static fer_term rebuild(ferret *f, void *user, fer_term t,
                        const fer_term *args, bool changed) {
  (void)user;
  if (!changed) return t;
  return fer_mk(f, fer_term_op(f, t), fer_term_nargs(f, t), args,
                fer_term_idx(f, t, 0), fer_term_idx(f, t, 1));
}

fer_term fer_rd_apply_fun(ferret *f, fer_reader *rd, const fer_fundef *fun,
                          const fer_term *args) {
  fer_rewriter *w = &rd->rewrite;
  if (!w->leaf) fer_rewriter_init(w, param_leaf, rebuild, NULL);
  w->user = (void *)args;
  fer_rewriter_forget(w); /* the memo holds the last application's values */
  return fer_rewrite(f, w, fun->body);
}
