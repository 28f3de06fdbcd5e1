#!/bin/sh
# FILE '-' reads standard input, and answers each command as soon as it is
# complete (an interactive session through a pipe that stays open).
: "${FERRET:=build-san/ferret}"
dir=$(mktemp -d)
fail=0
out=$(printf '(declare-const x (_ BitVec 4))\n(assert (= x #xa))\n(check-sat)\n(get-value (x))\n' | "$FERRET" -)
rc=$?
[ $rc = 10 ] || { echo "stdin: exit $rc"; fail=1; }
[ "$out" = "sat
((x #xa))" ] || { echo "stdin output: $out"; fail=1; }
# errors name <stdin> with the line of the command
printf '(echo "a")\n\n   (assert y)\n' | "$FERRET" - > "$dir/out" 2> "$dir/err"
grep -q '(error "<stdin>:3:12: unknown symbol' "$dir/out" || { echo "stdin error:"; cat "$dir/out"; fail=1; }
# interactive: the answer to the first command comes before the second is sent
mkfifo "$dir/in"
"$FERRET" - < "$dir/in" > "$dir/live" 2>&1 &
pid=$!
exec 3> "$dir/in"
printf '(echo "first")\n' >&3
i=0
while [ $i -lt 100 ] && ! grep -q first "$dir/live"; do sleep 0.1; i=$((i + 1)); done
grep -q first "$dir/live" || { echo "no answer before the next command"; fail=1; }
printf '(echo "second")\n(exit)\n' >&3
exec 3>&-
wait $pid
[ "$(cat "$dir/live")" = '"first"
"second"' ] || { echo "interactive output:"; cat "$dir/live"; fail=1; }
rm -rf "$dir"
exit $fail
