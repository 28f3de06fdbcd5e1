/* Two contexts on two threads (run under ThreadSanitizer by `make test`):
 * each thread owns a context and solves its own scripts through the public
 * API; the answers must be right and TSan must see no race.  One context
 * also runs parallel workers (option jobs=2).  Exit status 0 when every
 * answer is right. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "ferret.h"

typedef struct job {
  const char *name, *jobs, *script;
  ferret_result expect;
  int rounds, wrong;
} job;

static void quiet(void *user, const char *text, size_t len) {
  (void)user, (void)text, (void)len;
}

static void *run(void *arg) {
  job *j = arg;
  ferret *f = ferret_new();
  if (!f) {
    j->wrong = j->rounds;
    return NULL;
  }
  ferret_set_output(f, quiet, NULL);
  ferret_set_diagnostic(f, quiet, NULL);
  ferret_set_option(f, "jobs", j->jobs);
  ferret_set_option(f, "max_execs", "2000000");
  for (int i = 0; i < j->rounds; i++) {
    ferret_execute(f, j->name, j->script, strlen(j->script));
    if (ferret_last_result(f) != j->expect) j->wrong++;
  }
  ferret_delete(f);
  return NULL;
}

int main(void) {
  job jobs[] = {
      {"fp", "1",
       "(push 1)(declare-const x Float32)(declare-const y Float32)"
       "(assert (fp.eq (fp.mul RNE x y) ((_ to_fp 8 24) RNE 6.0)))"
       "(assert (fp.gt x ((_ to_fp 8 24) RNE 1.5)))(check-sat)(pop 1)",
       FERRET_SAT, 20, 0},
      {"bv", "2",
       "(push 1)(declare-const a (_ BitVec 16))(declare-const b (_ BitVec 16))"
       "(assert (= (bvmul a b) #x3a41))(assert (bvugt a #x0100))"
       "(assert (bvugt b #x0002))(check-sat)(pop 1)"
       "(push 1)(declare-const c (_ BitVec 8))"
       "(assert (= (bvmul c c) #x03))(check-sat)(pop 1)",
       FERRET_UNSAT, 10, 0},
  };
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    if (pthread_create(&t[i], NULL, run, &jobs[i])) return 2;
  for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
  int bad = 0;
  for (int i = 0; i < 2; i++) {
    printf("%s (jobs=%s): %d rounds, %d wrong\n", jobs[i].name, jobs[i].jobs,
           jobs[i].rounds, jobs[i].wrong);
    bad += jobs[i].wrong;
  }
  return bad != 0;
}
