/* The reference evaluator's memo walk (src/smt/eval.c) on a random DAG of
 * BV/FP operations over 16 variables (NODES nodes, each reading two of the
 * 16 before it, so the roots reach most of them), evaluated under MODELS
 * random models: fer_eval_holds_memo with a kept memo ten times per model
 * (the judge's validation), fer_eval_visit (the sampler's coverage),
 * fer_eval (a fresh memo) and fer_term_is_ground.  Prints the CPU seconds
 * of each part and a checksum (equal for two builds that agree).
 *
 *   cc -std=c11 -O2 -Iinclude -Isrc bench/eval-memo.c build/libferret.a \
 *      -lmpfr -lgmp -lm -o build/bench/eval-memo
 *   build/bench/eval-memo [NODES=4000] [MODELS=400]
 *
 * Compare two builds by running the two binaries in turn, several times. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "ferret.h"
#include "smt/eval.h"
#include "smt/term.h"
#include "smt/model.h"

static fer_term op2(ferret *f, fer_op op, fer_term a, fer_term b) {
  fer_term x[2] = {a, b};
  return fer_mk(f, op, 2, x, 0, 0);
}
static fer_term op3(ferret *f, fer_op op, fer_term a, fer_term b, fer_term c) {
  fer_term x[3] = {a, b, c};
  return fer_mk(f, op, 3, x, 0, 0);
}
static uint64_t st = 88172645463325252ull;
static uint64_t rnd(void) { st ^= st << 13; st ^= st >> 7; st ^= st << 17; return st; }
static double cpu(void) { return (double)clock() / CLOCKS_PER_SEC; }
static void visit(void *u, fer_term t, fer_u128 v) { *(fer_u128 *)u += v + t; }

int main(int argc, char **argv) {
  int nodes = argc > 1 ? atoi(argv[1]) : 4000, models = argc > 2 ? atoi(argv[2]) : 400;
  ferret *f = ferret_new();
  fer_sort b32 = fer_sort_bv(f, 32), f32 = fer_sort_fp(f, 8, 24);
  fer_term vb[8], vf[8], rne = fer_mk_rm(f, FER_RNE);
  char name[16];
  for (int i = 0; i < 8; i++) {
    snprintf(name, sizeof name, "b%d", i); vb[i] = fer_mk_var(f, name, b32);
    snprintf(name, sizeof name, "x%d", i); vf[i] = fer_mk_var(f, name, f32);
  }
  fer_term *B = malloc(sizeof *B * (nodes + 8)), *F = malloc(sizeof *F * (nodes + 8));
  int nb = 8, nf = 8;
  for (int i = 0; i < 8; i++) B[i] = vb[i], F[i] = vf[i];
  fer_op bops[] = {FER_OP_BVADD, FER_OP_BVMUL, FER_OP_BVXOR, FER_OP_BVAND, FER_OP_BVSUB, FER_OP_BVLSHR};
  fer_op fops[] = {FER_OP_FP_ADD, FER_OP_FP_MUL, FER_OP_FP_SUB, FER_OP_FP_DIV};
  for (int i = 0; i < nodes; i++) {
    /* arguments mostly among the last 16 nodes: a deep DAG the roots reach */
#define PICK(n) ((n) - 1 - (int)(rnd() % ((n) < 16 ? (n) : 16)))
    if (rnd() & 1) B[nb] = op2(f, bops[rnd() % 6], B[PICK(nb)], B[PICK(nb)]), nb++;
    else F[nf] = op3(f, fops[rnd() % 4], rne, F[PICK(nf)], F[PICK(nf)]), nf++;
  }
  fer_term a[8];
  for (int i = 0; i < 4; i++) {
    a[i] = op2(f, FER_OP_BVULE, B[nb - 1 - i], B[nb - 5 - i]);
    a[4 + i] = op2(f, FER_OP_FP_LEQ, F[nf - 1 - i], F[nf - 5 - i]);
  }
  fer_model m;
  fer_model_init(&m);
  fer_model_reserve(f, &m);
  fer_eval_memo kept = {0};
  double t_holds = 0, t_visit = 0, t_eval = 0, t_ground = 0;
  long sum = 0;
  fer_u128 acc = 0;
  for (int k = 0; k < models; k++) {
    for (int i = 0; i < 8; i++) {
      m.value[fer_term_idx(f, vb[i], 0)] = fer_mk_const_u128(f, b32, (uint32_t)rnd());
      m.value[fer_term_idx(f, vf[i], 0)] = fer_mk_const_u128(f, f32, (uint32_t)rnd() & 0x4fffffff);
    }
    double t0 = cpu();
    for (int r = 0; r < 10; r++) sum += fer_eval_holds_memo(f, &kept, a, 8, &m);
    double t1 = cpu();
    fer_eval_visit(f, a, 8, &m, visit, &acc);
    double t2 = cpu();
    bool u;
    sum += fer_eval(f, a[k % 8], &m, &u) == fer_true(f);
    double t3 = cpu();
    for (int r = 0; r < 3; r++) sum += fer_term_is_ground(f, a[(k + r) % 8]);
    double t4 = cpu();
    t_holds += t1 - t0, t_visit += t2 - t1, t_eval += t3 - t2, t_ground += t4 - t3;
  }
  printf("holds_memo %.3f visit %.3f eval %.3f ground %.3f total %.3f (check %ld %llu)\n",
         t_holds, t_visit, t_eval, t_ground, t_holds + t_visit + t_eval + t_ground, sum,
         (unsigned long long)acc);
  fer_eval_memo_release(f, &kept);
  fer_model_release(f, &m);
  ferret_delete(f);
  return 0;
}
