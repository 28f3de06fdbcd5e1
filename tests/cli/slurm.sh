#!/bin/sh
# contrib/slurm end to end on a private one-node Slurm cluster: its own
# munged, slurmctld and slurmd (temporary key, sockets, state, unusual
# ports), a 3-task ferret bench array through submit.sh and its merge job,
# the same array numbered from 0 through bench.sbatch alone, a resubmit
# that resumes (runs nothing again), and a task stopped by SIGTERM to its
# batch shell (it records no run).  Each merged table must hold exactly
# the answers of one unsharded ferret bench run over the same files.
# Slurm and munge are installed with apt-get when missing and run as root
# (FERRET_TEST_NO_INSTALL=1: never); skipped (exit 77) when they cannot be
# had or their daemons cannot run here.  Every wait has a deadline; a trap
# stops every daemon and job of this cluster and removes its directory.
: "${FERRET:=build-san/ferret}"
case $FERRET in /*) ;; *) FERRET="$(pwd)/$FERRET" ;; esac
root=$(cd "$(dirname "$0")/../.." && pwd)
PATH="$PATH:/usr/sbin:/sbin"
skip() {
  echo "skipped: $*"
  exit 77
}
command -v timeout >/dev/null 2>&1 || skip "no timeout(1) (coreutils)"
# slurmctld and slurmd as another user cannot switch to the job's user
[ "$(id -u)" = 0 ] || skip "not root (the private slurmctld and slurmd run as root)"

# ---- Slurm and munge, installed if missing ---------------------------------
have_slurm() {
  for c in munged slurmctld slurmd sbatch sinfo squeue scontrol scancel; do
    command -v "$c" >/dev/null 2>&1 || return 1
  done
}
if ! have_slurm; then
  pkgs="slurmctld slurmd slurm-client munge"
  [ -z "${FERRET_TEST_NO_INSTALL:-}" ] || skip "Slurm missing (apt-get install $pkgs)"
  command -v apt-get >/dev/null 2>&1 || skip "Slurm missing and no apt-get to install it"
  echo "installing $pkgs"
  log=$(mktemp)
  export DEBIAN_FRONTEND=noninteractive
  timeout 300 apt-get install -y -q --no-install-recommends $pkgs >"$log" 2>&1 ||
    { timeout 300 apt-get update -q >>"$log" 2>&1 &&
      timeout 300 apt-get install -y -q --no-install-recommends $pkgs >>"$log" 2>&1; } ||
    { reason=$(tail -1 "$log"); rm -f "$log"; skip "apt-get install $pkgs failed: $reason"; }
  rm -f "$log"
  have_slurm || skip "Slurm still missing after apt-get install $pkgs"
fi

# ---- the cluster's directory and its cleanup -------------------------------
dir=$(mktemp -d /tmp/ferret-slurm.XXXXXX)
conf="$dir/slurm.conf"
munged_pid="" ctld_pid="" slurmd_pid=""
stop() { # PID: TERM, up to 5 s, then KILL
  [ -n "$1" ] || return 0
  kill "$1" 2>/dev/null || return 0
  i=0
  while kill -0 "$1" 2>/dev/null && [ $i -lt 50 ]; do
    sleep 0.1
    i=$((i + 1))
  done
  kill -9 "$1" 2>/dev/null
  wait "$1" 2>/dev/null
}
cleanup() {
  [ -n "$ctld_pid" ] && timeout 5 scancel --quiet --user="$(id -un)" 2>/dev/null
  stop "$slurmd_pid"
  stop "$ctld_pid"
  stop "$munged_pid"
  # What is left of this cluster (slurmstepd, a job's processes) carries
  # its SLURM_CONF; this shell's children from now on do not.
  unset SLURM_CONF
  for f in $(grep -lzxF "SLURM_CONF=$conf" /proc/[0-9]*/environ 2>/dev/null); do
    p=${f#/proc/}
    p=${p%/environ}
    [ "$p" != $$ ] && kill -9 "$p" 2>/dev/null
  done
  rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP
mkdir -p "$dir/munge" "$dir/key" "$dir/log" "$dir/state" "$dir/spool" "$dir/work"
# munged wants its socket's directories searchable by all, its key's not writable
chmod 755 "$dir" "$dir/munge"
chmod 700 "$dir/key"
last_lines() { # LOG: its last 3 lines on one line
  tail -3 "$1" 2>/dev/null | tr '\n' ' ' | tr -s ' '
}
# wait_for SECONDS COMMAND...: true once COMMAND succeeds, false at the
# deadline or as soon as a daemon started here has died
wait_for() {
  n=$(($1 * 5))
  shift
  while [ "$n" -gt 0 ]; do
    "$@" && return 0
    for p in $munged_pid $ctld_pid $slurmd_pid; do
      kill -0 "$p" 2>/dev/null || return 1
    done
    sleep 0.2
    n=$((n - 1))
  done
  return 1
}

# ---- munged with its own key and socket ------------------------------------
sock="$dir/munge/munge.socket"
dd if=/dev/urandom of="$dir/key/munge.key" bs=1024 count=1 2>/dev/null
chmod 400 "$dir/key/munge.key"
munged -F --socket="$sock" --key-file="$dir/key/munge.key" --pid-file="$dir/munge/munged.pid" \
  --log-file="$dir/log/munged.log" --seed-file="$dir/munge/munged.seed" >"$dir/log/munged.out" 2>&1 &
munged_pid=$!
munge_up() {
  kill -0 "$munged_pid" 2>/dev/null && test -S "$sock"
}
wait_for 10 munge_up ||
  skip "munged did not start: $(last_lines "$dir/log/munged.out") $(last_lines "$dir/log/munged.log")"

# ---- slurmctld and slurmd on ports nobody listens on -----------------------
listening() { # PORT: someone listens on it (IPv4 or IPv6)
  grep -q ":$(printf '%04X' "$1") [0-9A-F:]* 0A " /proc/net/tcp /proc/net/tcp6 2>/dev/null
}
port=$((16817 + 2 * ($$ % 400)))
while listening "$port" || listening $((port + 1)); do port=$((port + 2)); done
cpus=$(nproc)
mem=$(($(sed -n 's/^MemTotal: *\([0-9]*\) kB/\1/p' /proc/meminfo) / 2048))
: >"$dir/plugstack.conf"
cat >"$conf" <<EOF
ClusterName=ferrettest
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$sock
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
PlugStackConfig=$dir/plugstack.conf
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
SlurmdParameters=config_overrides
MpiDefault=none
ReturnToService=2
MailProg=/bin/true
KillWait=5
InactiveLimit=0
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=test Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
SLURM_CONF=$conf
export SLURM_CONF
slurmctld -D -i -f "$conf" >"$dir/log/slurmctld.out" 2>&1 &
ctld_pid=$!
slurmd -D -N localhost -f "$conf" >"$dir/log/slurmd.out" 2>&1 &
slurmd_pid=$!
node_idle() {
  [ "$(timeout 5 sinfo -h -N -o %t 2>/dev/null)" = idle ]
}
if ! wait_for 30 node_idle; then
  kill -0 "$ctld_pid" 2>/dev/null || skip "slurmctld did not start: $(last_lines "$dir/log/slurmctld.log")"
  kill -0 "$slurmd_pid" 2>/dev/null || skip "slurmd did not start: $(last_lines "$dir/log/slurmd.log")"
  skip "the node is not idle ($(timeout 5 sinfo -h -N -o '%t %E' 2>&1)): $(last_lines "$dir/log/slurmd.log")"
fi

# job_done ID: the job has left the queue (squeue lists pending and running)
job_done() {
  [ -z "$(timeout 5 squeue -h -j "$1" -o %i 2>/dev/null)" ]
}
job_state() { # ID: COMPLETED, FAILED, ... (the array's first task for an array)
  timeout 5 scontrol -o show job "$1" 2>/dev/null | sed -n '1s/.* JobState=\([A-Z_]*\) .*/\1/p'
}
# a trivial job first: if it cannot run, the environment is at fault, not contrib/slurm
cd "$dir/work" || exit 1
probe=$(timeout 10 sbatch --parsable --output=/dev/null --wrap="touch '$dir/work/probe'") ||
  skip "sbatch failed: $(last_lines "$dir/log/slurmctld.log")"
probe=${probe%%;*}
wait_for 30 job_done "$probe" && [ -f "$dir/work/probe" ] ||
  skip "a trivial job did not run (state $(job_state "$probe")): $(last_lines "$dir/log/slurmd.log")"

# ---- the suite, its expected statuses, and the unsharded reference run ------
# tests/regress says what it expects in a comment: a manifest carries it.
# A budget in executions, and no time limit of ferret's own (the bench
# limit only guards against a hang), makes every answer independent of the
# load, so that shards and the reference agree (with --timeout 10 a file
# that takes 12 s under the sanitizers was sat in one run, unknown in
# another).
{
  printf 'path\tstatus\n'
  for f in "$root"/tests/regress/*.smt2; do
    printf '%s\t%s\n' "$f" "$(sed -n 's/^; expect: *\([a-z]*\).*/\1/p' "$f" | head -1)"
  done
} >"$dir/manifest.tsv"
set -- --solver "ferret=$FERRET --max-execs 200000" --timeout 120 \
  --manifest "$dir/manifest.tsv" "$root/tests/regress" "$root/examples"
fail=0
"$FERRET" bench -o "$dir/single.tsv" "$@" >/dev/null 2>"$dir/single.err" ||
  { echo "the unsharded run failed"; cat "$dir/single.err"; exit 1; }
answers() { # RESULTS.tsv: file, solver and answer of each row, sorted
  tail -n +2 "$1" | cut -f1-3 | sort
}
answers "$dir/single.tsv" >"$dir/single.ans"
total=$(wc -l <"$dir/single.ans")
[ "$total" -ge 20 ] || { echo "the unsharded run has $total rows"; exit 1; }

# check_results DIR WHAT: 3 complete shards whose merge is the reference
check_results() {
  for i in 1 2 3; do
    [ -f "$1/shard-$i-of-3.tsv" ] || { echo "$2: no shard $i"; fail=1; }
    [ -f "$1/shard-$i-of-3.done" ] || { echo "$2: shard $i unfinished"; fail=1; }
  done
  rows=$(cat "$1"/shard-*-of-3.tsv 2>/dev/null | grep -c '^/')
  [ "$rows" = "$total" ] || { echo "$2: the shards hold $rows rows, not $total"; fail=1; }
  if [ -f "$1/merged.tsv" ]; then
    answers "$1/merged.tsv" >"$dir/merged.ans"
    cmp -s "$dir/single.ans" "$dir/merged.ans" ||
      { echo "$2: merged answers differ from the unsharded run's"; diff "$dir/single.ans" "$dir/merged.ans" | head; fail=1; }
  fi
}
show_logs() { # DIR: the start of the jobs' output, on failure
  for f in "$1"/logs/*; do
    [ -f "$f" ] && { echo "--- $f"; head -12 "$f"; }
  done
}

# ---- submit.sh: 3 tasks numbered 1..3, then the merge job --------------------
sh "$root/contrib/slurm/submit.sh" --tasks 3 --results "$dir/results" -- "$@" >"$dir/submit.out" 2>&1 ||
  { echo "submit.sh failed"; cat "$dir/submit.out"; exit 1; }
merge=$(sed -n 's/^submit.sh: merge job \([0-9]*\) after.*/\1/p' "$dir/submit.out")
[ -n "$merge" ] || { echo "submit.sh named no merge job"; cat "$dir/submit.out"; exit 1; }
# ---- meanwhile bench.sbatch alone, an array numbered 0..2 ---------------------
zero=$(FERRET=$FERRET FERRET_RESULTS="$dir/results0" timeout 10 sbatch --parsable --array=0-2 \
  --output="$dir/work/zero-%a.out" "$root/contrib/slurm/bench.sbatch" "$@") ||
  { echo "sbatch --array=0-2 bench.sbatch failed"; exit 1; }
zero=${zero%%;*}
wait_for 60 job_done "$merge" || { echo "the merge job $merge did not end within 60 s"; show_logs "$dir/results"; exit 1; }
wait_for 30 job_done "$zero" || { echo "the array $zero did not end within 30 s"; exit 1; }
[ "$(job_state "$merge")" = COMPLETED ] ||
  { echo "merge job: $(job_state "$merge")"; show_logs "$dir/results"; fail=1; }
check_results "$dir/results" submit.sh
grep -q '^| ferret | '"$total"' |' "$dir/results/summary.md" 2>/dev/null ||
  { echo "summary.md lacks the ferret row"; cat "$dir/results/summary.md"; fail=1; }
grep -q '^Unfinished\|^Missing' "$dir/results/summary.md" 2>/dev/null &&
  { echo "summary.md says shards are missing"; fail=1; }
FERRET=$FERRET sh "$root/contrib/slurm/merge.sbatch" "$dir/results0" 3 >/dev/null 2>&1 ||
  { echo "merge.sbatch of the 0-based array failed"; cat "$dir"/work/zero-*.out; fail=1; }
check_results "$dir/results0" "array 0..2"

# ---- resubmit: the tasks resume, nothing runs again --------------------------
before=$(cat "$dir"/results/shard-*-of-3.tsv 2>/dev/null | wc -l)
timeout 60 sh "$root/contrib/slurm/submit.sh" --tasks 3 --results "$dir/results" --wait -- "$@" \
  >"$dir/resubmit.out" 2>&1
rc=$?
[ $rc = 124 ] && { echo "submit.sh --wait did not return within 60 s"; exit 1; }
[ $rc = 0 ] || { echo "the resubmit's merge job failed ($rc)"; cat "$dir/resubmit.out"; show_logs "$dir/results"; fail=1; }
after=$(cat "$dir"/results/shard-*-of-3.tsv 2>/dev/null | wc -l)
[ "$before" = "$after" ] || { echo "the resubmit ran again: $before lines, then $after"; fail=1; }
grep -q ', 0 runs to do' "$dir"/results/logs/bench-*_1.out ||
  { echo "no task log says it resumed"; show_logs "$dir/results"; fail=1; }
check_results "$dir/results" resubmit

# ---- stopping a task: scancel --batch --signal=TERM (as --signal=B:TERM@90
# does before a time limit) stops ferret bench, which records no run ------
printf '#!/bin/sh\nsleep 30\necho sat\n' >"$dir/slow.sh"
chmod +x "$dir/slow.sh"
stopped=$(FERRET=$FERRET FERRET_RESULTS="$dir/results-stop" timeout 10 sbatch --parsable --array=1 \
  --output="$dir/work/stop.out" "$root/contrib/slurm/bench.sbatch" --solver "slow=$dir/slow.sh" \
  --timeout 60 "$root/examples") || { echo "sbatch of the slow task failed"; exit 1; }
stopped=${stopped%%;*}
if wait_for 20 grep -qs 'runs to do' "$dir/work/stop.out"; then
  sleep 0.5
  timeout 10 scancel --batch --signal=TERM "$stopped"
  wait_for 20 job_done "$stopped" || { echo "the slow task did not stop within 20 s"; exit 1; }
  code=$(timeout 5 scontrol -o show job "$stopped" | sed -n 's/.* ExitCode=\([0-9]*\):.*/\1/p')
  [ "$code" = 3 ] || { echo "the stopped task exited with '$code', not 3"; cat "$dir/work/stop.out"; fail=1; }
  grep -q '^/' "$dir/results-stop/shard-1-of-1.tsv" 2>/dev/null &&
    { echo "the stopped task recorded a run"; cat "$dir/results-stop/shard-1-of-1.tsv"; fail=1; }
  [ -f "$dir/results-stop/shard-1-of-1.done" ] && { echo "the stopped task is marked done"; fail=1; }
else
  echo "the slow task did not start"
  cat "$dir/work/stop.out"
  fail=1
fi
exit $fail
