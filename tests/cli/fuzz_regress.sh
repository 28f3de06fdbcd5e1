#!/bin/sh
# The fuzz harnesses of every input reader (tests/fuzz/fuzz_T.c), built
# without libFuzzer into the sanitizer build (build-san/fuzz-replay-T, by
# `make san`), replay each target's regression inputs (tests/fuzz/T/
# regress/: inputs that once crashed, leaked or hung) and its seed corpus
# (tests/fuzz/T/seeds/).  Any sanitizer report, abort or hang fails.  (The
# SMT-LIB reader's regressions, tests/fuzz/regress/, are replayed by the
# unit test regress_fuzz_inputs.)
: "${FERRET:=build-san/ferret}"
bin=$(dirname "$FERRET")
fail=0
for t in samples seeds partner concolic hunt_log bench; do
  replay=$bin/fuzz-replay-$t
  if [ ! -x "$replay" ]; then
    echo "$replay missing: make fuzz-replay (make san builds it)"
    fail=1
    continue
  fi
  n=0
  for d in tests/fuzz/$t/regress tests/fuzz/$t/seeds; do
    for f in "$d"/*; do
      [ -f "$f" ] || continue
      n=$((n + 1))
      if ! timeout 60 "$replay" "$f" > /dev/null 2> "/tmp/ferret-replay.$$"; then
        echo "FAIL $t: $f"
        tail -20 "/tmp/ferret-replay.$$"
        fail=1
      fi
    done
  done
  [ "$n" -gt 0 ] || { echo "$t: no inputs"; fail=1; }
  echo "$t: $n inputs replayed"
done
rm -f "/tmp/ferret-replay.$$"
exit $fail
