#!/bin/sh
# ferret opt prints the formula of the last check-sat as an SMT-LIB script,
# answers nothing, and what it prints reads back to the same script.
: "${FERRET:=build-san/ferret}"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail=0
cat > "$dir/in.smt2" <<'SMT'
(set-logic QF_BV)
(declare-const x (_ BitVec 8))
(declare-const y (_ BitVec 8))
(push 1)
(assert (= (bvadd x y) #x10))
(check-sat)
(get-model)
(pop 1)
(assert (= x #x99))
SMT
"$FERRET" opt "$dir/in.smt2" > "$dir/t1.smt2" 2> "$dir/err"
rc=$?
[ $rc = 0 ] || { echo "opt: exit $rc"; cat "$dir/err"; fail=1; }
grep -q '^(set-logic QF_BV)$' "$dir/t1.smt2" || { echo "no set-logic"; fail=1; }
grep -q '(assert (= (bvadd x y) #x10))' "$dir/t1.smt2" || { echo "no assertion"; fail=1; }
if grep -q 'sat\|#x99\|error' "$dir/t1.smt2"; then echo "opt printed an answer or the popped-away assertion"; fail=1; fi
"$FERRET" opt "$dir/t1.smt2" > "$dir/t2.smt2" 2>&1
cmp -s "$dir/t1.smt2" "$dir/t2.smt2" || { echo "opt output does not read back the same"; diff "$dir/t1.smt2" "$dir/t2.smt2"; fail=1; }
# --domains: each variable's domain as a comment, and an unsat proof
cat > "$dir/iv.smt2" <<'SMT'
(set-logic QF_BV)
(declare-const a (_ BitVec 8))
(assert (bvuge a #x10))
(assert (bvult a #x20))
(check-sat)
SMT
"$FERRET" opt --domains "$dir/iv.smt2" > "$dir/iv.out" 2>&1
grep -q '^;   a in \[#x10, #x1f\]$' "$dir/iv.out" || { echo "opt --domains: no domain"; cat "$dir/iv.out"; fail=1; }
sed 's/^(check-sat)$/(assert (bvugt a #x30))(check-sat)/' "$dir/iv.smt2" > "$dir/iv2.smt2"
"$FERRET" opt --domains "$dir/iv2.smt2" > "$dir/iv2.out" 2>&1
grep -q 'unsat (a domain is empty)' "$dir/iv2.out" || { echo "opt --domains: no proof"; cat "$dir/iv2.out"; fail=1; }
[ $fail = 0 ] || cat "$dir/t1.smt2"
exit $fail
