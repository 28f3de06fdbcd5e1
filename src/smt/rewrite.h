/* The one rewriting walker: a term DAG rebuilt bottom-up, each distinct
 * subterm once, by a constructor the caller chooses.
 *
 * The walk is iterative (an explicit stack: benchmark terms are 10^5 deep)
 * and memoised in a map from term to result that is sized by the terms the
 * walk visits, never by the store, and forgotten in O(1) (a generation
 * stamp), so a rewrite costs time and memory linear in the distinct nodes
 * it visits, whatever was read before it.  Users: the reader's define-fun
 * expansion (parameters -> arguments, smt/parse_subst.c) and preprocessing's
 * substitution (variables -> terms, every node simplified, engine/subst.c). */
#ifndef FER_SMT_REWRITE_H
#define FER_SMT_REWRITE_H

#include "base/context.h"
#include "base/map.h"
#include "smt/term.h"

/* What a leaf (a term without arguments) becomes; return the leaf itself
 * to keep it, 0 on failure (error set in the context). */
typedef fer_term (*fer_rewrite_leaf_fn)(ferret *, void *user, fer_term leaf);
/* What an inner node t becomes, given its rewritten arguments (nargs of
 * them; `changed`: some argument differs from t's); 0 on failure.  It may
 * add terms to the store. */
typedef fer_term (*fer_rewrite_node_fn)(ferret *, void *user, fer_term t,
                                        const fer_term *args, bool changed);

typedef struct fer_rewriter {
  fer_rewrite_leaf_fn leaf;
  fer_rewrite_node_fn node;
  void *user;
  fer_map memo; /* term -> its rewrite */
  FER_STACK(fer_term) work, args;
} fer_rewriter;

void fer_rewriter_init(fer_rewriter *, fer_rewrite_leaf_fn, fer_rewrite_node_fn,
                       void *user);
void fer_rewriter_release(ferret *, fer_rewriter *);
/* Forget every memoised result (O(1)); results are kept across
 * fer_rewrite calls until then, so roots sharing subterms share work. */
void fer_rewriter_forget(fer_rewriter *);
/* The rewrite of `root`; 0 on failure (error set in the context). */
fer_term fer_rewrite(ferret *, fer_rewriter *, fer_term root);
/* A node function for substitutions: t itself where no argument changed,
 * else t's operator (and indices) over the new arguments, unchecked (the
 * substitution keeps the sorts). */
fer_term fer_rewrite_same_op(ferret *, void *user, fer_term t, const fer_term *args,
                             bool changed);

#endif
