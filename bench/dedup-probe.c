/* The dedup filter's probe cost (the Bloom filter of `ferret sample`): N random
 * fingerprints added to a filter of MB MiB, three rounds, ns per add.
 * Random blocks of a filter far bigger than the caches: each add is a
 * cache miss, which `ferret sample` hides by prefetching (sample.c emit).
 *
 *   cc -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -Iinclude -Isrc \
 *      bench/dedup-probe.c build/libferret.a -lm -lpthread -o build/dedup-probe
 *   build/dedup-probe [N] [MB]        defaults 5000000, 16 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "ferret.h"
#include "base/context.h"
#include "sample/dedup.h"

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static uint64_t next(uint64_t *s) { /* splitmix64 */
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 5000000, mb = argc > 2 ? atol(argv[2]) : 16;
  ferret *f = ferret_new();
  fer_dedup d;
  if (!f || n < 1 || mb < 1 || !fer_dedup_init(f, &d, (size_t)mb << 20)) {
    fprintf(stderr, "dedup-probe: bad arguments or out of memory\n");
    return 2;
  }
  uint64_t s = 1;
  for (int r = 0; r < 3; r++) {
    double t = now();
    long fresh = 0;
    for (long i = 0; i < n; i++) {
      uint64_t h1 = next(&s);
      fresh += fer_dedup_add(&d, h1, next(&s));
    }
    printf("round %d: %.1f ns per add (%ld new of %ld)\n", r + 1, (now() - t) / (double)n * 1e9,
           fresh, n);
  }
  fer_dedup_release(f, &d);
  ferret_delete(f);
  return 0;
}
