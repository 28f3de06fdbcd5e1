#!/usr/bin/env bash
# Unsat proofs: every corpus file whose status is unsat (QF_FP, QF_BVFP,
# QF_BV), answered by ferret with and without interval propagation and by
# z3, cvc5 and Bitwuzla when they are installed, side by side in one run.
#
#   bench/unsat-bench.sh [--timeout S] [--ferret PATH] [--bitwuzla PATH]
#                        [--out FILE.tsv] [--portfolio-only]
#   --bitwuzla PATH: the bitwuzla binary (default: $BITWUZLA, else bitwuzla on
#   PATH; it is not in Debian, so it is often built beside the repository)
#   --portfolio-only: ferret --portfolio with z3 and with cvc5 instead of the
#   usual configurations
#
# One process at a time, wall time around it.  Prints a table: proved (unsat), sat (a WRONG answer: the status
# is unsat), other, and the files only one configuration proves.  The
# answer is the last sat/unsat/unknown line (a file's last check-sat is the
# one its status describes).  cvc5 runs with --fp-exp (formats other than
# Float32/Float64).  Bitwuzla runs with --time-limit-per (each check-sat)
# and is killed at the time limit: its --time-limit, in 0.8.2, makes a file
# it rejects a command of (e.g. z3's check-sat-using after the check-sat)
# wait for the whole limit and then print "unknown" after the answer, and its
# per-check-sat limit alone overran 1 s by up to 4 s (the others stop within
# 0.1 s).  It stops at a command it rejects; z3 and cvc5 go on past it.
set -u
timeout=1
ferret=build/ferret
portfolio_only=0
out=bench/results/unsat.tsv
bitwuzla=${BITWUZLA:-bitwuzla}
bench=${FERRET_BENCH:-../shared/bench}
while [ $# -gt 0 ]; do
  case $1 in
  --timeout) timeout=$2; shift 2 ;;
  --ferret) ferret=$2; shift 2 ;;
  --bitwuzla) bitwuzla=$2; shift 2 ;;
  --portfolio-only) portfolio_only=1; shift ;;
  --out) out=$2; shift 2 ;;
  *) echo "usage: $0 [--timeout S] [--ferret PATH] [--bitwuzla PATH] [--out FILE.tsv] [--portfolio-only]" >&2; exit 2 ;;
  esac
done
if [ ! -f "$bench/MANIFEST.tsv" ]; then
  echo "unsat-bench: no corpus at $bench (set FERRET_BENCH)" >&2
  exit 2
fi
[ -x "$ferret" ] || { echo "unsat-bench: no ferret at $ferret (run make)" >&2; exit 2; }
configs=("ferret|$ferret --timeout $timeout" "ferret-no-intervals|$ferret --timeout $timeout --no-intervals")
if command -v z3 > /dev/null; then configs+=("z3|z3 -T:$timeout"); else echo "unsat-bench: z3 not found, left out" >&2; fi
if command -v cvc5 > /dev/null; then configs+=("cvc5|cvc5 --fp-exp --tlimit=$((timeout * 1000))"); else echo "unsat-bench: cvc5 not found, left out" >&2; fi
if command -v "$bitwuzla" > /dev/null; then
  configs+=("bitwuzla|timeout $timeout $bitwuzla --time-limit-per $((timeout * 1000))")
else
  echo "unsat-bench: bitwuzla not found ($bitwuzla; give --bitwuzla PATH or set BITWUZLA), left out" >&2
fi
if [ $portfolio_only = 1 ]; then
  # the partners' command lines have blanks: wrapper programs hold them
  wrap=$(mktemp -d)
  trap 'rm -rf "$wrap"' EXIT
  printf '#!/bin/sh\nexec z3 -in\n' > "$wrap/z3-in"
  printf '#!/bin/sh\nexec cvc5 --lang smt2 --fp-exp\n' > "$wrap/cvc5-in"
  chmod +x "$wrap/z3-in" "$wrap/cvc5-in"
  configs=("ferret-pz3|$ferret --timeout $timeout --portfolio $wrap/z3-in"
           "ferret-pcvc5|$ferret --timeout $timeout --portfolio $wrap/cvc5-in")
fi
mkdir -p "$(dirname "$out")"
printf 'file\tconfig\tanswer\twall_s\n' > "$out"
files=$(awk -F'\t' 'NR > 1 && $6 == "unsat" && $5 ~ /^QF_(FP|BVFP|BV)$/ {print $1}' "$bench/MANIFEST.tsv")
n=0
for f in $files; do
  n=$((n + 1))
  for c in "${configs[@]}"; do
    name=${c%%|*} cmd=${c#*|}
    s=$(date +%s.%N)
    # shellcheck disable=SC2086
    a=$(timeout $((timeout + 5)) $cmd "$bench/$f" 2> /dev/null | grep -E '^(sat|unsat|unknown)$' | tail -1)
    e=$(date +%s.%N)
    case $a in sat | unsat | unknown) ;; *) a=other ;; esac
    printf '%s\t%s\t%s\t%.3f\n' "$f" "$name" "$a" "$(echo "$e - $s" | bc)" >> "$out"
  done
  [ -t 2 ] && printf '\r%d files' "$n" >&2
done
[ -t 2 ] && echo >&2
echo "Unsat files of the corpus (QF_FP, QF_BVFP, QF_BV): $n, timeout ${timeout} s"
echo
echo "| configuration | proved unsat | sat (WRONG) | unknown/timeout/error | proved only by it |"
echo "|---|--:|--:|--:|--:|"
awk -F'\t' 'NR > 1 {
  key[$2] = 1; ans[$1, $2] = $3; file[$1] = 1
  if ($3 == "unsat") { proved[$2]++; by[$1] = by[$1] " " $2; cnt[$1]++ }
  else if ($3 == "sat") wrong[$2]++
  else other[$2]++
}
END {
  for (f in file) if (cnt[f] == 1) only[substr(by[f], 2)]++
  for (k in key) printf "| %s | %d | %d | %d | %d |\n", k, proved[k], wrong[k], other[k], only[k]
}' "$out" | sort
echo
echo "Files ferret proves with intervals and not without:"
awk -F'\t' 'NR > 1 && $2 == "ferret" && $3 == "unsat" {a[$1] = 1}
  NR > 1 && $2 == "ferret-no-intervals" && $3 == "unsat" {b[$1] = 1}
  END {for (f in a) if (!(f in b)) print "  " f}' "$out" | sort
