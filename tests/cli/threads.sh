#!/bin/sh
# Two contexts on two threads under ThreadSanitizer (tests/threads/threads.c,
# built by `make tsan` into build-tsan/): right answers, no data race.  Then
# the search's own threads: solve and sample (workers feeding the judge
# through a queue) with --jobs 2, and sample with one worker on a thread of
# its own (--judge-thread=on), whose output the CLI writes on a third.
cd "$(dirname "$0")/../.." || exit 1
if [ ! -x build-tsan/threads ]; then
  echo "skipped: no build-tsan/threads (make tsan)"
  exit 77
fi
TSAN_OPTIONS="halt_on_error=1 exitcode=66 ${TSAN_OPTIONS:-}" build-tsan/threads
rc=$?
[ $rc = 0 ] || exit $rc
[ -x build-tsan/ferret ] || { echo "skipped: no build-tsan/ferret (make tsan)"; exit 77; }
export TSAN_OPTIONS="halt_on_error=1 exitcode=66 ${TSAN_OPTIONS:-}"
build-tsan/ferret --jobs 2 --timeout 20 examples/quickstart.smt2 > /dev/null
rc=$?
[ $rc = 10 ] || { echo "solve --jobs 2 under TSan: exit $rc"; exit 1; }
out=$(mktemp)
trap 'rm -f "$out"' EXIT
# 30,000 samples are 5 MB: the CLI's writer thread is handed full buffers
for run in "2000 --jobs 2" "30000 --jobs 1 --judge-thread=on"; do
  count=${run%% *} opts=${run#* }
  printf '(declare-const x (_ BitVec 32))\n(declare-const y Float32)\n(assert (bvult x #x00100000))\n(assert (fp.lt y ((_ to_fp 8 24) RNE 1.5)))\n(check-sat)\n' |
    build-tsan/ferret sample $opts -n "$count" -t 60 - > "$out"
  rc=$?
  n=$(wc -l < "$out")
  [ $rc = 10 ] && [ "$n" = "$count" ] || { echo "sample $opts under TSan: exit $rc, $n samples"; exit 1; }
  [ "$(sort -u "$out" | wc -l)" = "$count" ] || { echo "sample $opts under TSan: duplicate or broken lines"; exit 1; }
done
exit 0
