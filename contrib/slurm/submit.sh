#!/bin/sh
# Run a ferret bench suite on a Slurm cluster: a job array of N shards
# (bench.sbatch), then a merge job (merge.sbatch) once every task has ended.
#
#   submit.sh [--tasks N] [--results DIR] [--only LIST] [--max-running M]
#             [--wait] [--] BENCH-ARGS...
#
# BENCH-ARGS are ferret bench's: --solver NAME=CMD..., --timeout S,
# --jobs J (each task then asks for J CPUs), --memory MB, --manifest TSV,
# FILES|DIRS|LISTS; not -o or --shard (set per task); --plots DIR goes to
# the merge job.  Paths must be valid on every node (a shared file system).
#   --tasks N        shards, one array task each (default 4)
#   --results DIR    shard-I-of-N.tsv, merged.tsv, summary.md, logs/ (default
#                    ./ferret-results)
#   --only LIST      run only these shards (sbatch --array syntax over 1..N,
#                    e.g. 2,5-7), e.g. those that failed
#   --max-running M  at most M tasks at once (sbatch --array=1-N%M)
#   --wait           wait for the merge job; exit with its exit code
# Environment: FERRET, the ferret binary (default: ferret on PATH); sbatch's
# own variables apply to both jobs (SBATCH_PARTITION, SBATCH_TIMELIMIT,
# SBATCH_ACCOUNT, SBATCH_QOS, SBATCH_MEM_PER_NODE, ...).
#
# Running it again with the same arguments resumes: every task skips the
# runs already in its results file, and the merge job merges again.
set -u
here=$(cd "$(dirname "$0")" && pwd)
die() {
  echo "submit.sh: $*" >&2
  exit 2
}
usage() {
  sed -n '5,6p' "$0" | sed 's/^# *//; 1s/^/usage: /' >&2
  die "$@"
}
tasks=4 results=ferret-results only="" max_running="" wait=0
while [ $# -gt 0 ]; do
  case $1 in
    --tasks) [ $# -ge 2 ] || usage "--tasks needs a number"; tasks=$2; shift 2 ;;
    --results) [ $# -ge 2 ] || usage "--results needs a directory"; results=$2; shift 2 ;;
    --only) [ $# -ge 2 ] || usage "--only needs a list"; only=$2; shift 2 ;;
    --max-running) [ $# -ge 2 ] || usage "--max-running needs a number"; max_running=$2; shift 2 ;;
    --wait) wait=1; shift ;;
    --) shift; break ;;
    *) break ;;
  esac
done
case $tasks in '' | *[!0-9]* | 0) usage "--tasks is a positive number, not '$tasks'" ;; esac
case $max_running in *[!0-9]*) usage "--max-running is a number, not '$max_running'" ;; esac
[ $# -gt 0 ] || usage "no bench arguments (--solver NAME=CMD... FILES)"

# BENCH-ARGS: take --plots DIR out (for the merge job), find --jobs J
# (CPUs per task), refuse -o and --shard; the rest goes to every task.
plots="" cpus=1 take=""
n=$#
while [ "$n" -gt 0 ]; do
  a=$1
  shift
  n=$((n - 1))
  case $take in
    plots) plots=$a take=""; continue ;;
    cpus) cpus=$a take="" ;;
    value) take="" ;;
    *)
      case $a in
        --plots) take=plots; continue ;;
        --plots=*) plots=${a#--plots=}; continue ;;
        --jobs | -j) take=cpus ;;
        --jobs=*) cpus=${a#--jobs=} ;;
        -o | --out | --out=* | --shard | --shard=*) usage "'$a': each task's results file and shard are set by bench.sbatch" ;;
        --solver | --timeout | -t | --memory | --manifest) take=value ;;
      esac
      ;;
  esac
  set -- "$@" "$a"
done
[ -z "$take" ] || usage "a bench option without its value at the end"
case $cpus in '' | *[!0-9]* | 0) usage "--jobs is a positive number, not '$cpus'" ;; esac

command -v sbatch >/dev/null 2>&1 || die "sbatch not found (run this on a Slurm login node)"
ferret=${FERRET:-ferret}
case $ferret in
  */*) [ -x "$ferret" ] || die "FERRET '$ferret' is not executable"
       ferret="$(cd "$(dirname "$ferret")" && pwd)/$(basename "$ferret")" ;;
  *) ferret=$(command -v "$ferret") || die "no '${FERRET:-ferret}' on PATH (set FERRET)" ;;
esac
mkdir -p "$results/logs" || die "cannot create '$results/logs'"
results=$(cd "$results" && pwd)
[ -z "$plots" ] || { mkdir -p "$plots" && plots=$(cd "$plots" && pwd); } || die "cannot create '$plots'"

# What every task sees: the shard numbering (ids 1..N), the binary, the
# results directory.  sbatch passes the environment on (--export=ALL).
FERRET=$ferret FERRET_RESULTS=$results FERRET_SHARDS=$tasks FERRET_SHARD_BASE=1
export FERRET FERRET_RESULTS FERRET_SHARDS FERRET_SHARD_BASE
array=${only:-1-$tasks}${max_running:+%$max_running}
out=$(sbatch --parsable --export=ALL --array="$array" --cpus-per-task="$cpus" \
  --output="$results/logs/bench-%A_%a.out" "$here/bench.sbatch" "$@") ||
  die "sbatch of the array failed"
array_job=${out%%;*}
echo "submit.sh: array job $array_job (shards $array of $tasks), results in $results"
set -- "$here/merge.sbatch" "$results" "$tasks"
[ -z "$plots" ] || set -- "$@" --plots "$plots"
wait_flag=""
if [ "$wait" = 1 ]; then # sbatch --wait prints the job id only at the end
  wait_flag=--wait
  echo "submit.sh: submitting the merge job after $array_job; waiting for it"
fi
out=$(sbatch --parsable $wait_flag --export=ALL --dependency="afterany:$array_job" \
  --output="$results/logs/merge-%j.out" "$@")
rc=$?
merge_job=${out%%;*}
if [ "$wait" = 1 ]; then
  echo "submit.sh: merge job $merge_job ended with exit code $rc: $results/summary.md"
  exit $rc
fi
[ "$rc" = 0 ] || die "sbatch of the merge job failed (the array job $array_job is queued)"
echo "submit.sh: merge job $merge_job after $array_job: $results/merged.tsv, $results/summary.md"
