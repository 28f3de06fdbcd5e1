/* Physical-limit benchmark: the interface between the per-formula native
 * object (bench/limit-native.c, which includes the generated program) and
 * the driver (bench/limit-eval.c, which links libferret). */
#ifndef LIMIT_H
#define LIMIT_H

#include <stddef.h>
#include <stdint.h>

/* fer_input_bytes of the generated program. */
size_t limit_native_bytes(void);
/* fer_check of one input: 1 sat, 2 unspecified, 0 unsat. */
int limit_native_check(const uint8_t *in);
/* fer_check on inputs in, in + stride, ... (k of them), one out-of-line
 * call each; counts[v] is incremented for each verdict v. */
void limit_native_run(const uint8_t *in, size_t k, size_t stride,
                      uint64_t counts[3]);
/* The same with fer_check inlined into the loop (reference only). */
void limit_native_run_inline(const uint8_t *in, size_t k, size_t stride,
                             uint64_t counts[3]);

#endif
