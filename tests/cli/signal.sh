#!/bin/sh
# SIGINT and SIGTERM stop a running check-sat: it answers unknown (reason
# interrupted, visible in --stats), the process exits cleanly with the code
# of an unknown answer, and the rest of the script still runs.
: "${FERRET:=build-san/ferret}"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail=0
# x * x = 2 has no Float64 solution, so the search runs until stopped.
cat > "$dir/hard.smt2" <<'SMT'
(declare-const x Float64)
(assert (fp.eq (fp.mul RNE x x) ((_ to_fp 11 53) RNE 2.0)))
(check-sat)
(get-info :reason-unknown)
(echo "after")
SMT
for sig in INT TERM; do
  "$FERRET" --stats "$dir/hard.smt2" > "$dir/out" 2> "$dir/err" &
  pid=$!
  sleep 1
  kill -$sig $pid
  wait $pid
  rc=$?
  if [ "$rc" != 0 ]; then echo "SIG$sig: exit $rc, expected 0"; fail=1; fi
  if ! grep -qx unknown "$dir/out"; then echo "SIG$sig: no unknown answer"; fail=1; fi
  if ! grep -q interrupted "$dir/out"; then echo "SIG$sig: reason-unknown is not interrupted"; fail=1; fi
  if ! grep -qx '"after"' "$dir/out"; then echo "SIG$sig: the script did not go on"; fail=1; fi
  if ! grep -q '"reason": "interrupted"' "$dir/err"; then echo "SIG$sig: stats lack the reason"; fail=1; fi
  if ! grep -q '"seed": 1' "$dir/err"; then echo "SIG$sig: stats lack the seed"; fail=1; fi
done
cat "$dir/out" "$dir/err" | head -5
exit $fail
