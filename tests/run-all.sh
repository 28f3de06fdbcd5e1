#!/bin/sh
# Run every test against the sanitizer build: the unit/regression runner,
# then the command-line scripts in tests/cli/.  Closes with one
# "all: N passed, N failed, N skipped" line; a script that exits 77 (a tool
# it needs is missing) is skipped, as is a unit test that calls SKIP.
cd "$(dirname "$0")/.." || exit 1
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
# The corpus beside the repository, when there is one (a user's clone has
# none: the corpus tests are then skipped, unless FERRET_BENCH is set).
if [ -z "${FERRET_BENCH:-}" ] && [ -f ../shared/bench/MANIFEST.tsv ]; then
  FERRET_BENCH=$(cd ../shared/bench && pwd)
fi
if [ -n "${FERRET_BENCH:-}" ]; then export FERRET_BENCH; fi
passed=0
failed=0
skipped=0
out=$(mktemp)
build-san/ferret-tests "$@" | tee "$out"
unit=$(sed -n 's/^unit: \([0-9]*\) passed, \([0-9]*\) failed, \([0-9]*\) skipped$/\1 \2 \3/p' "$out")
if [ -n "$unit" ]; then
  # the counts read without `set --`: "$@" (the test filters) is used again
  # by the debug runner below
  rest=${unit#* }
  passed=$((passed + ${unit%% *}))
  failed=$((failed + ${rest%% *}))
  skipped=$((skipped + ${rest#* }))
else
  echo "FAIL unit runner crashed"
  failed=$((failed + 1))
fi
rm -f "$out"
# The debug build's unit runner (make debug: -O0, every assert() of the
# library on), with the smaller loops of FERRET_QUICK=1; counted as one
# result, skipped when that build is absent.
if [ -x build-debug/ferret-tests ]; then
  if FERRET_QUICK=1 build-debug/ferret-tests "$@" >"/tmp/ferret-debug.$$" 2>&1 &&
    ! tail -1 "/tmp/ferret-debug.$$" | grep -q '^unit: 0 passed'; then
    echo "ok   debug build: $(tail -1 "/tmp/ferret-debug.$$")"
    passed=$((passed + 1))
  else
    echo "FAIL debug build (build-debug/ferret-tests)"
    grep -e '^FAIL' -e 'Assertion' -e 'CHECK failed' "/tmp/ferret-debug.$$" | head -30 | sed 's/^/    /'
    tail -3 "/tmp/ferret-debug.$$" | sed 's/^/    /'
    failed=$((failed + 1))
  fi
  rm -f "/tmp/ferret-debug.$$"
else
  echo "skip debug build (no build-debug/ferret-tests: make debug)"
  skipped=$((skipped + 1))
fi
for t in tests/cli/*.sh; do
  [ -f "$t" ] || continue
  FERRET=build-san/ferret sh "$t" >"/tmp/ferret-cli.$$" 2>&1
  rc=$?
  if [ "$rc" = 0 ]; then
    echo "ok   $t"
    passed=$((passed + 1))
  elif [ "$rc" = 77 ]; then
    echo "skip $t ($(tail -1 "/tmp/ferret-cli.$$"))"
    skipped=$((skipped + 1))
  else
    echo "FAIL $t"
    sed 's/^/    /' "/tmp/ferret-cli.$$" | tail -30
    failed=$((failed + 1))
  fi
  rm -f "/tmp/ferret-cli.$$"
done
echo "all: $passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]
