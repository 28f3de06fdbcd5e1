/* Applying a define-fun with parameters: the body with its PARAM leaves
 * replaced by the arguments, through the rewriting walker (rewrite.h: the
 * body is a DAG, each distinct subterm is rebuilt once, iteratively). */
#include "smt/parse.h"

static fer_term param_leaf(ferret *f, void *user, fer_term t) {
  const fer_term *args = user;
  return fer_term_op(f, t) == FER_OP_PARAM ? args[fer_term_idx(f, t, 0)] : t;
}

fer_term fer_rd_apply_fun(ferret *f, fer_reader *rd, const fer_fundef *fun,
                          const fer_term *args) {
  fer_rewriter *w = &rd->rewrite;
  if (!w->leaf) fer_rewriter_init(w, param_leaf, fer_rewrite_same_op, NULL);
  w->user = (void *)args;
  fer_rewriter_forget(w); /* the memo holds the last application's values */
  return fer_rewrite(f, w, fun->body);
}
