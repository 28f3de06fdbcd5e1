#!/bin/sh
# Run every test against the sanitizer build: the unit/regression runner,
# then the command-line scripts in tests/cli/.  Closes with one
# "all: N passed, N failed" line.
cd "$(dirname "$0")/.." || exit 1
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
: "${FERRET_BENCH:=$(cd .. && pwd)/shared/bench}"
export FERRET_BENCH
passed=0
failed=0
out=$(mktemp)
build-san/ferret-tests "$@" | tee "$out"
unit=$(sed -n 's/^unit: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' "$out")
if [ -n "$unit" ]; then
  passed=$((passed + ${unit% *}))
  failed=$((failed + ${unit#* }))
else
  echo "FAIL unit runner crashed"
  failed=$((failed + 1))
fi
rm -f "$out"
for t in tests/cli/*.sh; do
  [ -f "$t" ] || continue
  if FERRET=build-san/ferret sh "$t" >"/tmp/ferret-cli.$$" 2>&1; then
    echo "ok   $t"
    passed=$((passed + 1))
  else
    echo "FAIL $t"
    sed 's/^/    /' "/tmp/ferret-cli.$$" | tail -30
    failed=$((failed + 1))
  fi
  rm -f "/tmp/ferret-cli.$$"
done
echo "all: $passed passed, $failed failed"
[ "$failed" = 0 ]
