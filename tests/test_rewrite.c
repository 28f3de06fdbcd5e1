/* The rewriting walker (smt/rewrite.h) and its users. */
#include <stdlib.h>
#include <string.h>

#include "base/context.h"
#include "smt/rewrite.h"
#include "smt/term.h"
#include "test.h"

/* A job for the walker: swap two variables, count constructor calls. */
typedef struct swap {
  fer_term a, b;
  unsigned nodes;
} swap;

static fer_term swap_leaf(ferret *f, void *user, fer_term t) {
  (void)f;
  swap *s = user;
  return t == s->a ? s->b : t == s->b ? s->a : t;
}

static fer_term swap_node(ferret *f, void *user, fer_term t,
                          const fer_term *args, bool changed) {
  swap *s = user;
  s->nodes++;
  if (!changed) return t;
  return fer_mk(f, fer_term_op(f, t), fer_term_nargs(f, t), args,
                fer_term_idx(f, t, 0), fer_term_idx(f, t, 1));
}

static fer_term fail_node(ferret *f, void *user, fer_term t,
                          const fer_term *args, bool changed) {
  (void)f, (void)user, (void)t, (void)args, (void)changed;
  return 0;
}

TEST(rewrite_walker_dag_deep_and_memo) {
  ferret *f = ferret_new();
  fer_sort bv = fer_sort_bv(f, 8);
  fer_term x = fer_mk_var(f, "x", bv), y = fer_mk_var(f, "y", bv);
  /* a DAG with 2^60 paths: t_{i+1} = t_i + t_i; each node once */
  fer_term t = fer_mk(f, FER_OP_BVSUB, 2, (fer_term[]){x, y}, 0, 0);
  for (int i = 0; i < 60; i++)
    t = fer_mk(f, FER_OP_BVADD, 2, (fer_term[]){t, t}, 0, 0);
  swap s = {x, y, 0};
  fer_rewriter w;
  fer_rewriter_init(&w, swap_leaf, swap_node, &s);
  fer_term r = fer_rewrite(f, &w, t);
  CHECK(r && r != t);
  CHECK_EQ_U(s.nodes, 61); /* 60 additions and the subtraction */
  /* swapping back gives the original term (hash-consing) */
  swap s2 = {x, y, 0};
  fer_rewriter w2;
  fer_rewriter_init(&w2, swap_leaf, swap_node, &s2);
  CHECK(fer_rewrite(f, &w2, r) == t);
  /* memo kept across calls until forgotten */
  CHECK(fer_rewrite(f, &w, t) == r);
  CHECK_EQ_U(s.nodes, 61);
  fer_rewriter_forget(&w);
  CHECK(fer_rewrite(f, &w, t) == r);
  CHECK_EQ_U(s.nodes, 122);
  /* a term 200,000 deep: no recursion */
  fer_term d = x;
  for (int i = 0; i < 200000; i++) d = fer_mk(f, FER_OP_BVNOT, 1, &d, 0, 0);
  fer_term e = y;
  for (int i = 0; i < 200000; i++) e = fer_mk(f, FER_OP_BVNOT, 1, &e, 0, 0);
  CHECK(fer_rewrite(f, &w, d) == e);
  /* a failing constructor: 0, and the walker is usable afterwards */
  fer_rewriter bad;
  fer_rewriter_init(&bad, swap_leaf, fail_node, &s);
  CHECK(fer_rewrite(f, &bad, t) == 0);
  CHECK_EQ_U(bad.work.size, 0);
  CHECK(fer_rewrite(f, &bad, x) == y); /* leaves only: no constructor */
  fer_rewriter_release(f, &bad);
  fer_rewriter_release(f, &w);
  fer_rewriter_release(f, &w2);
  ferret_delete(f);
}

/* The reader's define-fun expansion runs on the walker: a shared body
 * expanded with arguments, nested applications, deep bodies. */
TEST(rewrite_define_fun_expansion) {
  fer_test_run r = fer_test_smt(
      "(set-logic QF_BV)\n"
      "(define-fun d ((a (_ BitVec 8)) (b (_ BitVec 8))) (_ BitVec 8)"
      " (bvadd (bvmul a b) (bvmul a b)))\n"
      "(define-fun q ((a (_ BitVec 8))) (_ BitVec 8) (d (d a a) a))\n"
      "(declare-const x (_ BitVec 8))\n"
      "(assert (= (q x) #x20))\n(assert (= x #x02))\n"
      "(check-sat)\n(get-value ((q x) (d x #x03)))\n");
  CHECK_STR(r.out, "sat\n(((q x) #x20)\n ((d x #x03) #x0c))\n");
  /* a body whose DAG has 2^40 paths expands in linear time */
  char *text = malloc(1 << 16);
  size_t n = (size_t)sprintf(text, "(set-logic QF_BV)\n"
                                   "(define-fun g ((a (_ BitVec 8))) (_ BitVec 8) ");
  for (int i = 0; i < 40; i++) n += (size_t)sprintf(text + n, "(let ((a (bvadd a a))) ");
  n += (size_t)sprintf(text + n, "a");
  for (int i = 0; i < 40; i++) text[n++] = ')';
  sprintf(text + n, ")\n(declare-const x (_ BitVec 8))\n"
                    "(assert (= (g x) (g (bvnot x))))\n(check-sat)\n");
  r = fer_test_smt(text);
  CHECK(strncmp(r.out, "sat", 3) == 0);
  free(text);
}
