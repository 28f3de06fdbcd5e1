#!/bin/sh
# --seed-file: a user's assignment seeds the search.  x * 0x9e3779b97f4a7c15
# = 0x0123456789abcdef (mod 2^64) has exactly one solution,
# x = 0x66be9a9010cb6ef3 (the constant's inverse times the target, worked
# out outside ferret); with a budget of 1000 executions the search alone
# does not find it, with the seed it must.
: "${FERRET:=build-san/ferret}"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail=0
cat > "$dir/f.smt2" <<'SMT'
(declare-const x (_ BitVec 64))
(assert (= (bvmul x #x9e3779b97f4a7c15) #x0123456789abcdef))
(check-sat)
SMT
echo '(model (define-fun x () (_ BitVec 64) #x66be9a9010cb6ef3))' > "$dir/seed"
out=$("$FERRET" --max-execs 1000 "$dir/f.smt2" 2>&1)
[ "$out" = unknown ] || { echo "without seed: '$out', expected unknown"; fail=1; }
out=$("$FERRET" --max-execs 1000 --seed-file "$dir/seed" "$dir/f.smt2" 2>&1)
[ "$out" = sat ] || { echo "with seed: '$out', expected sat"; fail=1; }
out=$("$FERRET" --max-execs 1000 --seed-file="$dir/seed" --model "$dir/f.smt2" 2>&1)
echo "$out" | grep -q '#x66be9a9010cb6ef3' || { echo "model lacks the seed value: $out"; fail=1; }
# a malformed seed file: a warning, and the search goes on
echo '(define-fun x () (_ BitVec 64) nonsense)' > "$dir/bad"
"$FERRET" --max-execs 1000 --seed-file "$dir/bad" "$dir/f.smt2" > "$dir/out" 2> "$dir/err"
grep -qx unknown "$dir/out" || { echo "bad seed: no unknown answer"; fail=1; }
grep -q "warning: seeds ignored" "$dir/err" || { echo "bad seed: no warning"; cat "$dir/err"; fail=1; }
# a missing seed file is a usage error
"$FERRET" --seed-file "$dir/missing" "$dir/f.smt2" > /dev/null 2>&1
[ $? = 2 ] || { echo "missing seed file: exit code is not 2"; fail=1; }
exit $fail
