/* Physical-limit benchmark, libFuzzer side: the generated program of one
 * formula (path in FER_PROG) under libFuzzer, built as the backend builds
 * it (clang -O2 -fsanitize=fuzzer), but with an entry point that never
 * aborts, so the fuzzer runs for the whole -max_total_time whatever it
 * finds:
 *
 *   clang -O2 -fsanitize=fuzzer -DFER_PROG='"prog.c"' bench/limit-fuzz.c -lm
 *   ./a.out -max_total_time=1 -max_len=N -print_final_stats=1 CORPUS
 *
 * Like the generated entry point it rejects inputs shorter than
 * fer_input_bytes at once (libFuzzer's mutations also make shorter
 * inputs), so the executions per second libFuzzer achieves are measured as
 * the backend sees them.
 *
 * libFuzzer's -max_total_time counts whole seconds from process start (a
 * 1 s limit runs ~2 s), so the driver stops the run itself: after
 * $LIMIT_FUZZ_SECONDS (default 1) of process CPU time from its first call
 * (CPU time: on a loaded machine wall time would count the time the
 * process waits for a core) it prints, on
 * stderr, one line
 *   limit-fuzz: calls C full F seconds S verdicts U1 S1 X1
 * and exits with _exit(0) (libFuzzer's exit hook would turn exit() into
 * an error).  calls: entry-point calls (libFuzzer's executed units);
 * full: those with a whole input (fer_check run); seconds: CPU time from
 * the first call to the last; verdicts: fer_check's 0/1/2.  The start-up (corpus loading) is
 * thus not counted: this is the steady-state rate. */
#define _POSIX_C_SOURCE 200809L
#ifndef FER_PROG
#error "define FER_PROG as the quoted path of the generated C program"
#endif
#define LLVMFuzzerTestOneInput limit_gen_entry
#include FER_PROG
#undef LLVMFuzzerTestOneInput

#include <time.h>
#include <unistd.h>

static uint64_t limit_calls, limit_full, limit_verdicts[3];
static double limit_t0, limit_budget;

static double limit_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void limit_stop(void) {
  fprintf(stderr, "limit-fuzz: calls %llu full %llu seconds %.6f verdicts %llu %llu %llu\n",
          (unsigned long long)limit_calls, (unsigned long long)limit_full,
          limit_now() - limit_t0, (unsigned long long)limit_verdicts[0],
          (unsigned long long)limit_verdicts[1], (unsigned long long)limit_verdicts[2]);
  _exit(0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!limit_calls) {
    const char *e = getenv("LIMIT_FUZZ_SECONDS");
    limit_budget = e && atof(e) > 0 ? atof(e) : 1.0;
    limit_t0 = limit_now();
  }
  /* the clock (a system call) is read every 256 calls: ~1 ns per call */
  if ((++limit_calls & 255) == 0 && limit_now() - limit_t0 >= limit_budget) limit_stop();
  if (size < fer_input_bytes) return 0;
  limit_full++;
  limit_verdicts[fer_check(data)]++;
  return 0;
}
