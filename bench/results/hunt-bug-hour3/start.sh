#!/bin/sh
# start the three one-hour campaigns side by side (run from the worktree)
R=/work/peers-build/results-hunt36-hour3
cd /work/wt-hunt36 || exit 1
for spec in "cvc5-fpexp|" "bzla|16,32,64,128" "cvc5|32,64"; do
  name=${spec%%|*}; f=${spec#*|}
  OUT=$R FERRET=$R/bin/ferret FACTOR=5 AGENT=thompson FORMATS=$f nohup bench/hunt-bug.sh 3600 1 $name > $R/run-$name-1.out 2>&1 &
  echo "$name $!" >> $R/pids
done
