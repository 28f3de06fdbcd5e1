#!/bin/sh
# A hybrid run: AFL++ on a program, and a SymCC runtime on every new input of
# AFL's queue, its new inputs handed back to AFL (as SymCC's own fuzzing
# helper does, without its Rust tooling).
#
#   bench/symcc-afl.sh AFL_PROG SYM_PROG SEED_DIR OUT_DIR SECONDS [ARGS...]
#
# AFL_PROG is the program built with afl-clang-fast, SYM_PROG the same
# program built with SymCC's compiler (bench/symcc/programs.sh); ARGS are the
# program's arguments, @@ for the input file (as for bench/symcc-explore.sh).
# AFL++ runs as the main instance "afl" of the sync folder OUT_DIR/sync for
# SECONDS of wall time (afl-fuzz -V, fixed seed -s 1); the loop here acts as
# a second instance "symcc": it takes AFL's queue entries in order (not the
# ones AFL imported from it), runs SYM_PROG on each on the runtime in RT
# (a folder with libsymcc-rt.so; RT unset: AFL++ alone), and puts each new
# input it writes, not seen before, in OUT_DIR/sync/symcc/queue/, which AFL
# reads every minute (AFL_SYNC_TIME=1) and keeps the inputs that add coverage.
# Environment: RT; SIMPLE=1 when RT is SymCC's simple runtime (its logged
# models become inputs, bench/symcc/simple-inputs.py); EXEC_CPU (default 30)
# CPU seconds per execution of SYM_PROG; COV_PROG the coverage build, for
# the edges of AFL's queue over time (OUT_DIR/coverage.tsv: seconds, edges).
# OUT_DIR/symcc.tsv: per execution of SYM_PROG: AFL entry, CPU s, wall s
# since the start, new inputs; OUT_DIR/summary: the counts.
set -eu
[ $# -ge 5 ] || { sed -n '2,24p' "$0"; exit 2; }
afl_prog=$1 sym_prog=$2 seeds=$3 out=$4 secs=$5
shift 5
here=$(cd "$(dirname "$0")" && pwd)
command -v afl-fuzz >/dev/null || { echo "skipped: afl-fuzz not found (apt-get install -y afl++)"; exit 77; }
[ -x "$afl_prog" ] && [ -x "$sym_prog" ] || { echo "skipped: $afl_prog or $sym_prog not built"; exit 77; }
[ -x /usr/bin/time ] || { echo "skipped: /usr/bin/time missing (apt-get install -y time)"; exit 77; }
rm -rf "$out" && mkdir -p "$out/sync/symcc/queue" "$out/run"
out=$(cd "$out" && pwd)
: >"$out/done"
: >"$out/hashes"
printf 'entry\tcpu_s\twall_s\tnew\n' >"$out/symcc.tsv"
prog_args="$*"

. "$here/symcc/args.sh" # input_args

input_args @@
start=$(date +%s.%N)
# shellcheck disable=SC2086
AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_NO_AFFINITY=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
  AFL_SYNC_TIME=1 afl-fuzz -s 1 -V "$secs" -t 2000 -i "$seeds" -o "$out/sync" -M afl \
  -- "$afl_prog" $args >"$out/afl.log" 2>&1 &
afl=$!
elapsed() { echo "$(date +%s.%N) $start" | awk '{printf "%.1f", $1 - $2}'; }

n=0 cpu_cs=0 runs=0
while [ -n "${RT:-}" ] && kill -0 "$afl" 2>/dev/null; do
  idle=1
  for q in "$out/sync/afl/queue"/id:*; do
    [ -f "$q" ] || continue
    e=$(basename "$q")
    case $e in *sync:symcc*) continue ;; esac # our own input, imported
    grep -qxF "$e" "$out/done" && continue
    echo "$e" >>"$out/done"
    idle=0
    rm -rf "$out/run" && mkdir "$out/run"
    input_args "$q"
    inarg=FSYM_HYBRID=1 # (no setting)
    [ "$stdin" = /dev/null ] && inarg="SYMCC_INPUT_FILE=$q"
    # shellcheck disable=SC2086
    env LD_LIBRARY_PATH="$RT" SYMCC_OUTPUT_DIR="$out/run" SYMCC_LOG_FILE="$out/log" \
      SYMCC_AFL_COVERAGE_MAP="$out/map" "$inarg" /usr/bin/time -f '%U %S' -o "$out/time" \
      sh -c 'ulimit -t "$0"; exec "$@"' "${EXEC_CPU:-30}" "$sym_prog" $args <"$stdin" >/dev/null 2>&1 || true
    [ "${SIMPLE:-0}" = 1 ] && python3 "$here/symcc/simple-inputs.py" "$out/log" "$q" "$out/run"
    c=$(tail -1 "$out/time" | awk '{printf "%d", ($1 + $2) * 100 + 0.5}')
    cpu_cs=$((cpu_cs + c)) runs=$((runs + 1))
    new=0
    for f in "$out/run"/*; do
      [ -f "$f" ] || continue
      h=$(sha1sum <"$f" | cut -c1-40)
      grep -qxF "$h" "$out/hashes" && continue
      echo "$h" >>"$out/hashes"
      cp "$f" "$out/sync/symcc/queue/id:$(printf %06d $n)"
      n=$((n + 1)) new=$((new + 1))
    done
    printf '%s\t%s\t%s\t%d\n' "${e%%,*}" "$(awk "BEGIN{print $c / 100}")" "$(elapsed)" "$new" >>"$out/symcc.tsv"
    kill -0 "$afl" 2>/dev/null || break
  done
  [ "$idle" = 0 ] || sleep 1
done
wait "$afl" || true

queue=$(ls "$out/sync/afl/queue" | grep -c '^id:' || true)
imported=$(ls "$out/sync/afl/queue" | grep -c 'sync:symcc' || true)
{
  echo "AFL queue: $queue entries, $imported of them imported from the runtime's inputs"
  echo "runtime: $runs executions, $(awk "BEGIN{print $cpu_cs / 100}") CPU s, $n new inputs"
  grep -E 'execs_done|execs_per_sec|bitmap_cvg' "$out/sync/afl/fuzzer_stats" 2>/dev/null | tr -s ' ' || true
} | tee "$out/summary"

# Edges over time: AFL's queue in the order of its entries' time: field
# (milliseconds since AFL started) replayed on the coverage build.
[ -n "${COV_PROG:-}" ] && [ -x "${COV_PROG:-}" ] || exit 0
rm -f "$out/cov.map"
printf 'seconds\tedges\n' >"$out/coverage.tsv"
for q in "$out/sync/afl/queue"/id:*; do
  t=$(basename "$q" | sed -n 's/.*time:\([0-9]*\).*/\1/p')
  echo "${t:-0} $q"
done | sort -n | while read -r t q; do
  input_args "$q"
  # shellcheck disable=SC2086
  FSYM_COV_MAP=$out/cov.map timeout -k 5 60 "$COV_PROG" $args <"$stdin" >/dev/null 2>&1 || true
  printf '%s\t%d\n' "$(awk "BEGIN{print $t / 1000}")" "$(tr -d '\000' <"$out/cov.map" | wc -c)" >>"$out/coverage.tsv"
done
echo "edges: $(tail -1 "$out/coverage.tsv" | cut -f2)" | tee -a "$out/summary"
