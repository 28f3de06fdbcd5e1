#!/bin/sh
# The transcript suite (tests/transcripts/README.md): exact responses.
: "${FERRET:=build-san/ferret}"
case $FERRET in /*) ;; *) FERRET=$PWD/$FERRET ;; esac
fail=0
for t in tests/transcripts/*.smt2; do
  exp=${t%.smt2}.expect
  (cd tests/transcripts && "$FERRET" "$(basename "$t")" 2>/dev/null) > /tmp/ferret-transcript.$$
  if ! cmp -s /tmp/ferret-transcript.$$ "$exp"; then
    echo "transcript $t differs:"
    diff "$exp" /tmp/ferret-transcript.$$ | head -20
    fail=1
  fi
done
rm -f /tmp/ferret-transcript.$$
exit $fail
