/*
 * LD_PRELOAD shim for the acceptance test (test.sh): logs every symbolic
 * branch a SymCC program reports ("fsym-site SITE TAKEN" on stderr) before
 * the real runtime (SymCC's simple or QSYM backend) sees it, so that the
 * backend's own log can be matched to branch sites.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef void (*push_fn)(void *, int, uintptr_t);

void _sym_push_path_constraint(void *constraint, int taken, uintptr_t site) {
  static push_fn real;
  if (!real) real = (push_fn)(uintptr_t)dlsym(RTLD_NEXT, "_sym_push_path_constraint");
  if (!real) abort();
  if (constraint) {
    fprintf(stderr, "fsym-site %#lx %d\n", (unsigned long)site, taken != 0);
    fflush(stderr);
  }
  real(constraint, taken, site);
}
