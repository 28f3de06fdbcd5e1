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
tail -45 "$log"
if [ $rc = 77 ]; then
  tail -1 "$log"
  rm -f "$log"
  exit 77
fi
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
# run PROGRAM SEED: solve from SEED into $W/PROGRAM.out/, log in $W/PROGRAM.log
run() {
  rm -rf "$W/$1.out"
  mkdir "$W/$1.out"
  SYMCC_OUTPUT_DIR="$W/$1.out" SYMCC_FERRET_STATS=1 "$W/$1" <"$2" >"$W/$1.stdout" 2>"$W/$1.log"
}
# replays PROGRAM: the output of every new input, run again without solving
replays() {
  for f in "$W/$1.out"/*; do
    [ -f "$f" ] || continue
    SYMCC_FERRET_SOLVE=0 SYMCC_OUTPUT_DIR="$W" "$W/$1" <"$f" 2>/dev/null
  done
}
stat() { sed -n "s/.*\"$2\": \([0-9a-z]*\).*/\1/p" "$W/$1.log"; }

# frem: fmod(x, 3) == 2 from x = 4 (IEEE's remainder can never be 2)
build fmod tests/symcc/fmod.c
printf '\000\000\000\000\000\000\020\100' >"$W/four" # 4.0, little endian
run fmod "$W/four"
[ "$(cat "$W/fmod.stdout")" = miss ] || fail "fmod: the seed 4.0 should print miss"
replays fmod | grep -qx hit || fail "fmod: no new input reaches fmod(x, 3) == 2: $(cat "$W/fmod.log")"

# NaN (unordered), an interval, and a float-to-int conversion, from 1.0f
build floats tests/symcc/floats.c
printf '\000\000\200\077' >"$W/one"
run floats "$W/one"
[ -z "$(cat "$W/floats.stdout")" ] || fail "floats: the seed 1.0f takes no branch"
out=$(replays floats)
for want in nan in int; do
  echo "$out" | grep -qx "$want" || fail "floats: no new input prints '$want' ($(cat "$W/floats.log"))"
done

# back-off: one site, 64 visits, solved at visits 1, 2, 3, 4, 8, 16, 32
build backoff tests/symcc/backoff.c
printf 'z' >"$W/z"
run backoff "$W/z"
[ "$(stat backoff branches)" = 64 ] || fail "backoff: 64 branches expected: $(cat "$W/backoff.log")"
[ "$(stat backoff queries)" = 7 ] || fail "backoff: 7 queries expected, got $(stat backoff queries)"
[ "$(ls "$W/backoff.out" | tr '\n' ' ')" = "000000 000001 000002 000003 000004 000005 000006 " ] ||
  fail "backoff: files 000000..000006 expected: $(ls "$W/backoff.out")"
[ "$(replays backoff | grep -c '^equal at')" = 7 ] || fail "backoff: each new input should hit one equality"
SYMCC_FERRET_BACKOFF=0 run backoff "$W/z"
[ "$(stat backoff queries)" = 64 ] || fail "backoff off: 64 queries expected, got $(stat backoff queries)"
SYMCC_AFL_COVERAGE_MAP="$W/map" run backoff "$W/z"
[ "$(stat backoff queries)" = 7 ] || fail "coverage map, first run: 7 queries expected"
SYMCC_AFL_COVERAGE_MAP="$W/map" run backoff "$W/z"
[ "$(stat backoff queries)" = 0 ] || fail "coverage map, second run: 0 queries expected, got $(stat backoff queries)"

# memory: past the term limit the run goes on concretely, output unchanged
printf 'y' >"$W/y" # 121 = 3 * 40 + 1
run backoff "$W/y"
expect=$(cat "$W/backoff.stdout")
[ "$expect" = "equal at 40" ] || fail "backoff: seed 'y' should print 'equal at 40', got '$expect'"
SYMCC_FERRET_MAX_TERMS=40 run backoff "$W/y"
[ "$(cat "$W/backoff.stdout")" = "$expect" ] || fail "memory limit changed the program's output"
[ "$(stat backoff concrete)" = true ] || fail "memory limit: the run should have gone concrete"
grep -q 'term store limit reached' "$W/backoff.log" || fail "memory limit: no message"

# settings: a bad value or an unknown SYMCC_FERRET_* name is an error
SYMCC_FERRET_TIMEOUT_MS=abc "$W/backoff" <"$W/z" >/dev/null 2>"$W/err"
[ $? = 2 ] && grep -q 'SYMCC_FERRET_TIMEOUT_MS' "$W/err" || fail "bad SYMCC_FERRET_TIMEOUT_MS: $(cat "$W/err")"
SYMCC_FERRET_TIMOUT_MS=5 "$W/backoff" <"$W/z" >/dev/null 2>"$W/err"
[ $? = 2 ] && grep -q 'unknown setting SYMCC_FERRET_TIMOUT_MS' "$W/err" || fail "misspelt setting: $(cat "$W/err")"
SYMCC_OUTPUT_DIR="$W/none" "$W/floats" <"$W/one" >/dev/null 2>"$W/err" || fail "missing output dir: exit status"
grep -q "cannot write new inputs to $W/none" "$W/err" || fail "missing output dir: no message"

# the test-case handler gets the new input instead of a file (SymCC's test)
SRC=${SYMCC_SRC:-../shared/peers/symcc}
build handler "$SRC/test/test_case_handler.c"
[ "$(SYMCC_MEMORY_INPUT=1 "$W/handler" 2>&1 | grep -v ferret | tail -3 | tr '\n' ' ')" = "no 1 1 " ] ||
  fail "test-case handler: expected 'no', solved 1, one test case"
rm -rf "$W"
echo "ok: SymCC's test suite and ferret's SymCC programs"
