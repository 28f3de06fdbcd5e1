#!/bin/sh
# Two contexts on two threads under ThreadSanitizer (tests/threads/threads.c,
# built by `make tsan` into build-tsan/): right answers, no data race.
cd "$(dirname "$0")/../.." || exit 1
if [ ! -x build-tsan/threads ]; then
  echo "skipped: no build-tsan/threads (make tsan)"
  exit 77
fi
TSAN_OPTIONS="halt_on_error=1 exitcode=66 ${TSAN_OPTIONS:-}" build-tsan/threads
