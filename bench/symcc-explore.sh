#!/bin/sh
# ferret inside SymCC on a real program, side by side with SymCC's QSYM and
# simple runtimes: the same generational search with each runtime and the
# same budget of CPU time.
#
#   bench/symcc-explore.sh PROGRAM SEED_DIR OUT_DIR CPU_SECONDS [ARGS...]
#
# PROGRAM is built once with SymCC's compiler (bench/symcc/programs.sh); the
# runtime is chosen per execution with LD_LIBRARY_PATH.  ARGS are the
# program's arguments, @@ standing for the input file (without @@ the input
# goes to stdin).  Environment:
#   FERRET_RT, QSYM_RT, SIMPLE_RT  folders holding each runtime's
#       libsymcc-rt.so; a runtime left unset or absent is "skipped"
#   COV_PROG   the program's coverage build (bench/symcc/programs.sh): every
#       input of each queue is replayed on it, in the order found, for the
#       edges reached over time (without it: no coverage)
#   EXEC_CPU   CPU seconds allowed to one execution (default 30; ulimit -t,
#       so the limit does not depend on the machine's load)
#   MAX_WALL   wall seconds after which the search stops, whatever CPU time
#       is left to a runtime (default: none); the summary line says so
#   JOBS=N     independent runs: each runtime runs its own search until its
#       own CPU budget is spent or its queue is empty, whatever the others'
#       pace (no turns), in N lanes at once (1: one runtime after another;
#       2: two at once, the third after the first of its lane); MAX_WALL then
#       bounds each runtime's own search, from its own start.  Without JOBS
#       the runtimes take turns (below).
#   MAX_EXECS  executions after which a runtime's search stops (JOBS only;
#       for measuring the harness itself on the same executions)
#   REPLAY_ONLY=1  no search: only the coverage replay of OUT_DIR's queues
#   HARNESS=shell  the search and the replay run by this script's own shell
#       loop (about 15 processes per execution: /usr/bin/time, sh, sha1sum,
#       awk...); by default bench/symcc/drive.py runs them in one process
#       (fork and exec of the program, wait4 for its CPU time and peak
#       memory), with the same search; it prints its own overhead per
#       execution at the end of a search
#
# The search: each runtime has its own queue, seeded with SEED_DIR; the next
# input not yet run is run with SYMCC_OUTPUT_DIR on a fresh folder; the new
# inputs it writes, those not already in that queue, join it (first in,
# first out).  The simple runtime writes no input files: the models it logs
# become inputs (bench/symcc/simple-inputs.py).  The ferret and QSYM
# runtimes keep their branch hit map across executions
# (SYMCC_AFL_COVERAGE_MAP), as SymCC's own fuzzing helper does.  The three
# runtimes take turns, one execution each, so they run under the same load
# (unless JOBS is set); a runtime stops when the CPU time (user + system, of the program and its
# runtime: wait4's, or /usr/bin/time's with HARNESS=shell) of its executions reaches CPU_SECONDS or its
# queue is empty.
#
# Results in OUT_DIR/RUNTIME/: queue/ (inputs named by discovery order),
# found.tsv (input, CPU and wall seconds at its discovery), executions.tsv
# (per execution: input, CPU s, wall s, peak KiB, exit status, new inputs,
# the runtime's query counters: ferret's SYMCC_FERRET_STATS line, or for
# QSYM and simple the z3 calls counted by bench/symcc/z3-stats.c; and for
# ferret its slowest query's wall milliseconds, from its log), and
# coverage.tsv (edges reached after each input, with its discovery times).
# bench/symcc-summary.py turns them into the table and the plots.
set -eu
[ $# -ge 4 ] || { sed -n '2,46p' "$0"; exit 2; }
prog=$1 seeds=$2 out=$3 budget=$4
shift 4
here=$(cd "$(dirname "$0")" && pwd)
[ -x "$prog" ] || { echo "skipped: program $prog not built"; exit 77; }
[ "${HARNESS:-}" != shell ] || [ -x /usr/bin/time ] || { echo "skipped: /usr/bin/time missing (apt-get install -y time)"; exit 77; }
command -v python3 >/dev/null || { echo "skipped: python3 missing"; exit 77; }
mkdir -p "$out"
out=$(cd "$out" && pwd)
tmo=${EXEC_CPU:-30}
harness=${HARNESS:-drive}
budget_cs=$((budget * 100))
shim=$out/z3-stats.so
# built beside and renamed, so that runs sharing OUT_DIR do not race
cc -shared -fPIC -O1 -o "$shim.$$" "$here/symcc/z3-stats.c" -ldl 2>/dev/null &&
  mv -f "$shim.$$" "$shim" || shim=""

spawn=$out/spawn
if [ "${HARNESS:-}" != shell ]; then
  cc -O1 -o "$spawn.$$" "$here/symcc/spawn.c" && mv -f "$spawn.$$" "$spawn" ||
    { echo "skipped: cc could not build bench/symcc/spawn.c (HARNESS=shell runs without it)"; exit 77; }
fi
export FSYM_SPAWN="$spawn"

backends=""
[ "${REPLAY_ONLY:-0}" = 1 ] || for b in ferret qsym simple; do
  eval "rt=\${$(echo "$b" | tr a-z A-Z)_RT:-}"
  if [ -n "$rt" ] && [ -f "$rt/libsymcc-rt.so" ]; then
    backends="$backends $b"
    d=$out/$b
    rm -rf "$d" && mkdir -p "$d/queue" "$d/run"
    echo "$rt" >"$d/runtime"
    i=0
    for s in "$seeds"/*; do
      [ -f "$s" ] || continue
      cp "$s" "$d/queue/$(printf %06d $i)"
      sha1sum <"$s" | cut -c1-40 >>"$d/hashes"
      printf '%06d\t0\t0\tseed %s\n' $i "$(basename "$s")" >>"$d/found.tsv"
      i=$((i + 1))
    done
    echo 0 >"$d/next"
    echo 0 >"$d/cpu_cs"
    printf 'input\tcpu_s\twall_s\tpeak_kib\tstatus\tnew\tstats\tslowest_query_ms\n' >"$d/executions.tsv"
  else
    echo "skipped: the $b runtime ($(echo "$b" | tr a-z A-Z)_RT unset or without libsymcc-rt.so)"
  fi
done
[ -n "$backends" ] || [ "${REPLAY_ONLY:-0}" = 1 ] || { echo "skipped: no runtime"; exit 77; }
start=$(date +%s.%N)

. "$here/symcc/args.sh" # input_args

# run_one BACKEND: one execution of the next input of BACKEND's queue;
# fails when that runtime has nothing more to do.
run_one() {
  d=$out/$1
  n=$(cat "$d/next") cpu=$(cat "$d/cpu_cs")
  input=$d/queue/$(printf %06d "$n")
  [ "$cpu" -lt "$budget_cs" ] && [ -f "$input" ] || return 1
  echo $((n + 1)) >"$d/next"
  rm -rf "$d/run" && mkdir -p "$d/run"
  rm -f "$d/log" "$d/z3"
  input_args "$input"
  extra=""
  case $1 in
  ferret) extra="SYMCC_FERRET_STATS=1 SYMCC_AFL_COVERAGE_MAP=$d/map" ;;
  qsym) extra="SYMCC_AFL_COVERAGE_MAP=$d/map FSYM_Z3_QUERIES=all" ;;
  esac
  [ -n "$shim" ] && [ "$1" != ferret ] && extra="$extra LD_PRELOAD=$shim FSYM_Z3_STATS=$d/z3"
  inarg=""
  [ "$stdin" = /dev/null ] && inarg="SYMCC_INPUT_FILE=$input"
  status=0
  # shellcheck disable=SC2086
  env LD_LIBRARY_PATH="$(cat "$d/runtime")" SYMCC_OUTPUT_DIR="$d/run" SYMCC_LOG_FILE="$d/log" \
    $inarg $extra /usr/bin/time -f '%U %S %e %M' -o "$d/time" \
    sh -c 'ulimit -t "$0"; exec "$@"' "$tmo" "$prog" $args <"$stdin" >/dev/null 2>&1 || status=$?
  [ "$1" = simple ] && python3 "$here/symcc/simple-inputs.py" "$d/log" "$input" "$d/run"
  # /usr/bin/time writes a "Command exited" line first when the status is not 0.
  set -- "$1" $(tail -1 "$d/time")
  cpu=$((cpu + $(echo "$2 $3" | awk '{printf "%d", ($1 + $2) * 100 + 0.5}')))
  echo "$cpu" >"$d/cpu_cs"
  wall=$(echo "$(date +%s.%N) $start" | awk '{printf "%.2f", $1 - $2}')
  new=0
  i=$(ls "$d/queue" | wc -l)
  for f in "$d/run"/*; do
    [ -f "$f" ] || continue
    h=$(sha1sum <"$f" | cut -c1-40)
    grep -qxF "$h" "$d/hashes" && continue
    echo "$h" >>"$d/hashes"
    cp "$f" "$d/queue/$(printf %06d "$i")"
    printf '%06d\t%s\t%s\tfrom %06d\n' "$i" "$(awk "BEGIN{printf \"%.2f\", $cpu / 100}")" "$wall" "$n" >>"$d/found.tsv"
    i=$((i + 1)) new=$((new + 1))
  done
  slowest=""
  if [ "$1" = ferret ]; then
    stats=$(sed -n 's/^ferret: \({.*}\)$/\1/p' "$d/log" 2>/dev/null | tail -1)
    # Killed at its CPU limit, the runtime printed no counters: count its
    # query lines ("ferret: branch SITE taken: ANSWER[, optimistic sat] (STAGE, C ms CPU of B, MS ms)").
    [ -n "$stats" ] || stats=$(awk '/^ferret: branch / {
        q++; if (/: sat \(/) s++; else if (/: unsat/) u++; else k++
        if (/optimistic sat/) o++
        t += substr($0, match($0, /[0-9.]+ ms\)/), RLENGTH - 4)
        if (match($0, /[0-9.]+ ms CPU/)) c += substr($0, RSTART, RLENGTH - 7) }
      END { if (q) printf "{\"queries\": %d, \"sat\": %d, \"unsat\": %d, \"unknown\": %d, \"optimistic_sat\": %d, \"solver_seconds\": %.6f, \"solver_cpu_seconds\": %.6f, \"from_log\": true}", q, s, u, k, o, t / 1000, c / 1000 }' "$d/log" 2>/dev/null)
    # "ferret: branch SITE taken: ANSWER (STAGE, C ms CPU of B, MS ms)": the slowest query (wall).
    slowest=$(sed -n 's/^ferret: branch .*, \([0-9.]*\) ms).*/\1/p' "$d/log" 2>/dev/null | sort -g | tail -1)
  else
    stats=$(tail -1 "$d/z3" 2>/dev/null || true)
  fi
  printf '%06d\t%s\t%s\t%s\t%s\t%d\t%s\t%s\n' "$n" "$(echo "$2 $3" | awk '{printf "%.2f", $1 + $2}')" \
    "$4" "$5" "$status" "$new" "$stats" "$slowest" >>"$d/executions.tsv"
}

