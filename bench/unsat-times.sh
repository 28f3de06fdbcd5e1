#!/usr/bin/env bash
# Time to an unsat answer, best of N: the files an unsat-bench.sh run says
# ferret or Bitwuzla proved, each solver run N times, interleaved, with no
# wrapper around the process (unsat-bench.sh puts `timeout` around Bitwuzla,
# 1-2 ms), wall time around it; the least of the N is the figure (the
# machine is shared: the least is the one others disturbed least).
#
#   bench/unsat-times.sh RESULTS.tsv [--runs N] [--ferret PATH] [--bitwuzla PATH] > OUT.tsv
#
# Output rows: file, solver, answer of the last run, best wall_s.  Then, on
# stderr, per solver: files, median, p90, max and how many under 10 ms.
set -u
[ $# -ge 1 ] || { echo "usage: $0 RESULTS.tsv [--runs N] [--ferret PATH] [--bitwuzla PATH]" >&2; exit 2; }
results=$1; shift
runs=3 ferret=build/ferret bitwuzla=${BITWUZLA:-bitwuzla}
bench=${FERRET_BENCH:-../shared/bench}
while [ $# -gt 0 ]; do
  case $1 in
  --runs) runs=$2; shift 2 ;;
  --ferret) ferret=$2; shift 2 ;;
  --bitwuzla) bitwuzla=$2; shift 2 ;;
  *) echo "unsat-times: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
out=$(mktemp); trap 'rm -f "$out"' EXIT
printf 'file\tsolver\tanswer\twall_s\n' | tee "$out"
awk -F'\t' 'NR > 1 && $3 == "unsat" && ($2 == "ferret" || $2 == "bitwuzla") {print $1}' "$results" | sort -u |
while read -r f; do
  for s in ferret bitwuzla; do best='' a=''
    for _ in $(seq "$runs"); do
      case $s in
      ferret) cmd=("$ferret" --timeout 1 "$bench/$f") ;;
      bitwuzla) cmd=("$bitwuzla" --time-limit-per 1000 "$bench/$f") ;;
      esac
      t0=$(date +%s.%N)
      a=$("${cmd[@]}" 2> /dev/null | grep -E '^(sat|unsat|unknown)$' | tail -1)
      t1=$(date +%s.%N)
      w=$(echo "$t1 - $t0" | bc)
      if [ -z "$best" ] || [ "$(echo "$w < $best" | bc)" = 1 ]; then best=$w; fi
    done
    printf '%s\t%s\t%s\t%.4f\n' "$f" "$s" "${a:-other}" "$best"
  done
done | tee -a "$out"
for s in ferret bitwuzla; do
  awk -F'\t' -v s=$s '$2 == s && $3 == "unsat" {print $4}' "$out" | sort -n |
    awk -v s=$s '{a[NR] = $1; if ($1 < 0.010) u++}
      END {n = NR; if (!n) exit; med = (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
           printf "%s: %d proved, median %.4f s, p90 %.4f s, max %.4f s, under 10 ms %d\n",
                  s, n, med, a[int(0.9 * n + 0.999)], a[n], u + 0}' >&2
done
