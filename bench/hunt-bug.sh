#!/bin/sh
# Bug-mode campaigns against cvc5 (Debian's 1.0.3) with and without
# --fp-exp, reference z3, default formats (tiny ones, half, bfloat16,
# single, double, Float128); then per campaign: formulas, formulas/s,
# findings, distinct causes, time to the first finding, and the causes.
#
#   bench/hunt-bug.sh [BUDGET] [SEEDS]   defaults 600 s, "1"
#   FERRET=build/ferret; results in bench/results/hunt-bug/NAME-SEED/
: "${FERRET:=build/ferret}"
BUDGET=${1:-600}
SEEDS=${2:-1}
case $BUDGET in ''|*[!0-9]*|0) echo "bench/hunt-bug.sh: BUDGET is a number of seconds > 0"; exit 2 ;; esac
for s in z3 cvc5; do
  command -v $s > /dev/null || { echo "bench/hunt-bug.sh: $s not found (apt-get install $s)"; exit 1; }
done
[ -x "$FERRET" ] || { echo "bench/hunt-bug.sh: $FERRET not built (make)"; exit 1; }
out=bench/results/hunt-bug
mkdir -p "$out"
for seed in $SEEDS; do
  for name in cvc5-fpexp cvc5; do
    case $name in
      cvc5-fpexp) target="cvc5 --fp-exp --tlimit=3000" ;;
      cvc5) target="cvc5 --tlimit=3000" ;;
    esac
    d=$out/$name-$seed
    rm -rf "$d"
    "$FERRET" hunt --target "$target" --reference "z3 -T:3" --timeout 4 --depth 3 \
      --seed "$seed" --budget "$BUDGET" -o "$d" 2>&1 | tr '\r' '\n' | grep '^hunt: [0-9]' > "$d.log"
  done
done
printf '| campaign | formulas | formulas/s | findings | distinct causes | first finding |\n|---|--:|--:|--:|--:|--:|\n'
for seed in $SEEDS; do
  for name in cvc5-fpexp cvc5; do
    d=$out/$name-$seed
    [ -f "$d.log" ] || continue
    n=$(sed -n 's/^hunt: \([0-9]*\) formulas.*/\1/p' "$d.log")
    fs=$(sed -n 's/^hunt: \([0-9.]*\) formulas\/s.*/\1/p' "$d.log")
    fi=$(sed -n 's/.* \([0-9]*\) findings$/\1/p' "$d.log")
    ca=$(sed -n 's/.* \([0-9]*\) distinct causes.*/\1/p' "$d.log")
    ff=$(sed -n 's/.*first finding \([^,]*\),.*/\1/p' "$d.log")
    printf '| %s-%s | %s | %s | %s | %s | %s |\n' "$name" "$seed" "$n" "$fs" "$fi" "$ca" "$ff"
  done
done
for seed in $SEEDS; do
  for name in cvc5-fpexp cvc5; do
    d=$out/$name-$seed
    [ -f "$d/causes.tsv" ] || continue
    echo; echo "$name-$seed causes:"; cat "$d/causes.tsv"
  done
done
