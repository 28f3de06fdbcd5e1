#!/bin/sh
# Bug-mode campaigns: cvc5 (Debian's 1.0.3) with and without --fp-exp and
# Bitwuzla with and without its experimental formats, reference z3, default
# formats (tiny ones, half, bfloat16, single, double, Float128); then per
# campaign: formulas, formulas/s, findings, distinct causes, time to the
# first finding, and the causes.
#
#   bench/hunt-bug.sh [BUDGET] [SEEDS] [NAMES]
#     BUDGET seconds per campaign (default 600), SEEDS e.g. "1 2" (default 1),
#     NAMES of cvc5-fpexp cvc5 bzla-fpexp bzla (default "cvc5-fpexp cvc5")
#   FERRET=build/ferret; AGENT=thompson (or random: directories NAME-random-SEED);
#   FACTOR=0 (--timeout-factor); FORMATS (--formats, default the spread); BITWUZLA_FPEXP, BITWUZLA: the two Bitwuzla
#   builds (default ../peers-build/bitwuzla/build-{fpexp,std}/src/main/bitwuzla)
#   OUT=bench/results/hunt-bug: results in OUT/NAME-SEED/ (another OUT keeps earlier campaigns)
: "${OUT:=bench/results/hunt-bug}" "${FERRET:=build/ferret}" "${AGENT:=thompson}" "${FACTOR:=0}" "${FORMATS:=}"
: "${BITWUZLA_FPEXP:=../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla}"
: "${BITWUZLA:=../peers-build/bitwuzla/build-std/src/main/bitwuzla}"
BUDGET=${1:-600}
SEEDS=${2:-1}
NAMES=${3:-cvc5-fpexp cvc5}
case $BUDGET in ''|*[!0-9]*|0) echo "bench/hunt-bug.sh: BUDGET is a number of seconds > 0"; exit 2 ;; esac
for s in z3 cvc5; do
  command -v $s > /dev/null || { echo "bench/hunt-bug.sh: $s not found (apt-get install $s)"; exit 1; }
done
[ -x "$FERRET" ] || { echo "bench/hunt-bug.sh: $FERRET not built (make)"; exit 1; }
out=$OUT
mkdir -p "$out"
dirname() { if [ "$AGENT" = thompson ]; then echo "$out/$1-$2"; else echo "$out/$1-$AGENT-$2"; fi; }
for seed in $SEEDS; do
  for name in $NAMES; do
    case $name in
      cvc5-fpexp) target="cvc5 --fp-exp --tlimit=3000" ;;
      cvc5) target="cvc5 --tlimit=3000" ;;
      bzla-fpexp) target="$BITWUZLA_FPEXP --time-limit=3000" ;;
      bzla) target="$BITWUZLA --time-limit=3000" ;;
      *) echo "bench/hunt-bug.sh: unknown campaign '$name'"; exit 2 ;;
    esac
    d=$(dirname "$name" "$seed")
    rm -rf "$d"
    "$FERRET" hunt --target "$target" --reference "z3 -T:3" --timeout 4 --depth 3 --agent "$AGENT" \
      --timeout-factor "$FACTOR" ${FORMATS:+--formats "$FORMATS"} --seed "$seed" --budget "$BUDGET" \
      -o "$d" 2>&1 | tr '\r' '\n' |
      grep '^hunt: [0-9t]' > "$d.log"
  done
done
printf '| campaign | formulas | formulas/s | findings | distinct causes | first finding |\n|---|--:|--:|--:|--:|--:|\n'
for seed in $SEEDS; do
  for name in $NAMES; do
    d=$(dirname "$name" "$seed")
    [ -f "$d.log" ] || continue
    n=$(sed -n 's/^hunt: \([0-9]*\) formulas.*/\1/p' "$d.log")
    fs=$(sed -n 's/^hunt: \([0-9.]*\) formulas\/s.*/\1/p' "$d.log")
    fi=$(sed -n 's/.* \([0-9]*\) findings$/\1/p' "$d.log")
    ca=$(sed -n 's/.* \([0-9]*\) distinct causes.*/\1/p' "$d.log")
    ff=$(sed -n 's/.*first finding \([^,]*\),.*/\1/p' "$d.log")
    printf '| %s | %s | %s | %s | %s | %s |\n' "${d##*/}" "$n" "$fs" "$fi" "$ca" "$ff"
  done
done
for seed in $SEEDS; do
  for name in $NAMES; do
    d=$(dirname "$name" "$seed")
    [ -f "$d/causes.tsv" ] || continue
    echo; echo "${d##*/} causes:"; cat "$d/causes.tsv"
  done
done
