#!/bin/sh
# One markdown table row per performance-mode hunt campaign directory
# (issue 16: the hour runs): formulas run, "slow" findings (margins of 10x
# or more), distinct findings after reduction (ferret hunt merge drops
# repeats: the reduced scripts compared without their header), findings
# per 1,000 formulas and the median margin of the findings.
#
#   bench/hunt-table.sh DIR...        FERRET=build/ferret
: "${FERRET:=build/ferret}"
[ -x "$FERRET" ] || { echo "bench/hunt-table.sh: $FERRET not built (make)" >&2; exit 1; }
[ $# -gt 0 ] || { echo "usage: bench/hunt-table.sh DIR..." >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "| campaign | formulas | slow findings | distinct | per 1,000 formulas | median margin |"
echo "|---|--:|--:|--:|--:|--:|"
for d in "$@"; do
  [ -f "$d/log.tsv" ] || { echo "bench/hunt-table.sh: $d has no log.tsv" >&2; continue; }
  n=$(awk 'NR > 1' "$d/log.tsv" | wc -l)
  k=$(awk -F'\t' 'NR > 1 && $3 != "none"' "$d/log.tsv" | wc -l)
  rm -rf "$tmp/m"
  "$FERRET" hunt merge -o "$tmp/m" "$d" > /dev/null 2>&1
  u=$(ls "$tmp/m/findings" 2>/dev/null | wc -l)
  m=$(awk -F'\t' 'NR > 1 && $3 != "none" { print $4 }' "$d/log.tsv" | sort -g |
      awk '{ v[NR] = $1 } END { if (NR) printf "%.1fx", v[int((NR + 1) / 2)]; else printf "-" }')
  awk -v d="$(basename "$d")" -v n="$n" -v k="$k" -v u="$u" -v m="$m" \
    'BEGIN { printf "| %s | %d | %d | %d | %.1f | %s |\n", d, n, k, u, n ? 1000 * k / n : 0, m }'
done
