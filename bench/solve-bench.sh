#!/usr/bin/env bash
# Solver benchmark: ferret vs z3 vs cvc5 on the JFS paper's final subsets
# (ESEC/FSE 2019, QF_FP_fs and QF_BVFP_fs) as far as the corpus holds them.
#
#   bench/solve-bench.sh [--timeout S] [--suite QF_FP_fs|QF_BVFP_fs|all]
#                        [--solvers ferret,z3,cvc5] [--limit N] [--ablation]
#                        (also ferret-pz3, ferret-pcvc5: ferret --portfolio with z3 / cvc5)
#                        [--ferret PATH] [--out DIR]
#
# Runs one solver process at a time (the timing must not compete with
# itself), measures wall time around the process, classifies the answer from
# stdout and marks WRONG when a definite answer contradicts the expected
# status.  Expected status: MANIFEST.tsv's status when it is sat/unsat,
# otherwise the JFS artifact's expected_status (relabelled by the paper's
# authors with Z3 and MathSAT5); the two are checked for agreement.
#
# Output: <out>/solve-<suite>-<S>s.tsv (or ...-ablation.tsv), one row per
# (file, solver); rows of solvers not run this time are kept, so solvers can
# be run in separate invocations.  Then bench/solve-summary.py prints the
# summary (solved counts, wrong, PAR-2, medians, paper counts) and draws the
# quantile plot.
#
# --ablation runs ferret variants instead of the solvers: default (smart
# seeds, coverage-guided, fail-fast), naive seeds (--seeds=1), pure random
# (--pure-random), try-all encoding (--encoding=1).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
bench=${FERRET_BENCH:-$root/../shared/bench}
ferret=$root/build/ferret
timeout=60 suite=all solvers= limit=0 ablation=0 out=$here/results

while [ $# -gt 0 ]; do
    case $1 in
        --timeout) timeout=$2; shift 2 ;;
        --suite) suite=$2; shift 2 ;;
        --solvers) solvers=$2; shift 2 ;;
        --limit) limit=$2; shift 2 ;;
        --ablation) ablation=1; shift ;;
        --ferret) ferret=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        -h|--help) sed -n '2,25p' "$0"; exit 0 ;;
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
header='file	solver	answer	expected	wall_s	wrong	execs_per_s	timeout_s	execs'
if [ -f "$tsv" ]; then   # keep other solvers' rows
    awk -F'\t' -v s=",$solvers," 'NR == 1 || index(s, "," $2 ",") == 0' "$tsv" > "$tmp/keep"
else
    echo "$header" > "$tmp/keep"
fi
cp "$tmp/keep" "$tsv"

outer=$((timeout + 5))   # the outer guard; solvers should stop themselves first
IFS=, read -r -a list <<< "$solvers"
for s in "${list[@]}"; do
    case $s in
        ferret)        cmd=("$ferret" --timeout "$timeout" --stats) ;;
        ferret-naive)  cmd=("$ferret" --timeout "$timeout" --stats --seeds=1) ;;
        ferret-random) cmd=("$ferret" --timeout "$timeout" --stats --pure-random) ;;
        ferret-tryall) cmd=("$ferret" --timeout "$timeout" --stats --encoding=1) ;;
        ferret-pz3)    cmd=("$ferret" --timeout "$timeout" --stats --portfolio "z3 -in") ;;
        ferret-pcvc5)  cmd=("$ferret" --timeout "$timeout" --stats --portfolio "cvc5 --lang smt2 --fp-exp") ;;
        z3)            cmd=(z3 "-T:$timeout") ;;
        cvc5)          cmd=(cvc5 "--tlimit=$((timeout * 1000))") ;;
        *) echo "unknown solver $s" >&2; exit 1 ;;
    esac
    n=0 solved=0 wrong=0
    while IFS=$'\t' read -r f exp; do
        n=$((n + 1))
        t0=$(date +%s.%N)
        timeout -k 2 "$outer" "${cmd[@]}" "$bench/$f" > "$tmp/out" 2> "$tmp/err" < /dev/null
        rc=$?
        t1=$(date +%s.%N)
        wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", b - a }')
        ans=$(grep -m1 -E '^(sat|unsat|unknown|timeout)$' "$tmp/out")
        case $ans in
            sat|unsat) ;;
            timeout) ans=timeout ;;
            unknown)  # an unknown at the time limit is a timeout
                ans=$(awk -v w="$wall" -v t="$timeout" 'BEGIN { print (w >= 0.95 * t) ? "timeout" : "unknown" }') ;;
            *) if [ $rc = 124 ] || [ $rc = 137 ] || grep -q -i 'timeout\|interrupted by' "$tmp/err" "$tmp/out"; then
                   ans=timeout
               else
                   ans=error
               fi ;;
        esac
        w=""
        if { [ "$ans" = sat ] || [ "$ans" = unsat ]; } && { [ "$exp" = sat ] || [ "$exp" = unsat ]; } &&
           [ "$ans" != "$exp" ]; then
            w=WRONG; wrong=$((wrong + 1))
            cp "$tmp/out" "$out/WRONG-$s-$(basename "$f").out"
        fi
        [ "$ans" = sat ] || [ "$ans" = unsat ] && solved=$((solved + 1))
        eps="	"
        if [ -s "$tmp/err" ] && [ "${s%%-*}" = ferret ]; then
            # --stats JSON: take execs_per_s, or execs / time, when present.
            eps=$(python3 - "$tmp/err" <<'EOF' 2>/dev/null
import json, re, sys
text = open(sys.argv[1], errors="replace").read()
for m in reversed(list(re.finditer(r"\{", text))):
    try:
        d, _ = json.JSONDecoder().raw_decode(text[m.start():])
    except ValueError:
        continue
    if not isinstance(d, dict):
        continue
    flat = {}
    def walk(o):
        for k, v in o.items():
            if isinstance(v, dict): walk(v)
            elif isinstance(v, (int, float)) and k not in flat: flat[k] = v
    walk(d)
    e = flat.get("execs", "")
    for k in ("execs_per_sec", "execs_per_s"):
        if k in flat: print("%.0f\t%s" % (flat[k], e)); break
    else:
        t = flat.get("time_search", flat.get("time"))
        print(("%.0f\t%s" % (e / t, e)) if e != "" and t else "\t%s" % e)
    break
EOF
)
        fi
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$f" "$s" "$ans" "$exp" "$wall" "$w" "${eps%%	*}" "$timeout" "${eps#*	}" >> "$tsv"
        printf '\r%-14s %4d/%d solved %d wrong %d ' "$s" "$n" "$nfiles" "$solved" "$wrong" >&2
    done < "$tmp/files"
    echo >&2
done
echo "wrote $tsv" >&2
python3 "$here/solve-summary.py" $([ $ablation = 1 ] && echo --ablation) "$tsv"
