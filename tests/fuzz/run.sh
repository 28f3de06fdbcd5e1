#!/bin/sh
# Fuzz the reader with libFuzzer for SECONDS (default 60):
#   tests/fuzz/run.sh [SECONDS]
# Builds build-fuzz/fuzz_reader (clang -fsanitize=fuzzer,address,undefined),
# seeds from every .smt2 file of the benchmark corpus ($FERRET_BENCH or
# ../shared/bench) and tests/parse-errors, keeps the grown corpus in
# build-fuzz/corpus, writes crashing inputs to build-fuzz/crashes/ and
# prints executions, coverage and crashes.  Minimise a crash with
#   build-fuzz/fuzz_reader -minimize_crash=1 -runs=10000 CRASH
# and keep it in tests/fuzz/crashes/ (run.sh replays those first).
# Inputs that are not corpus files (the fuzzer's own) stay in build-fuzz/.
set -e
cd "$(dirname "$0")/../.."
secs=${1:-60}
bench=${FERRET_BENCH:-../shared/bench}
out=build-fuzz
CC=${FUZZ_CC:-clang}
mkdir -p $out/obj $out/seeds $out/corpus $out/crashes
flags="-std=c11 -D_POSIX_C_SOURCE=200809L -g -O1 -Iinclude -Isrc -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
echo "building $out/fuzz_reader"
# Compile each library file only when it changed (sources are globbed, as
# in the Makefile).
objs=""
for src in src/*.c src/fp/*.c; do
  obj=$out/obj/$(echo "$src" | tr / _ | sed 's/\.c$/.o/')
  if [ ! -f "$obj" ] || [ "$src" -nt "$obj" ] || [ -n "$(find src include -name '*.h' -newer "$obj" | head -1)" ]; then
    $CC $flags -fsanitize=fuzzer-no-link -c "$src" -o "$obj"
  fi
  objs="$objs $obj"
done
$CC $flags tests/fuzz/fuzz_reader.c $objs -lm -o $out/fuzz_reader
# Regression inputs first: each must run cleanly within 10 s (timeouts
# are bugs too).  A failing one is reported and fails the run at the end.
regressions=0
for c in tests/fuzz/crashes/*; do
  [ -f "$c" ] || continue
  if ! $out/fuzz_reader -timeout=10 -runs=1 "$c" >/dev/null 2>&1; then
    echo "REGRESSION: $c still crashes or times out"
    regressions=$((regressions + 1))
  fi
done
if [ -z "$(ls $out/seeds)" ]; then
  n=0
  for f in $(find "$bench" -name '*.smt2') tests/parse-errors/*.smt2; do
    n=$((n + 1))
    cp "$f" $out/seeds/seed$n.smt2
  done
  echo "seeded $n files"
fi
before=$(ls $out/crashes | wc -l)
log=$out/fuzz.log
set +e
# FUZZ_FORK=1: fork mode, which goes on after a timeout or out-of-memory
# (each is still saved in build-fuzz/crashes/) and stops at a crash.
fork=""
[ "${FUZZ_FORK:-0}" = 1 ] && fork="-fork=1 -ignore_timeouts=1 -ignore_ooms=1"
# shellcheck disable=SC2086
$out/fuzz_reader -max_len=65536 -rss_limit_mb=2048 -timeout=20 $fork \
  -max_total_time="$secs" -print_final_stats=1 -dict=tests/fuzz/smtlib.dict \
  -artifact_prefix=$out/crashes/ $out/corpus $out/seeds >"$log" 2>&1
rc=$?
set -e
after=$(ls $out/crashes | wc -l)
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
if [ -n "$fork" ]; then # fork mode prints "#N: cov: .. exec/s R .."
  execs=$(grep -o '^#[0-9]*: cov' "$log" | tail -1 | tr -dc 0-9)
  t=$(grep -o 'time: [0-9]*s' "$log" | tail -1 | tr -dc 0-9)
  [ -n "$execs" ] && [ -n "$t" ] && [ "$t" -gt 0 ] && rate=$((execs / t))
fi
cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1)
echo "fuzz: ${secs}s, executions ${execs:-?}, ${rate:-?} exec/s, ${cov:-cov: ?}, ${ft:-ft: ?}, corpus $(ls $out/corpus | wc -l) files"
echo "fuzz: crashes found: $((after - before)) (exit $rc; log $log)"
[ "$regressions" = 0 ] || echo "fuzz: $regressions regression input(s) fail"
[ "$after" = "$before" ] && [ "$rc" = 0 ] && [ "$regressions" = 0 ]
