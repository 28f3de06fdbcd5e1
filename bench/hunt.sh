#!/bin/sh
# Hunt campaigns (issue 16): ferret hunt against z3 and cvc5 (Debian's), one
# campaign per agent and seed, BUDGET seconds each, one after the other;
# then a table of findings per agent (and kind), and the distinct findings
# (by kind and reduced script) to check by hand.
#
#   bench/hunt.sh [BUDGET] [SEEDS] [AGENTS]   defaults 300, "1 2 3", "thompson random none"
#   bench/hunt.sh --summary [SEEDS] [AGENTS]  only the tables, from the results there
#   FERRET=build/ferret; MODE=bug (default) or perf (target z3, reference
#   cvc5: findings are margins of 10x or more); results in
#   bench/results/hunt/AGENT-SEED/ (bug) or perf-AGENT-SEED/ (perf)
: "${FERRET:=build/ferret}"
: "${MODE:=bug}"
case $MODE in bug) pre= ;; perf) pre=perf- ;; *) echo "bench/hunt.sh: MODE is bug or perf"; exit 2 ;; esac
summary=0
if [ "${1:-}" = --summary ]; then summary=1; shift; set -- 0 "$@"; fi
BUDGET=${1:-300}
SEEDS=${2:-"1 2 3"}
AGENTS=${3:-"thompson random none"}
case $BUDGET in
  ''|*[!0-9]*) echo "bench/hunt.sh: BUDGET is a number of seconds"; exit 2 ;;
esac
if [ $summary = 0 ] && [ "$BUDGET" -le 0 ]; then
  echo "bench/hunt.sh: BUDGET must be > 0 (a campaign without one runs until interrupted)"
  exit 2
fi
for s in z3 cvc5; do
  command -v $s > /dev/null || { echo "bench/hunt.sh: $s not found (apt-get install $s)"; exit 1; }
done
[ -x "$FERRET" ] || { echo "bench/hunt.sh: $FERRET not built (make)"; exit 1; }
out=bench/results/hunt
mkdir -p "$out"
for agent in $AGENTS; do
  [ $summary = 1 ] && break
  for seed in $SEEDS; do
    d=$out/$pre$agent-$seed
    rm -rf "$d"
    "$FERRET" hunt --mode "$MODE" --target "z3 -T:3" --reference "cvc5 --fp-exp --tlimit=3000" --depth 2 \
      --agent "$agent" --seed "$seed" --budget "$BUDGET" --timeout 4 -o "$d" 2> "$d.log"
    tail -1 "$d.log"
  done
done
printf '\n| mode | agent | seed | formulas | findings | kinds | median margin |\n|---|---|--:|--:|--:|---|--:|\n'
for agent in $AGENTS; do
  for seed in $SEEDS; do
    d=$out/$pre$agent-$seed
    [ -f "$d/log.tsv" ] || continue
    n=$(awk 'NR > 1' "$d/log.tsv" | wc -l)
    k=$(awk -F'\t' 'NR > 1 && $3 != "none" { print $3 }' "$d/log.tsv" | sort | uniq -c |
        awk '{ printf "%s%s %s", sep, $2, $1; sep = ", " }')
    m=$(awk -F'\t' 'NR > 1 { print $4 }' "$d/log.tsv" | sort -g |
        awk '{ v[NR] = $1 } END { if (NR) printf "%.2f", v[int((NR + 1) / 2)]; else printf "-" }')
    printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$MODE" "$agent" "$seed" "$n" \
      "$(ls "$d/findings" | wc -l)" "${k:--}" "$m"
  done
done
echo
echo "distinct reduced findings (kind, assertions):"
for f in "$out"/$pre*/findings/*.smt2; do
  [ -f "$f" ] || continue
  printf '%s\t%s\n' "$(sed -n 's/^; ferret hunt finding: \([a-z-]*\) by solver \([0-9]\).*/\1 solver\2/p' "$f")" \
    "$(grep '^(assert' "$f" | tr '\n' ' ')"
done | sort | uniq -c | sort -rn | head -40
