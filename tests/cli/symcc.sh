#!/bin/sh
# ferret as SymCC's runtime (contrib/symcc).  First SymCC's own test suite
# as the acceptance test (contrib/symcc/test.sh: every ANY check, and every
# branch SymCC's simple backend flips must be flipped by an input ferret
# writes, run again); then ferret's own programs in tests/symcc/, each new
# input run again: floating-point branches (which SymCC's QSYM backend
# cannot flip), LLVM's frem (C's fmod, not IEEE's remainder), back-off,
# the memory limit, the settings.  Skipped (77) without a SymCC checkout
# (../shared/peers/symcc or SYMCC_SRC) or the clang-14/LLVM-14 toolchain.
cd "$(dirname "$0")/../.." || exit 1
log=$(mktemp)
contrib/symcc/test.sh >"$log" 2>&1
rc=$?
if [ $rc = 77 ]; then
  tail -1 "$log"
  rm -f "$log"
  exit 77
fi
tail -45 "$log"
rm -f "$log"
[ $rc = 0 ] || { echo "FAIL: SymCC's test suite with the ferret runtime"; exit 1; }

B=${FSYM_BUILD:-build-symcc}
S=$B/ferret/symcc
W=$(mktemp -d)
fail() {
  echo "FAIL: $*"
  rm -rf "$W"
  exit 1
}
build() {
  "$S" -O2 -fno-math-errno "$2" -o "$W/$1" -lm 2>"$W/$1.cc" || { cat "$W/$1.cc"; fail "compiling $2"; }
}
# run PROGRAM SEED: solve from SEED into $W/PROGRAM.out/, log in $W/PROGRAM.log.
# Each program runs once, so no branch gets an escalated budget: the first
# budget is 1 CPU s unless SYMCC_FERRET_TIMEOUT_MS says otherwise (the 5 ms
# default leaves floats.c's float-to-int query unanswered).
run() {
  rm -rf "$W/$1.out"
  mkdir "$W/$1.out"
  SYMCC_OUTPUT_DIR="$W/$1.out" SYMCC_FERRET_STATS=1 SYMCC_FERRET_TIMEOUT_MS=${SYMCC_FERRET_TIMEOUT_MS:-1000} \
    prog "$W/$1" <"$2" >"$W/$1.stdout" 2>"$W/$1.log" ||
    fail "$1 exited with status $?: $(tail -30 "$W/$1.log")"
}
# replays PROGRAM: the output of every new input, run again without solving
replays() {
  for f in "$W/$1.out"/*; do
    [ -f "$f" ] || continue
    SYMCC_FERRET_SOLVE=0 SYMCC_OUTPUT_DIR="$W" prog "$W/$1" <"$f" 2>"$W/replay.log" ||
      { echo "$1 on $f:"; tail -30 "$W/replay.log"; } >>"$W/errors"
  done
}
# prog PROGRAM...: run an instrumented program on the runtime under test
prog() { env $RTENV "$@"; }
stat() { sed -n "s/.*\"$2\": \([0-9a-z]*\).*/\1/p" "$W/$1.log"; }

SRC=${SYMCC_SRC:-../shared/peers/symcc}
build fmod tests/symcc/fmod.c
build floats tests/symcc/floats.c
build backoff tests/symcc/backoff.c
build budget tests/symcc/budget.c
build optimistic tests/symcc/optimistic.c
build opt-budget tests/symcc/opt-budget.c
build handler "$SRC/test/test_case_handler.c"
RTENV=""
# features LABEL: every check, on the runtime RTENV selects
features() {
  # frem: fmod(x, 3) == 2 from x = 4 (IEEE's remainder can never be 2)
  printf '\000\000\000\000\000\000\020\100' >"$W/four" # 4.0, little endian
  run fmod "$W/four"
  [ "$(cat "$W/fmod.stdout")" = miss ] || fail "$1fmod: the seed 4.0 should print miss"
  replays fmod | grep -qx hit || fail "$1fmod: no new input reaches fmod(x, 3) == 2: $(cat "$W/fmod.log")"

  # NaN (unordered), an interval, and a float-to-int conversion, from 1.0f
  printf '\000\000\200\077' >"$W/one"
  run floats "$W/one"
  [ -z "$(cat "$W/floats.stdout")" ] || fail "$1floats: the seed 1.0f takes no branch"
  out=$(replays floats)
  for want in nan in int; do
    echo "$out" | grep -qx "$want" || fail "$1floats: no new input prints '$want' ($(cat "$W/floats.log"))"
  done

  # optimistic solving: the path (malloc's concretised size) forbids the
  # flip, the branch alone allows it; off, no input reaches it
  printf 'a' >"$W/a"
  run optimistic "$W/a"
  grep -q 'unsat, optimistic sat' "$W/optimistic.log" || fail "$1optimistic: $(cat "$W/optimistic.log")"
  replays optimistic | grep -qx hit || fail "$1optimistic: no new input prints hit"
  SYMCC_FERRET_OPTIMISTIC=0 run optimistic "$W/a"
  [ -z "$(replays optimistic | grep -x hit)" ] || fail "$1optimistic off: an input still prints hit"

  # back-off: one site, 64 visits, solved at visits 1, 2, 3, 4, 8, 16, 32
  printf 'z' >"$W/z"
  run backoff "$W/z"
  [ "$(stat backoff branches)" = 64 ] || fail "$1backoff: 64 branches expected: $(cat "$W/backoff.log")"
  [ "$(stat backoff queries)" = 7 ] || fail "$1backoff: 7 queries expected, got $(stat backoff queries)"
  [ "$(ls "$W/backoff.out" | tr '\n' ' ')" = "000000 000001 000002 000003 000004 000005 000006 " ] ||
    fail "$1backoff: files 000000..000006 expected: $(ls "$W/backoff.out")"
  [ "$(replays backoff | grep -c '^equal at')" = 7 ] || fail "$1backoff: each new input should hit one equality"
  SYMCC_FERRET_BACKOFF=0 run backoff "$W/z"
  [ "$(stat backoff queries)" = 64 ] || fail "$1backoff off: 64 queries expected, got $(stat backoff queries)"
  rm -f "$W/map"
  SYMCC_AFL_COVERAGE_MAP="$W/map" run backoff "$W/z"
  [ "$(stat backoff queries)" = 7 ] || fail "$1coverage map, first run: 7 queries expected"
  SYMCC_AFL_COVERAGE_MAP="$W/map" run backoff "$W/z"
  [ "$(stat backoff queries)" = 0 ] || fail "$1coverage map, second run: 0 queries expected, got $(stat backoff queries)"
  # decay: with SYMCC_FERRET_BACKOFF_DECAY=2 the cell's buckets are
  # forgotten after 2 executions that visited it, then after 4: seven
  # executions ask 7, 0, 7, 0, 0, 0, 7 queries; with 0, never forgotten
  for decay in 2 0; do
    rm -f "$W/map"
    got=""
    for i in 1 2 3 4 5 6 7; do
      SYMCC_FERRET_BACKOFF_DECAY=$decay SYMCC_AFL_COVERAGE_MAP="$W/map" run backoff "$W/z"
      got="$got$(stat backoff queries)/$(stat backoff forgotten) "
    done
    want="7/0 0/1 7/0 0/0 0/0 0/1 7/0 "
    [ $decay = 0 ] && want="7/0 0/0 0/0 0/0 0/0 0/0 0/0 "
    [ "$got" = "$want" ] || fail "$1back-off decay $decay: queries/forgotten $want expected, got $got"
    [ "$(stat backoff keys)/$(stat backoff cells)" = 1/1 ] || fail "$1back-off: one key in one cell expected: $(tail -1 "$W/backoff.log")"
  done
  # a map of an older runtime (buckets and budget levels only) keeps its
  # buckets (this one: the decay-0 map above, the cell asked)
  head -c 131072 "$W/map" >"$W/map-old"
  SYMCC_AFL_COVERAGE_MAP="$W/map-old" run backoff "$W/z"
  [ "$(stat backoff queries)" = 0 ] || fail "$1older coverage map: 0 queries expected, got $(stat backoff queries)"

  # the budget: CPU time, doubled per site after each query ending on it,
  # the site retired after one ending on the cap (tests/symcc/budget.c)
  printf 'abcd' >"$W/abcd"
  SYMCC_FERRET_TIMEOUT_MS=1 SYMCC_FERRET_TIMEOUT_MAX_MS=4 run budget "$W/abcd"
  [ "$(stat budget queries)" = 3 ] || fail "$1budget: 3 queries expected, got $(stat budget queries): $(cat "$W/budget.log")"
  [ "$(sed -n 's/.* CPU of \([0-9]*\),.*/\1/p' "$W/budget.log" | tr '\n' ' ')" = "1 2 4 " ] ||
    fail "$1budget: budgets 1, 2, 4 ms expected: $(grep 'ferret: branch' "$W/budget.log")"
  for k in on_budget:3 escalated:2 given_up:1 given_up_skips:4; do
    [ "$(stat budget "${k%:*}")" = "${k#*:}" ] || fail "$1budget: ${k%:*} should be ${k#*:}: $(tail -1 "$W/budget.log")"
  done
  slowest=$(stat budget slowest_cpu_ms)
  [ "${slowest%.*}" -lt 100 ] || fail "$1budget: a query took $slowest ms of CPU for at most 4"
  # a retired branch stays retired when the decay forgets its buckets
  rm -f "$W/map"
  for want in 3/4 0/7; do
    SYMCC_FERRET_BACKOFF_DECAY=1 SYMCC_AFL_COVERAGE_MAP="$W/map" SYMCC_FERRET_TIMEOUT_MS=1 \
      SYMCC_FERRET_TIMEOUT_MAX_MS=4 run budget "$W/abcd"
    got="$(stat budget queries)/$(stat budget given_up_skips)"
    [ "$got" = "$want" ] || fail "$1budget with decay: queries/given_up_skips $want expected, got $got"
  done

  # the optimistic retry after an unsat answer: within what is left of the
  # branch's budget, escalating it when it ends on it, and then no more
  # retries at that branch (tests/symcc/opt-budget.c)
  printf '\007\000\000\000' >"$W/seven"
  SYMCC_FERRET_TIMEOUT_MS=2 SYMCC_FERRET_TIMEOUT_MAX_MS=8 run opt-budget "$W/seven"
  [ "$(sed -n 's/.* CPU of \([0-9]*\),.*/\1/p' "$W/opt-budget.log" | tr '\n' ' ')" = "2 2 4 4 4 4 4 4 2 4 4 4 4 4 4 " ] ||
    fail "$1optimistic budget: budgets 2, 2, 4 (x6), 2, 4 (x6) ms expected: $(grep 'ferret: branch' "$W/opt-budget.log")"
  for k in queries:15 on_budget:2 escalated:12 given_up:0 given_up_skips:0 optimistic_on_budget:2 optimistic_skips:12 repeats:0; do
    [ "$(stat opt-budget "${k%:*}")" = "${k#*:}" ] || fail "$1optimistic budget: ${k%:*} should be ${k#*:}: $(tail -1 "$W/opt-budget.log")"
  done

  # memory: past the term limit the run goes on concretely, output unchanged
  printf 'y' >"$W/y" # 121 = 3 * 40 + 1
  run backoff "$W/y"
  expect=$(cat "$W/backoff.stdout")
  [ "$expect" = "equal at 40" ] || fail "$1backoff: seed 'y' should print 'equal at 40', got '$expect'"
  SYMCC_FERRET_MAX_TERMS=40 run backoff "$W/y"
  [ "$(cat "$W/backoff.stdout")" = "$expect" ] || fail "$1memory limit changed the program's output"
  [ "$(stat backoff concrete)" = true ] || fail "$1memory limit: the run should have gone concrete"
  grep -q 'term store limit reached' "$W/backoff.log" || fail "$1memory limit: no message"

  # settings: a bad value or an unknown SYMCC_FERRET_* name is an error
  SYMCC_FERRET_TIMEOUT_MS=abc prog "$W/backoff" <"$W/z" >/dev/null 2>"$W/err"
  [ $? = 2 ] && grep -q 'SYMCC_FERRET_TIMEOUT_MS' "$W/err" || fail "$1bad SYMCC_FERRET_TIMEOUT_MS: $(cat "$W/err")"
  SYMCC_FERRET_TIMOUT_MS=5 prog "$W/backoff" <"$W/z" >/dev/null 2>"$W/err"
  [ $? = 2 ] && grep -q 'unknown setting SYMCC_FERRET_TIMOUT_MS' "$W/err" || fail "$1misspelt setting: $(cat "$W/err")"
  SYMCC_OUTPUT_DIR="$W/none" prog "$W/floats" <"$W/one" >/dev/null 2>"$W/err" || fail "$1missing output dir: exit status"
  grep -q "cannot write new inputs to $W/none" "$W/err" || fail "$1missing output dir: no message"

  # the test-case handler gets the new input instead of a file (SymCC's test)
  [ "$(SYMCC_MEMORY_INPUT=1 prog "$W/handler" 2>&1 | grep -v ferret | tail -3 | tr '\n' ' ')" = "no 1 1 " ] ||
    fail "$1test-case handler: expected 'no', solved 1, one test case"
  [ ! -s "$W/errors" ] || fail "$1a new input, run again, failed: $(cat "$W/errors")"
}
features ""

# The same checks on the runtime whose own files (build.c, path.c, glue.cpp)
# are compiled with ASan and UBSan (symcc-rt's shadow pages, never freed,
# are not reported as leaks).
ASAN_SO=$(cc -print-file-name=libasan.so)
if [ -f "$ASAN_SO" ]; then
  FSYM_SANITIZE=1 contrib/symcc/build.sh "$SRC" "$B/ferret-san" >"$W/san.log" 2>&1 ||
    { cat "$W/san.log"; fail "building the sanitizer runtime"; }
  printf 'leak:getOrCreateShadow\n' >"$W/lsan.supp"
  RTENV="LD_LIBRARY_PATH=$B/ferret-san/lib LD_PRELOAD=$ASAN_SO ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 LSAN_OPTIONS=suppressions=$W/lsan.supp:print_suppressions=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1"
  features "(ASan+UBSan) "
else
  echo "note: no libasan: the runtime was not run under the sanitizers"
fi
rm -rf "$W"
echo "ok: SymCC's test suite and ferret's SymCC programs"
