#!/bin/sh
# The same executions on two builds of the ferret runtime: each input of
# INPUT_DIR (in name order) run once on the program, sharing one back-off
# map (SYMCC_AFL_COVERAGE_MAP) as a search does, with SYMCC_FERRET_STATS.
#
#   bench/symcc/replay.sh RUNTIME_LIB_DIR PROGRAM INPUT_DIR OUT_DIR [ARGS...]
#
# ARGS as for bench/symcc-explore.sh (@@ for the input file, else stdin).
# OUT_DIR/stats: one SYMCC_FERRET_STATS line per execution; OUT_DIR/new/:
# every new input written (deduplicated by content); with COV_PROG, the
# edges of the inputs and the new inputs together on the coverage build
# (what the answers are worth).  Then the sums: bench/symcc/replay-sum.py.
# Environment: any SYMCC_FERRET_* setting is passed on; EXEC_CPU as in
# bench/symcc-explore.sh.
set -eu
[ $# -ge 4 ] || { sed -n '2,14p' "$0"; exit 2; }
lib=$1 prog=$2 inputs=$3 out=$4
shift 4
prog_args="$*"
. "$(dirname "$0")/args.sh" # input_args
[ -x "$prog" ] && [ -f "$lib/libsymcc-rt.so" ] || { echo "skipped: $prog or $lib/libsymcc-rt.so missing"; exit 77; }
rm -rf "$out" && mkdir -p "$out/run" "$out/new"
: >"$out/all.log"
out=$(cd "$out" && pwd)
: >"$out/stats"
for f in "$inputs"/*; do
  [ -f "$f" ] || continue
  input_args "$f"
  rm -f "$out/run"/*
  inarg=FSYM_REPLAY_STDIN=1 # (no setting)
  [ "$stdin" = /dev/null ] && inarg="SYMCC_INPUT_FILE=$f"
  # shellcheck disable=SC2086
  env LD_LIBRARY_PATH="$lib" SYMCC_OUTPUT_DIR="$out/run" SYMCC_LOG_FILE="$out/log" "$inarg" \
    SYMCC_FERRET_STATS=1 SYMCC_AFL_COVERAGE_MAP="$out/map" \
    sh -c 'ulimit -t "$0"; exec "$@"' "${EXEC_CPU:-30}" "$prog" $args <"$stdin" >/dev/null 2>&1 || true
  sed -n 's/^ferret: \({.*}\)$/\1/p' "$out/log" | tail -1 >>"$out/stats"
  cat "$out/log" >>"$out/all.log"
  for n in "$out/run"/*; do
    [ -f "$n" ] && cp "$n" "$out/new/$(sha1sum <"$n" | cut -c1-40)"
  done
done
[ -n "${COV_PROG:-}" ] || exit 0
rm -f "$out/cov.map"
for f in "$inputs"/* "$out/new"/*; do
  [ -f "$f" ] || continue
  input_args "$f"
  # shellcheck disable=SC2086
  FSYM_COV_MAP=$out/cov.map timeout -k 5 60 "$COV_PROG" $args <"$stdin" >/dev/null 2>&1 || true
done
tr -d '\000' <"$out/cov.map" | wc -c >"$out/edges"
