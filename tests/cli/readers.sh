#!/bin/sh
# Command-line readers of untrusted input: inputs that fuzzing found to
# crash or misbehave (tests/fuzz/), run through the ferret command under
# the sanitizers.
: "${FERRET:=build-san/ferret}"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail=0
# concolic: a QUERIES file that declares bytes but asserts nothing (its
# query list is empty: copying it was undefined behaviour)
printf 'AB' > "$dir/seed"
printf '(declare-const k!0 (_ BitVec 8))\n' > "$dir/q.smt2"
"$FERRET" concolic --input "$dir/seed" --out "$dir/o" "$dir/q.smt2" > "$dir/out" 2> "$dir/err"
rc=$?
[ $rc = 0 ] && [ ! -s "$dir/out" ] || { echo "concolic without queries: exit $rc"; cat "$dir/err"; fail=1; }
exit $fail
