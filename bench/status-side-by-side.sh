#!/usr/bin/env bash
# Two ferret builds side by side on every corpus file of one status (QF_FP,
# QF_BVFP, QF_BV, one check-sat), one process at a time, file by file:
# the answer, what found it (found_by of --stats) and ferret's own time for
# the query (time of --stats, which leaves out process start and reading).
#
#   bench/status-side-by-side.sh STATUS TIMEOUT OUT.tsv FERRET...
#   e.g. bench/status-side-by-side.sh unsat 1 unsat.tsv before/ferret build/ferret
#        bench/status-side-by-side.sh sat 0.5 sat.tsv build/ferret
# An unsat answer on a sat file is a wrong answer unless the file's status
# is wrong (check it with z3).  Columns: file, build (the binary's
# directory and name), answer (other: no answer line), found_by, time.
set -u
[ $# -ge 4 ] || { echo "usage: $0 STATUS TIMEOUT OUT.tsv FERRET..." >&2; exit 2; }
status=$1 timeout=$2 out=$3
shift 3
bench=${FERRET_BENCH:-../shared/bench}
[ -f "$bench/MANIFEST.tsv" ] || { echo "status-side-by-side: no corpus at $bench (set FERRET_BENCH)" >&2; exit 2; }
kill_after=$(awk -v t="$timeout" 'BEGIN { printf "%d", t + 5 }')
printf 'file\tbuild\tanswer\tfound_by\ttime\n' > "$out"
files=$(awk -F'\t' -v st="$status" 'NR > 1 && $6 == st && $11 == 1 && $5 ~ /^QF_(FP|BVFP|BV)$/ {print $1}' "$bench/MANIFEST.tsv")
for f in $files; do
  for b in "$@"; do
    line=$(timeout "$kill_after" "$b" --timeout "$timeout" --stats "$bench/$f" 2>&1 | grep '"result"' | tail -1)
    a=$(printf '%s' "$line" | grep -oE '"result": "[a-z]*"' | cut -d'"' -f4)
    by=$(printf '%s' "$line" | grep -oE '"found_by": "[a-z]*"' | cut -d'"' -f4)
    t=$(printf '%s' "$line" | grep -oE '"time": [0-9.]*' | cut -d' ' -f2)
    printf '%s\t%s\t%s\t%s\t%s\n' "$f" "$(basename "$(dirname "$b")")/$(basename "$b")" "${a:-other}" "$by" "$t" >> "$out"
  done
done
