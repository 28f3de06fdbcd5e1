#!/bin/sh
# The command line's contract, table-driven over every sub-command: bare, with
# --help, an unknown option, an option of another sub-command, a value option
# written both ways, malformed and out-of-range numbers, a directory, an empty
# and a missing file.  Each run must end with the documented exit code and a
# message naming the option, value or path; no run may end on a signal.
: "${FERRET:=build-san/ferret}"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail=0
mkdir "$dir/adir"
: > "$dir/empty.smt2"
printf '(declare-const x (_ BitVec 8))\n(assert (bvugt x #x10))\n(check-sat)\n' > "$dir/f.smt2"
printf '(declare-const k!0 (_ BitVec 8))\n(assert (= k!0 #x41))\n' > "$dir/q.smt2"
printf 'a' > "$dir/seed"
printf '{"x": {"value": "#x20", "bits": "#x20"}}\n' > "$dir/s.jsonl"
printf 'file\tsolver\tanswer\texpected\twrong\twall_s\tcpu_s\tmaxrss_kb\texit\ttimeout_s\n' > "$dir/r.tsv"

# run WHAT EXPECTED-CODE PATTERN ARGS...: the exit code, and PATTERN in
# stdout+stderr (a fixed string; "" for none).
run() {
  what=$1 want=$2 pat=$3
  shift 3
  "$FERRET" "$@" > "$dir/out" 2> "$dir/err"
  rc=$?
  if [ "$rc" -ge 128 ]; then
    echo "$what: ended on signal $((rc - 128)): ferret $*"
    fail=1
  elif [ "$rc" != "$want" ]; then
    echo "$what: exit $rc, expected $want: ferret $*"
    sed 's/^/    /' "$dir/err" | head -5
    fail=1
  elif [ -n "$pat" ] && ! cat "$dir/out" "$dir/err" | grep -qF -- "$pat"; then
    echo "$what: no '$pat' in the output: ferret $*"
    sed 's/^/    /' "$dir/err" | head -5
    fail=1
  fi
}

# sub-command | arguments of a run that reads FILE | an option of another
# sub-command | a value option of its own (NAME VALUE) | a number option
# (NAME) and a value beyond its range | the exit code of a run on the
# empty file
while IFS='|' read -r sub args foreign valopt numopt big empty; do
  [ -n "$sub" ] || continue
  # shellcheck disable=SC2086
  set -- $sub
  run "$sub bare" 2 "usage: ferret $sub" "$@"
  run "$sub --help" 0 "usage: ferret $sub" "$@" --help
  run "$sub -h" 0 "usage: ferret $sub" "$@" -h
  a=$(echo "$args" | sed "s|FILE|$dir/f.smt2|; s|SEED|$dir/seed|; s|OUT|$dir/o|; s|SAMPLES|$dir/s.jsonl|; s|RESULTS|$dir/r.tsv|")
  # shellcheck disable=SC2086
  run "$sub unknown option" 2 "unknown option --frobnicate" "$@" --frobnicate $a
  # shellcheck disable=SC2086
  run "$sub short unknown" 2 "unknown option -q" "$@" -q $a
  if [ -n "$foreign" ]; then
    # shellcheck disable=SC2086
    run "$sub foreign option" 2 "${foreign%% *} does not apply to \`ferret $sub\`" "$@" $foreign $a
  fi
  if [ -n "$valopt" ]; then
    name=${valopt% *} value=$(echo "${valopt#* }" | sed "s|OUT|$dir/p|")
    # the value option must take its value either way (the run then fails
    # or succeeds the same way: compare the codes)
    # shellcheck disable=SC2086
    "$FERRET" "$@" "$name" "$value" $a > /dev/null 2>&1
    rc1=$?
    # shellcheck disable=SC2086
    "$FERRET" "$@" "$name=$value" $a > /dev/null 2>&1
    rc2=$?
    if [ "$rc1" != "$rc2" ] || [ "$rc1" = 2 ]; then
      echo "$sub: '$name $value' (exit $rc1) and '$name=$value' (exit $rc2) differ or are refused"
      fail=1
    fi
    # shellcheck disable=SC2086
    run "$sub missing value" 2 "$name needs a value" "$@" $a "$name"
  fi
  if [ -n "$numopt" ]; then
    for bad in 5abc 1.5.2 -x "" 99999999999999999999999; do
      # shellcheck disable=SC2086
      run "$sub $numopt '$bad'" 2 "$numopt" "$@" "$numopt=$bad" $a
      grep -qF -- "'$bad'" "$dir/err" || grep -qF -- "$bad" "$dir/err" ||
        { echo "$sub $numopt '$bad': the message does not quote the value"; fail=1; }
    done
    # shellcheck disable=SC2086
    run "$sub $numopt out of range" 2 "out of range" "$@" "$numopt" "$big" $a
  fi
  # the input file: a directory, a missing file, an empty file
  d=$(echo "$args" | sed "s|FILE|$dir/adir|; s|SEED|$dir/seed|; s|OUT|$dir/o|; s|SAMPLES|$dir/s.jsonl|; s|RESULTS|$dir/adir|")
  m=$(echo "$args" | sed "s|FILE|$dir/nothere.smt2|; s|SEED|$dir/seed|; s|OUT|$dir/o|; s|SAMPLES|$dir/s.jsonl|; s|RESULTS|$dir/nothere.tsv|")
  e=$(echo "$args" | sed "s|FILE|$dir/empty.smt2|; s|SEED|$dir/seed|; s|OUT|$dir/o|; s|SAMPLES|$dir/s.jsonl|; s|RESULTS|$dir/r.tsv|")
  case "$args" in
  *FILE*|*RESULTS*)
    # shellcheck disable=SC2086
    run "$sub directory" 1 "adir" "$@" $d
    grep -qiE "directory|not a" "$dir/err" || { echo "$sub directory: no reason given"; sed 's/^/    /' "$dir/err"; fail=1; }
    # shellcheck disable=SC2086
    run "$sub missing file" 1 "nothere" "$@" $m
    # shellcheck disable=SC2086
    run "$sub empty file" "$empty" "" "$@" $e ;;
  esac
