#!/bin/sh
# Physical-limit benchmark: how many candidate evaluations per second a
# natively compiled program of the formula achieves (ferret smt2c --main,
# cc -O2, `--bench N`: N pseudo-random inputs, fail-fast and try-all), next
# to the in-process engine's executions per second (ferret --stats,
# execs_per_sec, which include mutation, coverage and bookkeeping).
#
#   bench/native-limit.sh [FILE...]     (defaults: a few paper-suite files)
# Env: FERRET (build/ferret), CC (cc), N (2000000), T (engine seconds, 5).
: "${FERRET:=build/ferret}" "${CC:=cc}" "${N:=2000000}" "${T:=5}"
: "${FERRET_BENCH:=../shared/bench}"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
if [ $# = 0 ]; then
  set -- \
    "$FERRET_BENCH/QF_BVFP/20170428-Liew-KLEE/imperial_svcomp_float-benchs_svcomp_mea8000.x86_64/query.02486.smt2" \
    "$FERRET_BENCH/QF_BVFP/20170428-Liew-KLEE/imperial_gsl_benchmarks_sort_smallest_klee.x86_64/query.0892.smt2" \
    "$FERRET_BENCH/QF_BVFP/20170428-Liew-KLEE/imperial_svcomp_float-benchs_svcomp_rlim_invariant.x86_64/query.262.smt2" \
    "$FERRET_BENCH/QF_FP/griggio-fmcad12/test_v5_r10_vr1_c1_s19145.smt2"
fi
printf '%-60s %14s %14s %14s %8s\n' file native-ff/s native-ta/s engine/s result
for f in "$@"; do
  for enc in 0 1; do
    "$FERRET" smt2c --main --encoding=$enc "$f" > "$dir/p$enc.c" &&
      $CC -std=c11 -O2 -o "$dir/p$enc" "$dir/p$enc.c" -lm ||
      { echo "cannot build $f"; continue 2; }
  done
  ff=$("$dir/p0" --bench "$N" | sed 's/.*s, \([0-9]*\) evaluations.*/\1/')
  ta=$("$dir/p1" --bench "$N" | sed 's/.*s, \([0-9]*\) evaluations.*/\1/')
  res=$("$FERRET" --timeout="$T" --stats "$f" 2> "$dir/stats")
  es=$(sed -n 's/.*"execs_per_sec": \([0-9.]*\).*/\1/p' "$dir/stats" | tail -1)
  printf '%-60s %14s %14s %14s %8s\n' "$(echo "$f" | sed 's|.*/\([^/]*/[^/]*\)$|\1|')" "$ff" "$ta" "$es" "$res"
done
