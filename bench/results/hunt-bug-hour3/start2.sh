#!/bin/sh
# the two later one-hour campaigns side by side (run from the worktree), ferret bin2 (d73f134)
R=/work/peers-build/results-hunt36-hour3
cd /work/wt-hunt36 || exit 1
date -u > $R/start2
for spec in "bzla-fpexp|3|" "bzla|2|16,32,64,128"; do
  name=${spec%%|*}; rest=${spec#*|}; seed=${rest%%|*}; f=${rest#*|}
  OUT=$R FERRET=$R/bin2/ferret FACTOR=5 AGENT=thompson FORMATS=$f nohup bench/hunt-bug.sh 3600 $seed $name > $R/run-$name-$seed.out 2>&1 &
  echo "$name-$seed $!" >> $R/pids2
done
