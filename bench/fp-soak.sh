#!/bin/sh
# Soak test of the FP arithmetic core (src/fp) against MPFR.
#
# Builds the FP oracle tests (tests/test_fp_arith.c, tests/test_fp_oracle.c)
# at -O2 without sanitizers against the release library and runs every test
# as its own process, JOBS at a time, with FERRET_FP_CASES random cases per
# operation x format x rounding mode (default 10^8; CI runs 10^5 in the
# sanitizer build).
#
#   bench/fp-soak.sh                 every FP arithmetic test, 10^8 cases each
#   bench/fp-soak.sh mpfr_fma        only tests whose name contains mpfr_fma
#   FERRET_FP_CASES=1000000 FERRET_FP_SEED=7 JOBS=8 bench/fp-soak.sh
#
# FERRET_FP_HW_CASES sets the cases of the hardware-vs-generic test
# (default: 100 x FERRET_FP_CASES).  Exit status 1 if any test failed; the
# mismatches are in build/fp-soak/<test>.log.
set -e
cd "$(dirname "$0")/.."
: "${FERRET_FP_CASES:=100000000}"
: "${FERRET_FP_HW_CASES:=$((FERRET_FP_CASES * 100))}"
: "${JOBS:=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}"
export FERRET_FP_CASES FERRET_FP_HW_CASES
out=build/fp-soak
mkdir -p "$out"
make -s build/libferret.a
srcs="tests/test_fp_arith.c tests/test_fp_oracle.c"
sed -n 's/^TEST(\([A-Za-z0-9_]*\)).*/X(\1)/p' $srcs > "$out/tests.inc"
${CC:-cc} -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -g -Iinclude -Isrc -Itests -I"$out" \
  tests/main.c $srcs build/libferret.a -lmpfr -lgmp -lm -o "$out/fp-soak"
filter=${1:-}
sed -n 's/^X(\(.*\))$/\1/p' "$out/tests.inc" | grep -e "$filter" |
  xargs -P "$JOBS" -I{} sh -c \
    'if "$0/fp-soak" {} >"$0/{}.log" 2>&1; then echo "ok   {}"; else echo "FAIL {}"; fi;
     grep -E "cases|comparisons" "$0/{}.log" || true' "$out" > "$out/summary.txt"
cat "$out/summary.txt"
! grep -q '^FAIL' "$out/summary.txt"
