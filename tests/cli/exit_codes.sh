#!/bin/sh
# Exit codes: 10 sat, 20 unsat, 0 unknown or no check-sat, 1 input error.
: "${FERRET:=build-san/ferret}"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail=0
check() { # expected-code expected-stdout file-content
  printf '%s\n' "$3" > "$dir/in.smt2"
  out=$("$FERRET" "$dir/in.smt2" 2> "$dir/err")
  rc=$?
  if [ "$rc" != "$1" ]; then echo "exit $rc, expected $1 for: $3"; fail=1; fi
  if [ "$out" != "$2" ]; then echo "output '$out', expected '$2' for: $3"; fail=1; fi
}
check 10 "sat" "(declare-const x (_ BitVec 8))(assert (= x #x07))(check-sat)"
check 20 "unsat" "(declare-const p Bool)(assert p)(assert (not p))(check-sat)"
check 0 "" "(declare-const p Bool)(assert p)"
# the last check-sat counts
check 10 "unsat
sat" "(declare-const p Bool)(push 1)(assert false)(check-sat)(pop 1)(check-sat)"
# any error in the input gives 1, even after sat
out=$(printf '(check-sat)\n(assert q)\n' > "$dir/e.smt2"; "$FERRET" "$dir/e.smt2" 2> "$dir/err")
rc=$?
[ $rc = 1 ] || { echo "error: exit $rc, expected 1"; fail=1; }
printf 'sat\n(error "%s/e.smt2:2:9: unknown symbol '"'"'q'"'"'")\n' "$dir" > "$dir/want"
[ "$out" = "$(cat "$dir/want")" ] || { echo "error output: $out"; fail=1; }
grep -q "e.smt2:2:9: unknown symbol 'q'" "$dir/err" || { echo "no diagnostic"; fail=1; }
# a file that cannot be read: 1 and a message
"$FERRET" "$dir/missing.smt2" > "$dir/out" 2> "$dir/err"
rc=$?
[ $rc = 1 ] || { echo "missing file: exit $rc"; fail=1; }
grep -q "cannot open" "$dir/err" || { echo "missing file: no message"; fail=1; }
# the examples
"$FERRET" examples/quickstart.smt2 > "$dir/out" 2>&1
rc=$?
[ $rc = 10 ] || { echo "quickstart: exit $rc"; cat "$dir/out"; fail=1; }
"$FERRET" examples/bv.smt2 > "$dir/out" 2>&1
rc=$?
[ $rc = 10 ] || { echo "bv example: exit $rc"; cat "$dir/out"; fail=1; }
grep -q "(define-fun w () (_ BitVec 32) #x78563412)" "$dir/out" || { echo "bv example: wrong w"; cat "$dir/out"; fail=1; }
exit $fail
