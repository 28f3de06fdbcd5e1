#!/bin/sh
# Reader speed: ferret (release build, --parse_only: read, type-check,
# no solving) against z3 reading and type-checking the same text.
#
#   bench/read-speed.sh [RUNS]        (default 3 runs, medians reported)
#
# (a) corpus: every file of logic QF_BV, QF_FP or QF_BVFP in the manifest
#     that both tools read without an error, with the answering commands
#     removed (bench/smt-strip.py), concatenated with (reset) between files,
#     read by one process of each tool (so process start-up is paid once);
# (b) a generated ~30 MB QF_BVFP script with lets and many declarations
#     (bench/gen-big.py 30 1).
# Prints MB/s of each tool and the ratio, and the lines for BENCHMARKS.md.
set -e
cd "$(dirname "$0")/.."
runs=${1:-3}
bench=${FERRET_BENCH:-../shared/bench}
work=${TMPDIR:-/tmp}/ferret-read-speed
mkdir -p "$work"
FERRET=${FERRET:-build/ferret}
[ -x "$FERRET" ] || make -s build/ferret
command -v z3 >/dev/null || { echo "z3 not found"; exit 1; }

ferret_read() { "$FERRET" --parse_only=1 "$1"; }
z3_read() { z3 -in < "$1"; }

# Seconds (float) one command takes; its output goes to $work/out.
timed() {
  t0=$(date +%s.%N)
  "$@" > "$work/out" 2>&1 || true
  t1=$(date +%s.%N)
  awk "BEGIN {print $t1 - $t0}"
}

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# ---- (a) the corpus: keep files both tools read cleanly ----------------
if [ ! -s "$work/corpus.smt2" ]; then
  : > "$work/files"
  awk -F'\t' 'NR > 1 && ($5 == "QF_BV" || $5 == "QF_FP" || $5 == "QF_BVFP") {print $1}' \
    "$bench/MANIFEST.tsv" | while read -r p; do
    python3 bench/smt-strip.py "$bench/$p" > "$work/one.smt2"
    ferret_read "$work/one.smt2" > "$work/f.out" 2>&1 || true
    z3_read "$work/one.smt2" > "$work/z.out" 2>&1 || true
    if grep -q error "$work/f.out" || grep -q error "$work/z.out"; then
      echo "skip $p" >> "$work/skipped"
    else
      echo "$bench/$p" >> "$work/files"
    fi
  done
  # shellcheck disable=SC2046
  python3 bench/smt-strip.py $(cat "$work/files") > "$work/corpus.smt2"
fi
[ -s "$work/big.smt2" ] || python3 bench/gen-big.py 30 1 > "$work/big.smt2"

report() { # name file
  bytes=$(wc -c < "$2")
  mb=$(awk "BEGIN {print $bytes / 1000000}")
  ft=""; zt=""
  i=0
  while [ $i -lt "$runs" ]; do
    ft="$ft $(timed ferret_read "$2")"
    if grep -q error "$work/out"; then echo "ferret reports an error on $2:"; head -3 "$work/out"; fi
    zt="$zt $(timed z3_read "$2")"
    if grep -q error "$work/out"; then echo "z3 reports an error on $2:"; head -3 "$work/out"; fi
    i=$((i + 1))
  done
  fm=$(echo $ft | tr ' ' '\n' | median)
  zm=$(echo $zt | tr ' ' '\n' | median)
  printf '%s: %.1f MB; ferret %.3f s = %.1f MB/s; z3 %.3f s = %.1f MB/s; ferret/z3 speed ratio %.1f\n' \
    "$1" "$mb" "$fm" "$(awk "BEGIN {print $mb / $fm}")" "$zm" "$(awk "BEGIN {print $mb / $zm}")" \
    "$(awk "BEGIN {print $zm / $fm}")"
  echo "   ferret runs:$ft"
  echo "   z3 runs:    $zt"
}

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'); z3 $(z3 --version | awk '{print $3}')"
echo "corpus: $(wc -l < "$work/files") files read by both tools, $(cat "$work/skipped" 2>/dev/null | wc -l) skipped"
report "corpus" "$work/corpus.smt2"
report "generated" "$work/big.smt2"
