/* Physical-limit benchmark, native side: the generated program of one
 * formula (`ferret smt2c`, path in FER_PROG), compiled like the libFuzzer
 * backend compiles it (clang -O2) but without the fuzzer instrumentation,
 * and linked into bench/limit-eval.c's driver.  The timing loops are here,
 * in the same translation unit as fer_check.
 *
 * One evaluation is one call of fer_check, kept out of line (noinline
 * wrapper), as every harness calls it (libFuzzer calls the entry point
 * through a pointer; ferret's evaluator is an out-of-line call too).
 * Inlined into the timing loop, the compiler may also carry work across
 * inputs (e.g. drop stores to the static register file that the next
 * input overwrites before anything reads them), which no real harness
 * gets; limit_native_run_inline measures that variant for reference.
 *
 *   clang -O2 -c -DFER_PROG='"prog.c"' bench/limit-native.c
 *
 * The generated entry point LLVMFuzzerTestOneInput is renamed (unused). */
#ifndef FER_PROG
#error "define FER_PROG as the quoted path of the generated C program"
#endif
#define LLVMFuzzerTestOneInput limit_gen_entry
#include FER_PROG
#undef LLVMFuzzerTestOneInput

#include "limit.h"

size_t limit_native_bytes(void) { return fer_input_bytes; }

__attribute__((noinline)) int limit_native_check(const uint8_t *in) {
  return fer_check(in);
}

/* HOT: the native evaluation loop being timed, one call per input. */
void limit_native_run(const uint8_t *in, size_t k, size_t stride,
                      uint64_t counts[3]) {
  for (size_t i = 0; i < k; i++) counts[limit_native_check(in + i * stride)]++;
}

/* HOT: the same with fer_check inlined into the loop (reference only). */
void limit_native_run_inline(const uint8_t *in, size_t k, size_t stride,
                             uint64_t counts[3]) {
  for (size_t i = 0; i < k; i++) counts[fer_check(in + i * stride)]++;
}
