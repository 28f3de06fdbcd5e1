#!/bin/sh
# FP semantics speed: ferret's src/fp (library calls, and the inline fast
# paths of src/fp/fast.h that the evaluator uses) beside native
# float/double/x87 long double and MPFR (with and without the bits <->
# mpfr_t conversions).  Builds the release library (make, -O2) and
# bench/fp-speed.c at -O2, then runs it once and prints the machine, the
# compiler and the table that BENCHMARKS.md quotes (about 70 s with 60 ms
# per cell).  Exit status 1 if a cross-check against the hardware failed.
# Usage: bench/fp-speed.sh [ms-per-cell]
set -e
cd "$(dirname "$0")/.."
make -s build/libferret.a >/dev/null
mkdir -p build/bench
# GCC's software __float128 (libquadmath) is the Float128 reference, if any.
QUAD=""
if printf '#include <quadmath.h>\nint main(void){return 0;}\n' |
    ${CC:-cc} -x c - -lquadmath -o /dev/null 2>/dev/null; then
  QUAD="-DFER_BENCH_QUAD -lquadmath"
fi
${CC:-cc} -std=c11 -O2 -Iinclude -Isrc bench/fp-speed.c build/libferret.a \
  -lmpfr -lgmp $QUAD -lm -o build/bench/fp-speed
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //') ($(nproc) cpus)"
echo "compiler: $(${CC:-cc} --version | head -1), -O2; MPFR $(printf '#include <mpfr.h>\nMPFR_VERSION_STRING\n' | ${CC:-cc} -E -P - | tail -1)"
echo "command: bench/fp-speed.sh $*"
build/bench/fp-speed "$@"
