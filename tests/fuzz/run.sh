#!/bin/sh
# Run the reader's fuzzer for SECONDS (default 60); `make fuzz-run
# FUZZ_SECONDS=N` builds build-fuzz/fuzz_reader and calls this.
#
# First replays every input of tests/fuzz/regress/ (each must run cleanly
# within 10 s: timeouts are bugs too), then fuzzes, seeded from the
# benchmark corpus ($FERRET_BENCH or ../shared/bench, when present),
# tests/regress/ and tests/parse-errors/.  The grown corpus stays in
# build-fuzz/corpus, crashing inputs go to build-fuzz/crashes/.  Minimise a
# crash with
#   build-fuzz/fuzz_reader -minimize_crash=1 -runs=10000 CRASH
# and keep it in tests/fuzz/regress/ (`make test` replays those too).
# FUZZ_FORK=1: fork mode, which goes on after a timeout or out-of-memory.
set -e
cd "$(dirname "$0")/../.."
secs=${1:-60}
bench=${FERRET_BENCH:-../shared/bench}
out=build-fuzz
[ -x $out/fuzz_reader ] || { echo "run.sh: build it first: make fuzz" >&2; exit 2; }
mkdir -p $out/seeds $out/corpus $out/crashes
regressions=0
for c in tests/fuzz/regress/*; do
  [ -f "$c" ] || continue
  if ! $out/fuzz_reader -timeout=10 -runs=1 "$c" >/dev/null 2>&1; then
    echo "REGRESSION: $c still crashes or times out"
    regressions=$((regressions + 1))
  fi
done
if [ -z "$(ls $out/seeds)" ]; then
  n=0
  for f in $( (find "$bench" -name '*.smt2' 2>/dev/null || true) | sort) \
      tests/regress/*.smt2 tests/parse-errors/*.smt2; do
    n=$((n + 1))
    cp "$f" $out/seeds/seed$n.smt2
  done
  echo "seeded $n files"
fi
before=$(ls $out/crashes | wc -l)
log=$out/fuzz.log
fork=""
[ "${FUZZ_FORK:-0}" = 1 ] && fork="-fork=1 -ignore_timeouts=1 -ignore_ooms=1"
set +e
# shellcheck disable=SC2086
$out/fuzz_reader -max_len=65536 -rss_limit_mb=2048 -timeout=20 $fork \
  -max_total_time="$secs" -print_final_stats=1 -dict=tests/fuzz/smtlib.dict \
  -artifact_prefix=$out/crashes/ $out/corpus $out/seeds >"$log" 2>&1
rc=$?
set -e
after=$(ls $out/crashes | wc -l)
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
echo "fuzz: ${secs}s, executions ${execs:-?}, ${rate:-?} exec/s, ${cov:-cov: ?}, corpus $(ls $out/corpus | wc -l) files"
echo "fuzz: crashes found: $((after - before)) (exit $rc; log $log)"
[ "$regressions" = 0 ] || echo "fuzz: $regressions regression input(s) fail"
[ "$after" = "$before" ] && [ "$rc" = 0 ] && [ "$regressions" = 0 ]
