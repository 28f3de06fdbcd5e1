#!/bin/sh
# after the three hours: Thompson sampling and uniform random side by side, cvc5 --fp-exp, seed 5,
# 30 minutes each (run from the worktree), ferret bin-pair (see ferret-commit-pair)
R=/work/peers-build/results-hunt36-hour4
cd /work/wt-hunt36e || exit 1
while kill -0 9140 2> /dev/null || kill -0 9141 2> /dev/null || kill -0 9142 2> /dev/null; do sleep 5; done
date -u > $R/start-pair
for a in thompson random; do
  OUT=$R FERRET=$R/bin-pair/ferret FACTOR=5 AGENT=$a nohup bench/hunt-bug.sh 1800 5 cvc5-fpexp > $R/run-cvc5-fpexp-$a-5.out 2>&1 &
  echo "cvc5-fpexp-$a-5 $!" >> $R/pids-pair
done
