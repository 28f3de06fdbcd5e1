/* The C side of bench/python-overhead.py: microseconds per query of two
 * query streams through the C API, built the way the Python layer builds
 * them (terms made per query, hash-consed: 101 distinct queries repeated).
 *
 *   pushpop   push; assert (= (bvadd x c) d); check-sat; get-value x; pop
 *   concolic  solve (= a c) on an 8-byte seed, a bound to bytes 0..3, with
 *             the path constraint (bvult b #x0064) on bytes 4..5; read input
 *
 * Build and run (python-overhead.py does both):
 *   cc -O2 -Iinclude bench/python-overhead.c build/libferret.a -lm -lpthread
 *   ./a.out QUERIES      prints "pushpop US" and "concolic US" */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "ferret.h"

/* CPU time of the process: on a machine shared with other work, wall
 * time counts the waits for a core too (time.process_time on the Python
 * side). */
static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static ferret_term app2(ferret *f, ferret_kind k, ferret_term a, ferret_term b) {
  ferret_term args[2] = {a, b};
  return ferret_mk_term(f, k, args, 2, NULL, 0);
}

static double pushpop(int q) {
  ferret *f = ferret_new();
  ferret_sort bv = ferret_sort_bv(f, 32);
  ferret_term x = ferret_mk_var(f, "x", bv);
  uint64_t v;
  double t0 = now();
  for (int i = 0; i < q; i++) {
    int k = i % 101;
    ferret_push(f, 1);
    ferret_term sum = app2(f, FERRET_KIND_BVADD, x, ferret_mk_bits64(f, bv, (uint64_t)k));
    ferret_assert(f, app2(f, FERRET_KIND_EQ, sum,
                          ferret_mk_bits64(f, bv, (uint64_t)(k * 7 % 101))));
    if (ferret_check_sat(f) != FERRET_SAT) return -1;
    ferret_get_value(f, x, &v, 1, NULL);
    ferret_pop(f, 1);
  }
  double t = now() - t0;
  ferret_delete(f);
  return t / q * 1e6;
}

static double concolic(int q) {
  ferret *f = ferret_new();
  ferret_sort bv32 = ferret_sort_bv(f, 32), bv16 = ferret_sort_bv(f, 16);
  ferret_term a = ferret_mk_var(f, "a", bv32), b = ferret_mk_var(f, "b", bv16);
  uint8_t seed[8] = {1, 0, 0, 0, 5, 0, 0, 0};
  ferret_concolic *c = ferret_concolic_new(f, seed, sizeof seed);
  ferret_concolic_bind(c, a, 0, 0);
  ferret_concolic_bind(c, b, 4, 0);
  ferret_concolic_notify(c, app2(f, FERRET_KIND_BVULT, b, ferret_mk_bits64(f, bv16, 100)));
  unsigned sum = 0;
  double t0 = now();
  for (int i = 0; i < q; i++) {
    int k = i % 101;
    ferret_term goal = app2(f, FERRET_KIND_EQ, a, ferret_mk_bits64(f, bv32, (uint64_t)k * 1000));
    if (ferret_concolic_solve(c, goal) != FERRET_SAT) return -1;
    sum += ferret_concolic_input(c)[0];
  }
  double t = now() - t0;
  ferret_concolic_delete(c);
  ferret_delete(f);
  return sum ? t / q * 1e6 : -1;
}

int main(int argc, char **argv) {
  int q = argc > 1 ? atoi(argv[1]) : 20000;
  printf("pushpop %.2f\n", pushpop(q));
  printf("concolic %.2f\n", concolic(q));
  return 0;
}
