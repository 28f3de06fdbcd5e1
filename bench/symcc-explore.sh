#!/bin/sh
# SKELETON of the benchmark of issue 34, part 3 (ferret inside SymCC on real
# programs).  NOT DONE: the programs (none is built here yet), coverage over
# time (edges or branches, plots), the hybrid run with AFL++, the runs with
# SymCC's QSYM and simple backends side by side, peak memory, and
# BENCHMARKS.md.  No result of this script has been reported anywhere.
#
# What it does now: a generational search over one program already built with
# SymCC (contrib/symcc/build.sh), on the runtime in RT_LIB: every input of
# the queue is run once with SYMCC_OUTPUT_DIR pointing at a fresh folder,
# each new input that differs from all seen joins the queue, until the wall
# budget is spent.  One TSV line per execution (input, seconds, new inputs,
# and the ferret runtime's counters when SYMCC_FERRET_STATS applies).
#
#   bench/symcc-explore.sh PROGRAM SEED_DIR OUT_DIR SECONDS RT_LIB [ARGS...]
#
# ARGS are the program's arguments; @@ in them is replaced by the input file
# (else the input goes to stdin).
set -eu
[ $# -ge 5 ] || { sed -n '2,20p' "$0"; exit 2; }
prog=$1 seeds=$2 out=$3 budget=$4 rt=$5
shift 5
mkdir -p "$out/queue" "$out/tmp"
for s in "$seeds"/*; do cp "$s" "$out/queue/$(sha1sum <"$s" | cut -c1-16)"; done
: >"$out/done"
printf 'input\tseconds\tnew\tstats\n' >"$out/executions.tsv"
end=$(($(date +%s) + budget))
while [ "$(date +%s)" -lt "$end" ]; do
  next=$(ls "$out/queue" | grep -vxF -f "$out/done" | head -1 || true)
  [ -n "$next" ] || break
  echo "$next" >>"$out/done"
  rm -rf "$out/tmp/run" && mkdir -p "$out/tmp/run"
  input="$out/queue/$next"
  args=""
  for a in "$@"; do [ "$a" = @@ ] && a=$input; args="$args $a"; done
  t0=$(date +%s.%N)
  case " $* " in
  *" @@ "*) LD_LIBRARY_PATH=$rt SYMCC_OUTPUT_DIR="$out/tmp/run" SYMCC_FERRET_STATS=1 \
              SYMCC_INPUT_FILE="$input" timeout 600 "$prog" $args </dev/null >/dev/null 2>"$out/tmp/log" || true ;;
  *) LD_LIBRARY_PATH=$rt SYMCC_OUTPUT_DIR="$out/tmp/run" SYMCC_FERRET_STATS=1 \
       timeout 600 "$prog" $args <"$input" >/dev/null 2>"$out/tmp/log" || true ;;
  esac
  t1=$(date +%s.%N)
  new=0
  for f in "$out/tmp/run"/*; do
    [ -f "$f" ] || continue
    h=$(sha1sum <"$f" | cut -c1-16)
    [ -f "$out/queue/$h" ] || { cp "$f" "$out/queue/$h"; new=$((new + 1)); }
  done
  stats=$(sed -n 's/^ferret: \({.*}\)$/\1/p' "$out/tmp/log" | tail -1)
  printf '%s\t%s\t%d\t%s\n' "$next" "$(echo "$t1 - $t0" | bc)" "$new" "$stats" >>"$out/executions.tsv"
done
echo "executions: $(($(wc -l <"$out/executions.tsv") - 1)), queue: $(ls "$out/queue" | wc -l)"