# replay BACKEND: each input of its queue in discovery order on the coverage
# build, for the edges reached after each (coverage.tsv).
replay() {
  if [ "$harness" != shell ]; then
    python3 "$here/symcc/drive.py" replay "$out" "$COV_PROG" "$1" -- $prog_args
    return
  fi
  d=$out/$1
  rm -f "$d/cov.map"
  printf 'input\tcpu_s\twall_s\tedges\n' >"$d/coverage.tsv"
  while IFS='	' read -r id c w _; do
    input_args "$d/queue/$id"
    # shellcheck disable=SC2086
    FSYM_COV_MAP=$d/cov.map timeout -k 5 60 "$COV_PROG" $args <"$stdin" >/dev/null 2>&1 || true
    printf '%s\t%s\t%s\t%d\n' "$id" "$c" "$w" "$(tr -d '\000' <"$d/cov.map" | wc -c)" >>"$d/coverage.tsv"
  done <"$d/found.tsv"
  echo "$1: $(tail -1 "$d/coverage.tsv" | cut -f4) edges"
}
cov=1
if [ -z "${COV_PROG:-}" ] || [ ! -x "${COV_PROG:-}" ]; then
  echo "skipped: coverage (COV_PROG, the program's coverage build, not given)"
  cov=0
fi