done <<'EOF'
solve|FILE|--count 3|--seed 3|--jobs|257|0
opt|FILE|--model|--max-memory 100|--max-memory|99999999999999999999|0
smt2c|FILE|--portfolio z3|--encoding try-all|--max-memory|-1|0
sample|-n 2 FILE|--backend libfuzzer|--format csv|--dedup-mb|65537|10
coverage|FILE SAMPLES|--strategy sm|--format jsonl|--over-time|0|1
concolic|--input SEED -o OUT FILE|--layout bytes|--binding named|--max-execs|-5|0
hunt gen|-n 1 -o OUT|--target z3|--formats 32|--vars|65|
hunt report|OUT|--seed 2|--plots OUT|||
bench report|RESULTS|--solver z=z3|--plots OUT|||0
EOF

# Sub-commands are recognised in the first position only.
run "solve opt FILE" 2 "unexpected argument" solve opt "$dir/f.smt2"
# Times take decimals, counts are glued to their short option.
run "-t 0.5" 10 "sat" -t 0.5 "$dir/f.smt2"
run "--timeout=1.25" 10 "sat" --timeout=1.25 "$dir/f.smt2"
run "-n1" 10 "" sample -n1 "$dir/f.smt2"
run "two-valued option parsed as a flag" 2 "--backend" --backend "$dir/f.smt2"
run "smt2c --layout bit FILE" 0 "LLVMFuzzerTestOneInput" smt2c --layout bit "$dir/f.smt2"
run "seed beyond 64 bits" 2 "out of range" --seed 99999999999999999999 "$dir/f.smt2"
run "concolic seed directory" 1 "Is a directory" concolic --input "$dir/adir" -o "$dir/o" "$dir/q.smt2"
run "bench --timeout 0" 2 "--timeout" bench --solver t=true --timeout 0 "$dir/f.smt2"
run "hunt without a target" 2 "--target" hunt -o "$dir/h"
run "usage error is one line" 2 "" --frobnicate "$dir/f.smt2"
[ "$(wc -l < "$dir/err")" = 1 ] || { echo "a usage error took $(wc -l < "$dir/err") lines"; fail=1; }
# sample: stdout carries only samples (an unsat formula writes nothing there)
printf '(declare-const x (_ BitVec 8))\n(assert (bvult x #x00))\n' > "$dir/u.smt2"
run "sample unsat" 20 "unsat" sample -n 3 "$dir/u.smt2"
[ -s "$dir/out" ] && { echo "sample unsat wrote to stdout: $(cat "$dir/out")"; fail=1; }
# sample ends when a 5-solution formula is exhausted, and says so
printf '(declare-const x (_ BitVec 8))\n(assert (bvult x #x05))\n' > "$dir/five.smt2"
run "sample exhausts 5 solutions" 10 "all 5 solutions" sample -n 10 "$dir/five.smt2"
[ "$(wc -l < "$dir/out")" = 5 ] || { echo "sample -n 10 of 5 solutions wrote $(wc -l < "$dir/out") samples"; fail=1; }
run "sample -n 0 exhausts too" 10 "all 5 solutions" sample -n 0 "$dir/five.smt2"
# hunt -o DIR refuses a directory that holds a campaign
mkdir -p "$dir/camp" && : > "$dir/camp/log.tsv"
run "hunt over a campaign" 2 "holds a campaign" hunt --target true -o "$dir/camp" --count 1

# Every library option is read by some sub-command (listed in its --help).
all=""
for s in solve opt smt2c sample coverage concolic hunt "hunt gen" "hunt replay" \
    "hunt merge" "hunt report" bench "bench report" "bench merge"; do
  # shellcheck disable=SC2086
  all="$all $("$FERRET" $s --help)"
done
for name in $(sed -n 's/^ *OPTION(\([a-z_0-9]*\),.*/\1/p' src/base/options.h); do
  [ "$name" = smt2c_main ] && name=main        # smt2c --main
  [ "$name" = opt_intervals ] && name=domains  # opt --domains
  flag="--$(echo "$name" | tr _ -)"
  case "$all" in
  *"$flag"*) ;;
  *) echo "library option $name is read by no sub-command's --help"; fail=1 ;;
  esac
done
exit $fail
