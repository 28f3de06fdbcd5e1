#!/bin/sh
# Fuzz ferret's readers of untrusted input: tests/fuzz/run.sh SECONDS
# [TARGET...] (default 60 s; all targets); `make fuzz-run FUZZ_SECONDS=N`
# builds build-fuzz/fuzz_T and calls this.  Targets (tests/fuzz/fuzz_T.c):
#   reader    SMT-LIB scripts        samples   sample files (coverage)
#   seeds     seed files             partner   a portfolio partner's output
#   concolic  QUERIES and SEED       hunt_log  a campaign's log and ranking
#   bench     bench results TSVs
#
# Per target, first replays every input of its regression folder (each
# must run cleanly within 10 s: timeouts are bugs too), then fuzzes for
# SECONDS from its seed corpus:
#   reader:  regressions tests/fuzz/regress/, seeds the benchmark corpus
#            ($FERRET_BENCH or ../shared/bench, when present), tests/regress/
#            and tests/parse-errors/, dictionary tests/fuzz/smtlib.dict;
#   others:  regressions tests/fuzz/T/regress/, seeds tests/fuzz/T/seeds/,
#            dictionary tests/fuzz/T/dict (else smtlib.dict).
# The grown corpus stays in build-fuzz/corpus-T, crashing inputs go to
# build-fuzz/crashes-T/.  Minimise a crash with
#   build-fuzz/fuzz_T -minimize_crash=1 -runs=10000 CRASH
# and keep it in the target's regression folder (`make test` replays
# those, and the seeds, through build-san/fuzz-replay-T).
# FUZZ_FORK=1: fork mode, which goes on after a timeout or out-of-memory.
set -e
cd "$(dirname "$0")/../.."
secs=${1:-60}
[ $# -gt 0 ] && shift
targets=${*:-reader samples seeds partner concolic hunt_log bench}
bench=${FERRET_BENCH:-../shared/bench}
out=build-fuzz
failed=0
for t in $targets; do
  bin=$out/fuzz_$t
  [ -x "$bin" ] || { echo "run.sh: build it first: make fuzz ($bin)" >&2; exit 2; }
  if [ "$t" = reader ]; then
    regress=tests/fuzz/regress corpus=$out/corpus seeds=$out/seeds crashes=$out/crashes
    dict=tests/fuzz/smtlib.dict maxlen=65536
  else
    regress=tests/fuzz/$t/regress corpus=$out/corpus-$t seeds=tests/fuzz/$t/seeds
    crashes=$out/crashes-$t dict=tests/fuzz/$t/dict maxlen=16384
    [ -f "$dict" ] || dict=tests/fuzz/smtlib.dict
  fi
  mkdir -p "$corpus" "$crashes" "$seeds"
  regressions=0
  for c in "$regress"/*; do
    [ -f "$c" ] || continue
    if ! "$bin" -timeout=10 -runs=1 "$c" >/dev/null 2>&1; then
      echo "REGRESSION: $t: $c still crashes or times out"
      regressions=$((regressions + 1))
    fi
  done
  if [ "$t" = reader ] && [ -z "$(ls "$seeds")" ]; then
    n=0
    for f in $( (find "$bench" -name '*.smt2' 2>/dev/null || true) | sort) \
        tests/regress/*.smt2 tests/parse-errors/*.smt2; do
      n=$((n + 1))
      cp "$f" "$seeds/seed$n.smt2"
    done
    echo "seeded $n files"
  fi
  before=$(ls "$crashes" | wc -l)
  log=$out/fuzz-$t.log
  fork=""
  [ "${FUZZ_FORK:-0}" = 1 ] && fork="-fork=1 -ignore_timeouts=1 -ignore_ooms=1"
  set +e
  # shellcheck disable=SC2086
  "$bin" -max_len=$maxlen -rss_limit_mb=2048 -timeout=20 $fork \
    -max_total_time="$secs" -print_final_stats=1 -dict="$dict" \
    -artifact_prefix="$crashes/" "$corpus" "$seeds" >"$log" 2>&1
  rc=$?
  set -e
  after=$(ls "$crashes" | wc -l)
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
  echo "fuzz $t: ${secs}s, executions ${execs:-?}, ${rate:-?} exec/s, ${cov:-cov: ?}, corpus $(ls "$corpus" | wc -l) files"
  echo "fuzz $t: crashes found: $((after - before)) (exit $rc; log $log)"
  [ "$regressions" = 0 ] || echo "fuzz $t: $regressions regression input(s) fail"
  { [ "$after" = "$before" ] && [ "$rc" = 0 ] && [ "$regressions" = 0 ]; } || failed=$((failed + 1))
done
[ "$failed" = 0 ]
