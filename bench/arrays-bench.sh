#!/usr/bin/env bash
# Arrays, uninterpreted functions and sorts (issue 18): every corpus file of
# the logics QF_ABVFP, QF_AFP, QF_AUFBVFP, QF_UFBVFP, QF_UFFP and the
# fp-uf files of QF_FP, answered by ferret, z3 and cvc5 (when installed)
# side by side, one process at a time.
#
#   bench/arrays-bench.sh [--timeout S] [--ferret PATH] [--out FILE.tsv]
#
# A file's answer is its last sat/unsat/unknown line (the status describes
# the last check-sat); "error" when the solver printed no answer (files
# outside a solver's theories: Int, Real, sets).  Wrong = sat on an unsat
# status or unsat on a sat status.
set -u
timeout=5 ferret=build/ferret out=bench/results/arrays.tsv
bench=${FERRET_BENCH:-../shared/bench}
while [ $# -gt 0 ]; do
  case "$1" in
  --timeout) timeout=$2; shift 2 ;;
  --ferret) ferret=$2; shift 2 ;;
  --out) out=$2; shift 2 ;;
  *) echo "usage: $0 [--timeout S] [--ferret PATH] [--out FILE.tsv]" >&2; exit 2 ;;
  esac
done
[ -f "$bench/MANIFEST.tsv" ] || { echo "no corpus at $bench (set FERRET_BENCH)" >&2; exit 2; }
[ -x "$ferret" ] || { echo "no ferret at $ferret (make first)" >&2; exit 2; }
solvers=ferret
command -v z3 >/dev/null && solvers="$solvers z3" || echo "z3 not installed: left out" >&2
command -v cvc5 >/dev/null && solvers="$solvers cvc5" || echo "cvc5 not installed: left out" >&2
mkdir -p "$(dirname "$out")"
printf 'file\tstatus\tsolver\tanswer\tseconds\n' > "$out"
for f in "$bench"/QF_A*/*/*.smt2 "$bench"/QF_UF*/*/*.smt2 "$bench"/QF_FP/z3test-regress/fp-uf-*.smt2; do
  p=${f#"$bench"/}
  st=$(awk -F'\t' -v p="$p" '$1 == p { print $6 }' "$bench/MANIFEST.tsv")
  for s in $solvers; do
    case $s in
    ferret) cmd=("$ferret" --timeout "$timeout" "$f") ;;
    z3) cmd=(z3 -T:"$timeout" "$f") ;;
    cvc5) cmd=(cvc5 --fp-exp --tlimit=$((timeout * 1000)) "$f") ;;
    esac
    t0=$(date +%s.%N)
    ans=$(timeout -k 1 $((timeout + 2)) "${cmd[@]}" 2>/dev/null | grep -E '^(sat|unsat|unknown)$' | tail -1)
    t1=$(date +%s.%N)
    [ -n "$ans" ] || ans=error
    printf '%s\t%s\t%s\t%s\t%.3f\n' "$p" "${st:-none}" "$s" "$ans" "$(echo "$t1 - $t0" | bc)" >> "$out"
  done
done
awk -F'\t' 'NR > 1 {
    k = $3; n[k]++; a[k, $4]++
    if (($2 == "sat" && $4 == "unsat") || ($2 == "unsat" && $4 == "sat")) w[k]++
    if ($2 == "sat" || $2 == "unsat") { ks[k]++; if ($4 == $2) ok[k]++ }
  } END {
    print "| solver | files | sat | unsat | unknown | error | wrong | answered of the " ks["ferret"] " with a status |"
    print "|---|--:|--:|--:|--:|--:|--:|--:|"
    split("ferret z3 cvc5", order, " ")
    for (i = 1; i <= 3; i++) { k = order[i]; if (!n[k]) continue
      printf "| %s | %d | %d | %d | %d | %d | %d | %d |\n", k, n[k], a[k, "sat"], a[k, "unsat"], a[k, "unknown"], a[k, "error"], w[k], ok[k] }
  }' "$out"
