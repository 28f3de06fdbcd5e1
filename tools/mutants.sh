#!/bin/sh
# The mutation check: apply each deliberate bug of tools/mutants.txt, one at
# a time, to a copy of the tree (never this one), rebuild the sanitizer test
# runner there, and run the mutant's test filters in turn.  A mutant is
# killed when a test fails that passes on the unmutated tree (each failing
# test is re-run once on a copy of the unmutated runner, so a test that fails
# for another reason, e.g. a timeout on a loaded machine, kills nothing),
# and survives when every filter passes.
#
#   tools/mutants.sh [LIST]          (default tools/mutants.txt; `make mutants`)
#
# MUTANTS_FROM=N starts at the N-th mutant; MUTANTS_DIR names the copy
# (kept, with the logs of each run and the unmutated runner's, in log/);
# FERRET_QUICK=1 (the default here) shrinks the oracle loops.
#
# Writes one line per mutant and a summary to stdout, and the table to
# $MUTANTS_OUT (default mutants.tsv in the copy).  Needs the tree's
# build-san objects (make build-san/ferret-tests) to rebuild only what a
# mutant touches.  Takes a while: a build and one to three test runs each.
root=$(cd "$(dirname "$0")/.." && pwd)
list=${1:-$root/tools/mutants.txt}
work=${MUTANTS_DIR:-${TMPDIR:-/tmp}/ferret-mutants.$$}
limit=${MUTANTS_TIMEOUT:-900}
from=${MUTANTS_FROM:-1} # skip the mutants before this number
# the oracle loops shrunk (a mutant of the semantics fails them at once)
export FERRET_QUICK="${FERRET_QUICK:-1}"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
[ -f "$list" ] || { echo "mutants: no list $list" >&2; exit 2; }
mkdir -p "$work/tree" "$work/log" || exit 2
echo "mutants: copying the tree to $work/tree"
(cd "$root" && tar cf - --exclude=./.git .) | (cd "$work/tree" && tar xf -) || exit 2
cd "$work/tree" || exit 2
make -j2 build-san/ferret-tests > "$work/log/base-build" 2>&1 || { echo "mutants: the unmutated tree does not build" >&2; exit 2; }
cp build-san/ferret-tests "$work/base-tests"
out=${MUTANTS_OUT:-$work/mutants.tsv}
printf 'n\tfile\tresult\tby\tseconds\tmutant\n' > "$out"
start=$(date +%s)
n=0 killed=0 survived=0 invalid=0
# The failures a run shows: the tests it names as failed (the runner's FAIL
# lines: a test may count its failures without a CHECK line, e.g. the MPFR
# comparison loops), its CHECK lines, sanitizer reports, a crash.
failures() { # log rc
  grep -E '^FAIL |CHECK failed|runtime error|ERROR: AddressSanitizer|ERROR: LeakSanitizer' "$1" |
    sed 's/0x[0-9a-f]*/ADDR/g' | sort -u
  grep -q '^unit: ' "$1" || echo "(runner exit $2, no summary)"
}
# The same for the unmutated runner on `filter` (run once, cached).
base_failures() {
  if [ ! -f "$work/log/base.$1.fails" ]; then
    timeout "$limit" "$work/base-tests" "$1" < /dev/null > "$work/log/base.$1" 2>&1
    failures "$work/log/base.$1" $? > "$work/log/base.$1.fails"
  fi
  cat "$work/log/base.$1.fails"
}
while IFS='%' read -r file script filters what; do
  case "$file" in '#'*|'') continue ;; esac
  file=$(echo "$file" | sed 's/^ *//; s/ *$//')
  script=$(echo "$script" | sed 's/^ *//; s/ *$//')
  what=$(echo "$what" | sed 's/^ *//; s/ *$//')
  n=$((n + 1))
  [ "$n" -ge "$from" ] || continue
  t0=$(date +%s)
  cp "$file" "$work/orig"
  sed -e "$script" "$work/orig" > "$work/mutated"
  changed=$(diff "$work/orig" "$work/mutated" | grep -c '^<')
  result=invalid by=
  if [ "$changed" != 1 ]; then
    by="sed changed $changed lines"
  else
    cp "$work/mutated" "$file"
    if ! make -j2 build-san/ferret-tests < /dev/null > "$work/log/build.$n" 2>&1; then
      by="does not build"
    else
      result=survived
      for flt in $filters; do
        timeout "$limit" build-san/ferret-tests "$flt" < /dev/null > "$work/log/run.$n.$flt" 2>&1
        failures "$work/log/run.$n.$flt" $? > "$work/log/run.$n.$flt.fails"
        [ -s "$work/log/run.$n.$flt.fails" ] || continue
        base_failures "$flt" > "$work/log/base.now"
        new=$(grep -vxF -f "$work/log/base.now" "$work/log/run.$n.$flt.fails" | head -1)
        [ -z "$new" ] || { result=killed by="$flt: $(echo "$new" | cut -c1-100)"; break; }
      done
    fi
  fi
  cp "$work/orig" "$file" # a new mtime: rebuilt unmutated next time
  secs=$(($(date +%s) - t0))
  case $result in
    killed) killed=$((killed + 1)) ;;
    survived) survived=$((survived + 1)) ;;
    *) invalid=$((invalid + 1)) ;;
  esac
  printf '%d\t%s\t%s\t%s\t%d\t%s\n' "$n" "$file" "$result" "$by" "$secs" "$what" >> "$out"
  printf '%2d %-9s %-26s %s%s (%ds)\n' "$n" "$result" "$file" "$what" "${by:+  [$by]}" "$secs"
done < "$list"
make -j2 build-san/ferret-tests > /dev/null 2>&1
total=$((killed + survived))
echo "mutants: $killed of $total killed, $survived survived, $invalid invalid, $(($(date +%s) - start)) s; table in $out"
[ "$survived" = 0 ] && [ "$invalid" = 0 ]
