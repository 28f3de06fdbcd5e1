/* Per-query cost through the C API: Q push / declare / assert / check-sat /
 * pop queries of the same size on one context whose term store grows with
 * every query (each declares fresh variables, which stay in the store after
 * the pop).  Prints the seconds taken by the first and by the last 1,000
 * queries, their ratio, the answers that were not sat, and the peak RSS.
 *
 * Build and run (bench/scale.py does both):
 *   cc -O2 -Iinclude bench/scale-api.c build/libferret.a -lm -o scale-api
 *   ./scale-api [QUERIES]          (default 10000) */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

#include "ferret.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void discard(void *user, const char *text, size_t len) {
  (void)user, (void)text, (void)len;
}

/* Query i: two fresh Float32 variables and a BV one, three constraints
 * whose constants depend on i (so no two queries share their terms). */
static int query_text(char *buf, size_t cap, int i) {
  return snprintf(
      buf, cap,
      "(push 1)\n"
      "(declare-const x%d Float32)\n(declare-const y%d Float32)\n"
      "(declare-const b%d (_ BitVec 16))\n"
      "(assert (fp.lt ((_ to_fp 8 24) RNE %d.5) (fp.add RNE x%d y%d)))\n"
      "(assert (fp.isNormal x%d))\n"
      "(assert (= ((_ extract 7 0) b%d) #x%02x))\n"
      "(check-sat)\n(pop 1)\n",
      i, i, i, i % 1000, i, i, i, i, i & 0xff);
}

int main(int argc, char **argv) {
  int q = argc > 1 ? atoi(argv[1]) : 10000;
  if (q < 2000) q = 2000;
  ferret *f = ferret_new();
  if (!f) return 1;
  ferret_set_output(f, discard, NULL);
  ferret_set_diagnostic(f, discard, NULL);
  ferret_execute(f, "scale", "(set-logic QF_BVFP)", 19);
  double t0 = now(), first = 0, last_start = 0;
  int notsat = 0;
  char buf[1024];
  for (int i = 0; i < q; i++) {
    if (i == q - 1000) last_start = now();
    int n = query_text(buf, sizeof buf, i);
    if (ferret_execute(f, "scale", buf, (size_t)n) != FERRET_OK) {
      fprintf(stderr, "query %d: %s\n", i, ferret_error(f)->message);
      return 1;
    }
    if (ferret_last_result(f) != FERRET_SAT) notsat++;
    if (i == 999) first = now() - t0;
  }
  double last = now() - last_start, total = now() - t0;
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  printf("queries %d total %.3f first1000 %.4f last1000 %.4f ratio %.2f "
         "notsat %d peak_rss_kib %ld\n",
         q, total, first, last, last / first, notsat, ru.ru_maxrss);
  ferret_delete(f);
  return 0;
}
