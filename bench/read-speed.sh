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
#     The same without the griggio-fmcad12 family, where z3 does most of
#     its work at assert time;
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

# "wall cpu" seconds of one command (cpu = user + sys, which a loaded
# machine disturbs less); its output goes to $work/out.
timed() {
  /usr/bin/time -f "%e %U %S" -o "$work/time" "$@" > "$work/out" 2>&1 || true
  awk '{print $1, $2 + $3}' "$work/time"
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
  # z3 spends most of its time on a few let-heavy griggio-fmcad12 files
  # (work at assert time), so the corpus is also measured without them.
  # shellcheck disable=SC2046
  python3 bench/smt-strip.py $(grep -v griggio-fmcad12 "$work/files") > "$work/corpus-nogriggio.smt2"
fi
[ -s "$work/big.smt2" ] || python3 bench/gen-big.py 30 1 > "$work/big.smt2"

report() { # name file
  bytes=$(wc -c < "$2")
  mb=$(awk "BEGIN {print $bytes / 1000000}")
  : > "$work/f.times"; : > "$work/z.times"
  i=0
  while [ $i -lt "$runs" ]; do
    timed "$FERRET" --parse_only=1 "$2" >> "$work/f.times"
    if grep -q error "$work/out"; then echo "ferret reports an error on $2:"; head -3 "$work/out"; fi
    timed sh -c 'z3 -in < "$1"' sh "$2" >> "$work/z.times"
    if grep -q error "$work/out"; then echo "z3 reports an error on $2:"; head -3 "$work/out"; fi
    i=$((i + 1))
  done
  fw=$(cut -d' ' -f1 "$work/f.times" | median); fc=$(cut -d' ' -f2 "$work/f.times" | median)
  zw=$(cut -d' ' -f1 "$work/z.times" | median); zc=$(cut -d' ' -f2 "$work/z.times" | median)
  awk -v n="$1" -v mb="$mb" -v fw="$fw" -v fc="$fc" -v zw="$zw" -v zc="$zc" 'BEGIN {
    printf "%s: %.1f MB\n", n, mb
    printf "  ferret: wall %.2f s = %.1f MB/s, cpu %.2f s = %.1f MB/s\n", fw, mb / fw, fc, mb / fc
    printf "  z3:     wall %.2f s = %.1f MB/s, cpu %.2f s = %.1f MB/s\n", zw, mb / zw, zc, mb / zc
    printf "  ferret is %.1fx as fast as z3 (wall), %.1fx (cpu)\n", zw / fw, zc / fc }'
  echo "  runs (wall cpu): ferret $(tr '\n' ';' < "$work/f.times") z3 $(tr '\n' ';' < "$work/z.times")"
}

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'); z3 $(z3 --version | awk '{print $3}')"
echo "corpus: $(wc -l < "$work/files") files read by both tools, $(cat "$work/skipped" 2>/dev/null | wc -l) skipped"
report "corpus" "$work/corpus.smt2"
report "corpus without griggio-fmcad12" "$work/corpus-nogriggio.smt2"
report "generated" "$work/big.smt2"
