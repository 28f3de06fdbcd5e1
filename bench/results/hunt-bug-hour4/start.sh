#!/bin/sh
# the three missing one-hour campaigns side by side (run from the worktree), ferret bin (see ferret-commit)
R=/work/peers-build/results-hunt36-hour4
cd /work/wt-hunt36e || exit 1
date -u > $R/start
for spec in "cvc5-fpexp|2|" "cvc5-fpexp|3|" "cvc5|2|32,64"; do
  name=${spec%%|*}; rest=${spec#*|}; seed=${rest%%|*}; f=${rest#*|}
  OUT=$R FERRET=$R/bin/ferret FACTOR=5 AGENT=thompson FORMATS=$f nohup bench/hunt-bug.sh 3600 $seed $name > $R/run-$name-$seed.out 2>&1 &
  echo "$name-$seed $!" >> $R/pids
done
