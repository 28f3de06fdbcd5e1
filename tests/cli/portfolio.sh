#!/bin/sh
# --portfolio CMD: a complete solver beside the search.  Its unsat is
# taken (found_by portfolio); its sat only with a model ferret's evaluator
# accepts (a planted partner printing a wrong model is caught: the search
# goes on and finds the model itself); ferret's own answer stops a slow
# partner at once, leaving no process behind; it works across push/pop; a
# command that does not exist is a usage error.
: "${FERRET:=build-san/ferret}"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail=0
skipped=
# planted partners (no shell between ferret and them: these are programs)
cat > "$dir/liar" <<'EOF'
#!/bin/sh
cat > /dev/null
echo sat
echo '((define-fun x () (_ BitVec 8) #x00))'
EOF
cat > "$dir/slow" <<'EOF'
#!/bin/sh
cat > /dev/null
sleep 30
echo unsat
EOF
cat > "$dir/prover" <<'EOF'
#!/bin/sh
cat > /dev/null
echo unsat
EOF
chmod +x "$dir/liar" "$dir/slow" "$dir/prover"
cat > "$dir/sat.smt2" <<'EOF'
(declare-const x (_ BitVec 8))
(assert (= (bvmul x #x03) #x07))
(check-sat)
(get-value (x))
EOF
# with no budget for ferret's own search, a partner's sat decides: a
# lying partner's model is rejected (unknown, the reason says why), a
# truthful one's is taken and printed as the model
cat > "$dir/truth" <<'EOF'
#!/bin/sh
cat > /dev/null
echo sat
echo '((define-fun x () (_ BitVec 32) #xaaaaaaad))'
EOF
chmod +x "$dir/truth"
cat > "$dir/sat32.smt2" <<'EOF'
(declare-const x (_ BitVec 32))
(assert (= (bvmul x #x00000003) #x00000007))
(check-sat)
(get-info :reason-unknown)
(get-value (x))
EOF
out=$("$FERRET" --portfolio "$dir/liar" --max-execs 1 --no-intervals --stats "$dir/sat32.smt2" 2> "$dir/err")
[ "$(echo "$out" | head -1)" = unknown ] || { echo "liar: not unknown: $out"; fail=1; }
echo "$out" | grep -q "rejected by the evaluator" || { echo "liar: no reason: $out"; fail=1; }
grep -q '"portfolio": ".*liar=rejected@' "$dir/err" || { echo "liar: stats"; cat "$dir/err"; fail=1; }
out=$("$FERRET" --portfolio "$dir/truth" --max-execs 1 --no-intervals --stats "$dir/sat32.smt2" 2> "$dir/err")
[ "$(echo "$out" | head -1)" = sat ] || { echo "truth: not sat: $out"; fail=1; }
echo "$out" | grep -q '((x #xaaaaaaad))' || { echo "truth: model: $out"; fail=1; }
grep -q '"found_by": "portfolio"' "$dir/err" || { echo "truth: found_by"; cat "$dir/err"; fail=1; }
# a lying partner beside a search that can answer: the right model wins
out=$("$FERRET" --portfolio "$dir/liar" "$dir/sat.smt2" 2>&1)
[ "$(echo "$out" | tr '\n' ' ')" = "sat ((x #xad)) " ] || { echo "liar beside the search: $out"; fail=1; }
# a slow partner is stopped when ferret answers first: no process left
start=$(date +%s)
out=$("$FERRET" --portfolio "$dir/slow" "$dir/sat.smt2" 2>&1)
[ "$(echo "$out" | head -1)" = sat ] || { echo "slow: $out"; fail=1; }
[ $(( $(date +%s) - start )) -lt 10 ] || { echo "slow partner not stopped"; fail=1; }
sleep 0.2
if pgrep -f "$dir/slow" > /dev/null; then echo "slow partner left running"; pkill -f "$dir/slow"; fail=1; fi
# a partner's unsat is taken (no square is 3 mod 4: nothing ferret proves
# by itself); push/pop: each check-sat asks about its scope
cat > "$dir/hard.smt2" <<'EOF'
(declare-const x (_ BitVec 64))
(declare-const y (_ BitVec 64))
(push 1)
(assert (= (bvmul x x) #x0000000000000003))
(check-sat)
(pop 1)
(assert (= (bvmul x y) #x0000000000000006))
(check-sat)
EOF
out=$("$FERRET" --portfolio "$dir/prover" --timeout 5 --stats "$dir/hard.smt2" 2> "$dir/err")
[ "$(echo "$out" | tr '\n' ' ')" = "unsat sat " ] || { echo "prover: $out"; fail=1; }
printf '(declare-const x (_ BitVec 64))(declare-const y (_ BitVec 64))(assert (= (bvmul x x) #x0000000000000003))(check-sat)\n' > "$dir/hard1.smt2"
"$FERRET" --portfolio "$dir/prover" --timeout 5 --stats "$dir/hard1.smt2" > /dev/null 2> "$dir/err"
grep -q '"found_by": "portfolio"' "$dir/err" || { echo "no found_by portfolio"; cat "$dir/err"; fail=1; }
# the real thing, when z3 is installed
if command -v z3 > /dev/null; then
  out=$("$FERRET" --portfolio 'z3 -in' --timeout 20 "$dir/hard.smt2" 2>&1)
  [ "$(echo "$out" | tr '\n' ' ')" = "unsat sat " ] || { echo "z3 partner: $out"; fail=1; }
else
  skipped="z3 not found: no run with z3 as the partner"
fi
# SIGINT stops the check-sat and the partner
"$FERRET" --portfolio "$dir/slow" "$dir/hard1.smt2" > "$dir/int.out" 2>&1 &
pid=$!
sleep 1
kill -INT $pid
wait $pid
[ "$(head -1 "$dir/int.out")" = unknown ] || { echo "SIGINT: $(cat "$dir/int.out")"; fail=1; }
sleep 0.2
if pgrep -f "$dir/slow" > /dev/null; then echo "SIGINT: partner left running"; pkill -f "$dir/slow"; fail=1; fi
# usage errors
"$FERRET" --portfolio "$dir/nothere" "$dir/sat.smt2" > /dev/null 2> "$dir/e"
[ $? = 2 ] && grep -q "not found" "$dir/e" || { echo "missing partner accepted"; cat "$dir/e"; fail=1; }
# a part that needed a missing tool makes the script skipped, not passed
if [ "$fail" = 0 ] && [ -n "$skipped" ]; then echo "skipped: $skipped"; exit 77; fi
exit $fail
