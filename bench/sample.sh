#!/bin/sh
# Sampling strategies compared (issue 14): every strategy of
# `ferret sample` on the first N files per suite (QF_FP_fs, QF_BVFP_fs of
# the corpus manifest) that ferret solves within 2 s, each for BUDGET
# seconds with each seed; samples, samples/s, executions/s and the SMT
# coverage of all the samples (`ferret coverage`).  Then
# bench/sample-summary.py prints the per-strategy table, Vargha-Delaney A12
# and the Wilcoxon signed-rank p of sm+de against the others.
#
#   bench/sample.sh [N] [BUDGET] [SEEDS]     defaults 6, 5, "1 2 3"
#   FERRET_BENCH=dir (default ../shared/bench), FERRET=build/ferret,
#   STRATEGIES="naive de sm sm+de" (ferret's strategies run; NAME-1t runs
#   NAME with --judge-thread=off: search, validation and output on one
#   thread, as before the judge got a thread of its own),
#   SMTSAMPLER=dir: also the SMTSampler baseline built in that checkout by
#   bench/smtsampler.sh (strategy "smtsampler", same files, budget, seeds),
#   OUT=bench/results/sample.tsv, SUITES="QF_FP_fs QF_BVFP_fs".
# Writes OUT (one row per run; solve_execs_per_sec is the executions/s of
# the file's solve run, the one that picked it, for the ratio the issue
# asks: sampling's executions/s over solving's; "-" when that run took
# fewer than 10,000 executions, as on most of these files; search_share
# is the sample run's share of time spent searching, --stats', so that
# execs_per_sec / search_share is its bare search's rate; the summary takes
# naive-1t's as the solver's rate when it ran, else naive's).
N=${1:-6}
BUDGET=${2:-5}
SEEDS=${3:-"1 2 3"}
: "${FERRET:=build/ferret}"
: "${FERRET_BENCH:=../shared/bench}"
: "${STRATEGIES:=naive de sm sm+de}"
out=${OUT:-bench/results/sample.tsv}
if [ -n "${SMTSAMPLER:-}" ] && [ ! -x "$SMTSAMPLER/smtsampler" ]; then
  echo "bench/sample.sh: SMTSAMPLER=$SMTSAMPLER has no built smtsampler (bench/smtsampler.sh build DIR)" >&2
  exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p bench/results
: "${SUITES:=QF_FP_fs QF_BVFP_fs}"
printf 'suite\tfile\tstrategy\tseed\tsamples\tsamples_per_sec\texecs_per_sec\tcoverage\tend\tsolve_execs_per_sec\tsearch_share\n' > "$out"
for suite in $SUITES; do
  picked=0
  for f in $(awk -F'\t' -v s="$suite" '$13 == s && $6 != "unsat" { print $1 }' "$FERRET_BENCH/MANIFEST.tsv"); do
    [ "$picked" -ge "$N" ] && break
    path="$FERRET_BENCH/$f"
    [ "$("$FERRET" --timeout 2 --stats "$path" 2> "$tmp/solve" | head -1)" = sat ] || continue
    # the solve run's executions/s, when it ran long enough to mean something
    seps=$(sed -n 's/.*"execs": \([0-9]*\), "execs_per_sec": \([0-9.]*\).*/\1 \2/p' "$tmp/solve" |
           awk 'NR == 1 && $1 >= 10000 { print $2 }')
    picked=$((picked + 1))
    for strategy in $STRATEGIES; do
      for seed in $SEEDS; do
        case $strategy in
          *-1t) run="--strategy ${strategy%-1t} --judge-thread=off" ;;
          *) run="--strategy $strategy" ;;
        esac
        # shellcheck disable=SC2086 # $run is two or three words
        "$FERRET" sample "$path" -t "$BUDGET" --seed "$seed" $run \
          --stats -o "$tmp/s.jsonl" 2> "$tmp/stats" > /dev/null
        stats=$(grep '"job": "sample"' "$tmp/stats")
        get() { echo "$stats" | sed -n "s/.*\"$1\": \"\{0,1\}\([^,\"}]*\).*/\1/p"; }
        cov=$("$FERRET" coverage "$path" "$tmp/s.jsonl" 2>/dev/null | sed -n 's/^total \([0-9.]*\)%/\1/p')
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$suite" "$f" "$strategy" "$seed" \
          "$(get samples)" "$(get samples_per_sec)" "$(get execs_per_sec)" "${cov:-0}" \
          "$(get end)" "${seps:--}" "$(get search_share)" >> "$out"
      done
    done
    if [ -n "${SMTSAMPLER:-}" ]; then
      for seed in $SEEDS; do
        row=$(FERRET="$FERRET" bench/smtsampler.sh run "$SMTSAMPLER" "$path" "$BUDGET" "$seed" \
          "$tmp/s.csv")
        printf '%s\t%s\t%s\t%s\t%s\t-\t-\n' "$suite" "$f" smtsampler "$seed" "$row" >> "$out"
      done
    fi
    echo "$suite $f done" >&2
  done
done
python3 bench/sample-summary.py "$out"
