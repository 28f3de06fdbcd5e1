#!/bin/sh
# judging every solver's model (new) against the first failing one only (old): the same generated
# formulas (--agent none), cvc5 --fp-exp against z3, side by side, CPU time from /usr/bin/time
cd /work/peers-build/results-hunt36-hour4/ab || exit 1
for b in old new; do
  /usr/bin/time -f "%U %S %e" -o time-$b.txt nice -n 10 ./ferret-$b hunt --target "cvc5 --fp-exp --tlimit=3000" \
    --reference "z3 -T:3" --timeout 4 --depth 3 --agent none --timeout-factor 0 --seed 21 -n 300 -o $b > out-$b.txt 2>&1 &
done
wait