prog_args="$*"
if [ "${REPLAY_ONLY:-0}" = 1 ]; then
  backends=""
  for b in ferret qsym simple; do [ -f "$out/$b/found.tsv" ] && backends="$backends $b"; done
elif [ -n "${JOBS:-}" ]; then
  [ "$JOBS" -ge 1 ] 2>/dev/null || { echo "JOBS=$JOBS: not a number of lanes"; exit 2; }
  lane=0
  while [ "$lane" -lt "$JOBS" ]; do
    (
      k=0
      for b in $backends; do
        k=$((k + 1))
        [ $(((k - 1) % JOBS)) -eq "$lane" ] || continue
        if [ "$harness" = shell ]; then
        start=$(date +%s.%N) # the wall times of found.tsv count from here
        ne=0
        while run_one "$b"; do
          ne=$((ne + 1))
          [ "$ne" != "${MAX_EXECS:-}" ] || break
          [ -n "${MAX_WALL:-}" ] || continue
          [ "$(echo "$(date +%s.%N) $start" | awk '{print int($1 - $2)}')" -lt "$MAX_WALL" ] && continue
          echo "$b: stopped by MAX_WALL ($MAX_WALL s of its own) at $(awk "BEGIN{print $(cat "$out/$b/cpu_cs") / 100}") CPU s"
          break
        done
        echo "$b: $(echo "$(date +%s.%N) $start" | awk '{printf "%.0f", $1 - $2}') s wall on its own"
        else
          FSYM_Z3_SHIM=$shim python3 "$here/symcc/drive.py" search "$out" "$prog" "$budget" "$b" -- "$@"
        fi
        [ "$cov" = 0 ] || replay "$b" # in the lane, while the other lanes search
      done
    ) &
    lane=$((lane + 1))
  done
  wait
