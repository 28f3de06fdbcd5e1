#!/usr/bin/env bash
# Every QF_BV file of the corpus (the wide ones included: bit-vectors of
# more than 128 bits), answered by two ferret builds side by side (e.g. the
# build before and after a change) and by z3 when installed, one process
# at a time, the same time limit for all.
#
#   bench/wide-bv.sh [--timeout S] [--before PATH] [--after PATH]
#                    [--out FILE.tsv] [--summary-only] [--wide-only]
#   --summary-only: print the summary of an existing FILE.tsv
#   --wide-only: only the files declaring a bit-vector of more than 128 bits
#
# Columns: file, status (MANIFEST.tsv), widest BV the file declares, then
# per solver its answer (the last sat/unsat/unknown line) and, for ferret,
# the reason of an unknown (--stats) and the CPU seconds (user + system of
# the process: load-independent, unlike the wall time).  A sat or unsat that
# contradicts the status or another solver is marked WRONG in the summary.
set -u
timeout=10
before=/tmp/ferret-before
after=build/ferret
out=bench/results/wide-bv.tsv
bench=${FERRET_BENCH:-../shared/bench}
summary_only=0
wide_only=0
while [ $# -gt 0 ]; do
  case $1 in
  --timeout) timeout=$2; shift 2 ;;
  --before) before=$2; shift 2 ;;
  --after) after=$2; shift 2 ;;
  --out) out=$2; shift 2 ;;
  --summary-only) summary_only=1; shift ;;
  --wide-only) wide_only=1; shift ;;
  *) echo "usage: $0 [--timeout S] [--before PATH] [--after PATH] [--out FILE.tsv] [--summary-only] [--wide-only]" >&2; exit 2 ;;
  esac
done
if [ ! -f "$bench/MANIFEST.tsv" ]; then
  echo "no corpus at $bench (set FERRET_BENCH)" >&2
  exit 2
fi
havez3=0
command -v z3 >/dev/null 2>&1 && havez3=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$(dirname "$out")"

# ferret BIN FILE: "answer<TAB>reason<TAB>cpu"
run_ferret() {
  /usr/bin/time -f '%U %S' -o "$tmp/time" "$1" --timeout "$timeout" --stats "$2" \
    >"$tmp/out" 2>"$tmp/err"
  ans=$(grep -E '^(sat|unsat|unknown)$' "$tmp/out" | tail -1)
  reason=$(grep -o '"reason": "[^"]*"' "$tmp/err" | tail -1 | sed 's/.*: "//; s/"$//')
  if [ -z "$reason" ]; then
    reason=$(grep -m1 'warning: unknown' "$tmp/err" | sed 's/.*unknown: //' | cut -c1-80)
  fi
  cpu=$(awk 'END { printf "%.2f", $1 + $2 }' "$tmp/time")
  printf '%s\t%s\t%s' "${ans:-error}" "${reason:--}" "$cpu"
}

[ "$summary_only" = 1 ] ||
printf 'file\tstatus\twidest\tbefore\tbefore_reason\tbefore_cpu\tafter\tafter_reason\tafter_cpu\tz3\n' >"$out"
[ "$summary_only" = 1 ] ||
awk -F'\t' '$5 == "QF_BV" { print $1 "\t" $6 }' "$bench/MANIFEST.tsv" |
  while IFS="$(printf '\t')" read -r file status; do
    path=$bench/$file
    widest=$(grep -oE 'BitVec +[0-9]+' "$path" | awk '{ if ($2 > m) m = $2 } END { print m + 0 }')
    [ "$wide_only" = 1 ] && [ "$widest" -le 128 ] && continue
    b=$(run_ferret "$before" "$path")
    a=$(run_ferret "$after" "$path")
    z=-
    if [ "$havez3" = 1 ]; then
      z=$(timeout $((timeout + 5)) z3 -T:"$timeout" "$path" 2>/dev/null | grep -E '^(sat|unsat|unknown|timeout)$' | tail -1)
      z=${z:-unknown}
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$file" "$status" "$widest" "$b" "$a" "$z" >>"$out"
  done

# Summary: per build, answers on the files with a BV wider than 128 bits
# and on the others; the reasons of the unknowns; wrong answers.
awk -F'\t' 'NR > 1 {
    grp = $3 > 128 ? "wide" : "narrow"
    n[grp]++
    for (k = 0; k < 2; k++) {
      ans = $(4 + 3 * k); why = $(5 + 3 * k); cfg = k ? "after" : "before"
      c[cfg, grp, ans]++
      if (ans == "unknown") { r[cfg, grp, why]++; reasons[why] = 1 }
      known = $2 == "sat" || $2 == "unsat"
      if ((ans == "sat" || ans == "unsat") && ((known && ans != $2) || \
          (($10 == "sat" || $10 == "unsat") && ans != $10)))
        printf "WRONG %s: %s answers %s, status %s, z3 %s\n", $1, cfg, ans, $2, $10
    }
    z[grp, $10]++
  }
  END {
    for (g = 0; g < 2; g++) {
      grp = g ? "wide" : "narrow"
      printf "%s (%d files):\n", grp == "wide" ? "files with a BV over 128 bits" : "other QF_BV files", n[grp]
      for (k = 0; k < 2; k++) {
        cfg = k ? "after" : "before"
        printf "  %-6s sat %d, unsat %d, unknown %d, error %d\n", cfg, c[cfg, grp, "sat"],
               c[cfg, grp, "unsat"], c[cfg, grp, "unknown"], c[cfg, grp, "error"]
        for (why in reasons) if (r[cfg, grp, why]) printf "           unknown: %d %s\n", r[cfg, grp, why], why
      }
      printf "  z3     sat %d, unsat %d, other %d\n", z[grp, "sat"], z[grp, "unsat"],
             n[grp] - z[grp, "sat"] - z[grp, "unsat"]
    }
  }' "$out"
