#!/usr/bin/env bash
# CPU cost of the same search in two ferret builds (e.g. before and after a
# change that must not slow the narrow widths down): each file is run with
# a fixed seed and execution budget, so both builds execute the same
# inputs; the builds alternate, ROUNDS times each, and the least CPU time
# (user + system) of each is kept.  CPU time and a fixed amount of work
# make the ratio independent of the machine's load (other processes share
# the cores, not the work).
#
#   bench/narrow-cpu.sh BEFORE AFTER [EXECS [ROUNDS]] FILE...
#
# Prints per file: executions of each build (equal unless a build stops
# earlier), CPU seconds of each, after/before; then the median ratio.
set -u
before=$1 after=$2
shift 2
execs=2000000 rounds=3
case ${1:-} in [0-9]*) execs=$1; shift ;; esac
case ${1:-} in [0-9]*) rounds=$1; shift ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# cpu BIN FILE: "execs cpu"
cpu() {
  /usr/bin/time -f '%U %S' -o "$tmp/t" "$1" --seed 1 --max-execs "$execs" --stats "$2" \
    >/dev/null 2>"$tmp/e"
  ex=$(grep -o '"execs": [0-9]*' "$tmp/e" | tail -1 | sed 's/.*: //')
  awk -v ex="${ex:-0}" 'END { printf "%s %.3f", ex, $1 + $2 }' "$tmp/t"
}
printf 'file\texecs_before\texecs_after\tcpu_before\tcpu_after\tafter/before\n'
for f in "$@"; do
  bb=999999 ba=999999 eb=0 ea=0
  for _ in $(seq "$rounds"); do
    set -- $(cpu "$before" "$f"); eb=$1; bb=$(awk -v a="$bb" -v b="$2" 'BEGIN { print (b < a ? b : a) }')
    set -- $(cpu "$after" "$f"); ea=$1; ba=$(awk -v a="$ba" -v b="$2" 'BEGIN { print (b < a ? b : a) }')
  done
  printf '%s\t%s\t%s\t%s\t%s\t%.3f\n' "$(basename "$f")" "$eb" "$ea" "$bb" "$ba" \
    "$(awk -v a="$ba" -v b="$bb" 'BEGIN { print (b > 0 ? a / b : 0) }')"
done | tee "$tmp/rows"
sort -t"$(printf '\t')" -k6,6n "$tmp/rows" |
  awk -F'\t' '{ r[NR] = $6 } END { if (NR) printf "median after/before: %.3f (%d files)\n", r[int((NR + 1) / 2)], NR }'