elif [ "$harness" != shell ]; then
  # shellcheck disable=SC2086
  FSYM_Z3_SHIM=$shim python3 "$here/symcc/drive.py" search "$out" "$prog" "$budget" $backends -- "$@"
else
active=$backends
while [ -n "$active" ]; do
  still=""
  for b in $active; do
    if [ -n "${MAX_WALL:-}" ] && [ "$(cat "$out/$b/cpu_cs")" -lt "$budget_cs" ] &&
       [ "$(echo "$(date +%s.%N) $start" | awk '{print int($1 - $2)}')" -ge "$MAX_WALL" ]; then
      echo "$b: stopped by MAX_WALL ($MAX_WALL s) at $(awk "BEGIN{print $(cat "$out/$b/cpu_cs") / 100}") CPU s"
      continue
    fi
    if run_one "$b"; then still="$still $b"; fi
  done
  active=$still
done
fi
if [ "${REPLAY_ONLY:-0}" != 1 ]; then
end=$(date +%s.%N)

for b in $backends; do
  d=$out/$b
  printf '%s: %d executions, %s CPU s, %d inputs in the queue\n' "$b" \
    "$(($(wc -l <"$d/executions.tsv") - 1))" "$(awk "BEGIN{print $(cat "$d/cpu_cs") / 100}")" \
    "$(ls "$d/queue" | wc -l)"
done
echo "wall: $(echo "$end $start" | awk '{printf "%.0f", $1 - $2}') s for all runtimes together"
fi


# Coverage (for JOBS, done in each lane above).
[ "$cov" = 1 ] && { [ -z "${JOBS:-}" ] || [ "${REPLAY_ONLY:-0}" = 1 ]; } || exit 0
for b in $backends; do replay "$b"; done
