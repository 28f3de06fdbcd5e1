#!/usr/bin/env bash
# Solver benchmark: ferret vs z3 vs cvc5 on the JFS paper's final subsets
# (ESEC/FSE 2019, QF_FP_fs and QF_BVFP_fs) as far as the corpus holds them.
#
#   bench/solve-bench.sh [--timeout S] [--suite QF_FP_fs|QF_BVFP_fs|all]
#                        [--solvers ferret,z3,cvc5] [--limit N] [--ablation]
#                        (also ferret-pz3, ferret-pcvc5: ferret --portfolio with z3 / cvc5,
#                        and bitwuzla: --bitwuzla PATH, else $BITWUZLA, else on PATH;
#                        ferret-sN: ferret --seed N, e.g. ferret-s1,...,ferret-s5)
#                        [--max-execs E] (ferret runs: an execution budget, a limit
#                        that does not depend on the machine's load; the timeout
#                        stays as the wall-clock backstop)
#                        [--ferret PATH] [--bitwuzla PATH] [--out DIR]
#
# The run is `ferret bench` (one solver process at a time: the timing must
# not compete with itself; killed at the timeout; answer classified from
# stdout; WRONG when a definite answer contradicts the expected status).
# This script only picks the suite's files and their expected status:
# MANIFEST.tsv's status when it is sat/unsat, otherwise the JFS artifact's
# expected_status (relabelled by the paper's authors with Z3 and MathSAT5);
# the two are checked for agreement.
#
# Output: <out>/solve-<suite>-<S>s.tsv (or ...-ablation.tsv), ferret bench's
# rows, one per (file, solver); the rows of the solvers named are redone
# (--resume keeps them and runs only what is missing), other solvers' rows
# are kept, so solvers can be run in separate invocations.  Then
# bench/solve-summary.py prints the summary (solved counts, wrong, PAR-2,
# medians, paper counts) and draws the quantile plot.
#
# --ablation runs ferret variants instead of the solvers: default (smart
# seeds, coverage-guided, fail-fast), naive seeds (--seeds=1), pure random
# (--pure-random), try-all encoding (--encoding=1).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
bench=${FERRET_BENCH:-$root/../shared/bench}
ferret=$root/build/ferret
bitwuzla=${BITWUZLA:-bitwuzla}
execs=0 timeout=60 suite=all solvers= limit=0 ablation=0 resume=0 out=$here/results

while [ $# -gt 0 ]; do
    case $1 in
        --timeout) timeout=$2; shift 2 ;;
        --suite) suite=$2; shift 2 ;;
        --max-execs) execs=$2; shift 2 ;;
        --solvers) solvers=$2; shift 2 ;;
        --limit) limit=$2; shift 2 ;;
        --ablation) ablation=1; shift ;;
        --resume) resume=1; shift ;;
        --ferret) ferret=$2; shift 2 ;;
        --bitwuzla) bitwuzla=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        -h|--help) sed -n '2,31p' "$0"; exit 0 ;;
        *) echo "solve-bench.sh: unknown argument '$1'" >&2; exit 1 ;;
    esac
done
case $suite in QF_FP_fs|QF_BVFP_fs|all) ;; *) echo "bad --suite $suite" >&2; exit 1 ;; esac
manifest=$bench/MANIFEST.tsv
paper=$bench/paper/jfs_fse2019_results.tsv
[ -f "$manifest" ] || { echo "no corpus at $bench (set FERRET_BENCH)" >&2; exit 1; }
[ -x "$ferret" ] || { echo "no $ferret: run make" >&2; exit 1; }
mkdir -p "$out"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# file <TAB> expected: manifest status if definite, else the paper's.
awk -F'\t' -v suite="$suite" '
    FNR == 1 { next }
    FILENAME == ARGV[1] { p = ($12 != "") ? $12 : $2; if ($4 == "z3") pexp[p] = $3; next }
    ($13 == "QF_FP_fs" || $13 == "QF_BVFP_fs") && (suite == "all" || $13 == suite) {
        m = $6; e = (m == "sat" || m == "unsat") ? m : ($1 in pexp ? pexp[$1] : "unknown")
        if ((m == "sat" || m == "unsat") && ($1 in pexp) && pexp[$1] != m &&
            (pexp[$1] == "sat" || pexp[$1] == "unsat"))
            printf "expected-status conflict: %s manifest %s paper %s\n", $1, m, pexp[$1] > "/dev/stderr"
        print $1 "\t" e
    }' "$paper" "$manifest" > "$tmp/files"
