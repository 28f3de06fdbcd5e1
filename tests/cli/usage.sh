#!/bin/sh
# Usage errors exit 2 with a message on stderr and nothing on stdout.
: "${FERRET:=build-san/ferret}"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
echo '(check-sat)' > "$dir/a.smt2"
fail=0
expect2() { # description, then the arguments
  what=$1
  shift
  "$FERRET" "$@" > "$dir/out" 2> "$dir/err"
  rc=$?
  if [ $rc -ne 2 ]; then echo "$what: exit $rc, expected 2"; fail=1; fi
  if [ -s "$dir/out" ]; then echo "$what: wrote to stdout"; fail=1; fi
  if ! grep -q "^ferret [a-z]*: " "$dir/err"; then echo "$what: no message"; fail=1; fi
  if [ "$(wc -l < "$dir/err")" != 1 ]; then echo "$what: the message is not one line"; fail=1; fi
}
expect2 "unknown option" --bogus "$dir/a.smt2"
expect2 "unknown short option" -x "$dir/a.smt2"
expect2 "no file" --seed=3
expect2 "two files" "$dir/a.smt2" "$dir/a.smt2"
expect2 "missing value" "$dir/a.smt2" --seed
expect2 "bad value" --seed=abc "$dir/a.smt2"
expect2 "out of range" --timeout=-1 "$dir/a.smt2"
expect2 "flag out of range" --stats=2 "$dir/a.smt2"
expect2 "--no- on a non-flag" --no-seed "$dir/a.smt2"
expect2 "unknown value name" --backend=libfuzz "$dir/a.smt2"
expect2 "value name of another option" --encoding=smart "$dir/a.smt2"
"$FERRET" --bogus "$dir/a.smt2" 2> "$dir/err"
grep -q "unknown option --bogus" "$dir/err" || { echo "message does not name the option"; fail=1; }
# accepted spellings
for args in "--seed=5" "--seed 5" "--max-memory=100" "--max_memory 100" \
    "--stats" "--no-stats" "--stats=0" "--model=true" "--encoding 1" \
    "--pure-random 0" "--stats false" "--encoding try-all" "--encoding=fail-fast" \
    "--seeds naive" "--seeds=none" "--layout bit"; do
  # shellcheck disable=SC2086
  "$FERRET" $args "$dir/a.smt2" > /dev/null 2>&1
  rc=$?
  # (check-sat) of no assertions is sat: 10
  if [ $rc -ne 10 ]; then echo "'$args' rejected (exit $rc)"; fail=1; fi
done
# a 0..1 option followed by a value takes it ("--encoding 1" is not a file)
"$FERRET" --stats 1 "$dir/a.smt2" > /dev/null 2> "$dir/err"
grep -q '"result": "sat"' "$dir/err" || { echo "--stats 1 did not turn stats on"; fail=1; }
# a choice option followed by one of its value names takes it
"$FERRET" --encoding try-all --stats "$dir/a.smt2" > /dev/null 2> "$dir/err"
grep -q '"result": "sat"' "$dir/err" || { echo "--encoding try-all: no stats"; fail=1; }
"$FERRET" --stats 0 "$dir/a.smt2" > /dev/null 2> "$dir/err"
[ -s "$dir/err" ] && { echo "--stats 0 printed stats"; fail=1; }
exit $fail