[ "$limit" -gt 0 ] && head -n "$limit" "$tmp/files" > "$tmp/f2" && mv "$tmp/f2" "$tmp/files"
nfiles=$(wc -l < "$tmp/files")

if [ $ablation = 1 ]; then
    tsv=$out/solve-$suite-${timeout}s-ablation.tsv
    solvers=${solvers:-ferret,ferret-naive,ferret-random,ferret-tryall}
else
    solvers=${solvers:-ferret,z3,cvc5}
    tsv=$out/solve-$suite-${timeout}s.tsv
fi
if [ -f "$tsv" ] && [ $resume = 0 ]; then   # redo the named solvers' rows
    awk -F'\t' -v s=",$solvers," 'NR == 1 || index(s, "," $2 ",") == 0' "$tsv" > "$tmp/keep"
    cp "$tmp/keep" "$tsv"
fi
if [ -f "$tsv" ] && [ "$(head -1 "$tsv" | cut -f1-4)" = "$(printf 'file\tsolver\tanswer\texpected')" ] &&
   [ "$(head -1 "$tsv" | cut -f5)" != wrong ]; then
    mv "$tsv" "$tsv.old"   # rows of the script before ferret bench
    echo "moved $tsv (an older layout) to $tsv.old" >&2
fi
awk -F'\t' -v b="$bench" 'BEGIN { print "path\tstatus" } { print b "/" $1 "\t" $2 }' \
    "$tmp/files" > "$tmp/manifest.tsv"
mapfile -t list < <(cut -f1 "$tmp/files")

args=()
IFS=, read -r -a names <<< "$solvers"
for s in "${names[@]}"; do
    case $s in
        ferret)        cmd="$ferret --timeout $timeout" ;;
        ferret-naive)  cmd="$ferret --timeout $timeout --seeds=1" ;;
        ferret-random) cmd="$ferret --timeout $timeout --pure-random" ;;
        ferret-tryall) cmd="$ferret --timeout $timeout --encoding=1" ;;
        ferret-s[0-9]*) cmd="$ferret --timeout $timeout --seed ${s#ferret-s}" ;;
        ferret-pz3)    cmd="$ferret --timeout $timeout --portfolio 'z3 -in'" ;;
        ferret-pcvc5)  cmd="$ferret --timeout $timeout --portfolio 'cvc5 --lang smt2 --fp-exp'" ;;
        z3)            cmd="z3 -T:$timeout" ;;
        cvc5)          cmd="cvc5 --tlimit=$((timeout * 1000))" ;;
        # per check-sat: 0.8.2's --time-limit waits for the whole limit after
        # a command it rejects (see unsat-bench.sh)
        bitwuzla)      command -v "$bitwuzla" > /dev/null ||
                           { echo "no bitwuzla at $bitwuzla (--bitwuzla PATH)" >&2; exit 1; }
                       cmd="$bitwuzla --time-limit-per $((timeout * 1000))" ;;
        *) echo "unknown solver $s" >&2; exit 1 ;;
    esac
    case $s in ferret*) [ "$execs" -gt 0 ] && cmd="$cmd --max-execs $execs" ;; esac
    args+=(--solver "$s=$cmd")
done
# file paths relative to the corpus (the rows' file column is path_in_bench)
(cd "$bench" && "$ferret" bench "${args[@]}" --timeout "$timeout" \
    --manifest "$tmp/manifest.tsv" -o "$tsv" "${list[@]}" > /dev/null)
rc=$?
[ $rc = 0 ] || [ $rc = 4 ] || exit $rc
echo "wrote $tsv" >&2
python3 "$here/solve-summary.py" $([ $ablation = 1 ] && echo --ablation) "$tsv"
