#!/bin/sh
# --backend=1 under SIGINT and --timeout: the interrupt reaches clang and
# the fuzzer (their process groups are stopped), check-sat answers unknown
# (reason interrupted / timeout) within about 2 s, the rest of the script
# runs, and no child process is left behind; a portfolio partner's answer
# stops the fuzzer too.  Skipped when clang's
# libFuzzer is missing.
: "${FERRET:=build-san/ferret}"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail=0
echo 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n); int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n){(void)d;(void)n;return 0;}' > "$dir/probe.c"
if ! command -v clang >/dev/null 2>&1 ||
   ! clang -fsanitize=fuzzer -o "$dir/probe" "$dir/probe.c" 2>/dev/null; then
  echo "skipped: libFuzzer (clang -fsanitize=fuzzer) not available"
  exit 77
fi
# x * x = 2 has no Float64 solution: the fuzzer runs until stopped.
cat > "$dir/hard.smt2" <<'SMT'
(declare-const x Float64)
(assert (fp.eq (fp.mul RNE x x) ((_ to_fp 11 53) RNE 2.0)))
(check-sat)
(get-info :reason-unknown)
(echo "after")
SMT

# Start ferret with the cache in $1, send SIGINT after $2 seconds, and
# require it to be gone within 2 s of the signal.
interrupt() {
  XDG_CACHE_HOME="$1" "$FERRET" --backend=1 --stats "$dir/hard.smt2" > "$dir/out" 2> "$dir/err" &
  pid=$!
  sleep "$2"
  kill -INT $pid
  n=0
  while kill -0 $pid 2>/dev/null && [ $n -lt 20 ]; do sleep 0.1; n=$((n + 1)); done
  if kill -0 $pid 2>/dev/null; then
    echo "$3: still running 2 s after SIGINT"; fail=1
    kill -KILL $pid
  fi
  wait $pid
  rc=$?
  [ $rc = 0 ] || { echo "$3: exit $rc, expected 0"; fail=1; }
  grep -qx unknown "$dir/out" || { echo "$3: no unknown answer: $(cat "$dir/out")"; fail=1; }
  grep -q interrupted "$dir/out" || { echo "$3: reason-unknown is not interrupted"; fail=1; }
  grep -qx '"after"' "$dir/out" || { echo "$3: the script did not go on"; fail=1; }
  grep -q '"reason": "interrupted"' "$dir/err" || { echo "$3: stats lack the reason: $(cat "$dir/err")"; fail=1; }
  # no clang, linker or fuzzer of ours is left (their paths are under $dir)
  sleep 0.2
  if ps -eo args | grep -v grep | grep -q "$dir/"; then
    echo "$3: child processes left:"; ps -eo pid,args | grep -v grep | grep "$dir/"; fail=1
  fi
}

# 1. during compilation (a fresh cache; clang needs only ~0.25 s for this
# small program on an idle machine, so the signal comes early; if it comes
# before clang starts, nothing may be cached either)
interrupt "$dir/c1" 0.1 "during clang"
ls "$dir/c1/ferret/"* 2>/dev/null | grep -v '\.c$' | grep -q . &&
  { echo "during clang: a binary was cached"; fail=1; }

# 2. during fuzzing: fill the cache first (a small budget: unknown)
out=$(XDG_CACHE_HOME="$dir/c2" "$FERRET" --backend=1 --max-execs=1000 "$dir/hard.smt2" 2>&1 | head -1)
[ "$out" = unknown ] || { echo "warm-up: '$out'"; fail=1; }
interrupt "$dir/c2" 1 "during fuzzing"
grep -q '"execs": [1-9]' "$dir/err" || { echo "during fuzzing: no executions counted: $(cat "$dir/err")"; fail=1; }

# 3. --timeout=2 ends the fuzzer: unknown, reason timeout, in about 2 s
XDG_CACHE_HOME="$dir/c2" "$FERRET" --backend=1 --timeout=2 --stats "$dir/hard.smt2" > "$dir/out" 2> "$dir/err"
grep -qx unknown "$dir/out" || { echo "timeout: no unknown answer"; fail=1; }
grep -q '"reason": "timeout"' "$dir/err" || { echo "timeout: reason: $(cat "$dir/err")"; fail=1; }
t=$(sed -n 's/.*"time": \([0-9]*\)\..*/\1/p' "$dir/err")
[ -n "$t" ] && [ "$t" -lt 4 ] || { echo "timeout: took $t s"; fail=1; }
# and it counts compilation: a fresh cache with --timeout=1 may not finish
# clang, but still answers by then
XDG_CACHE_HOME="$dir/c3" "$FERRET" --backend=1 --timeout=1 --stats "$dir/hard.smt2" > "$dir/out" 2> "$dir/err"
t=$(sed -n 's/.*"time": \([0-9]*\)\..*/\1/p' "$dir/err")
[ -n "$t" ] && [ "$t" -lt 3 ] || { echo "timeout 1 with compilation: took $t s"; fail=1; }
grep -q '"reason": "timeout"' "$dir/err" || { echo "timeout 1: reason: $(cat "$dir/err")"; fail=1; }
# 4. a portfolio partner's answer stops the fuzzer at once: a planted
# prover says unsat after 1 s; the fuzzer (which cannot finish) is
# stopped, found_by portfolio, no process left
printf '#!/bin/sh\ncat > /dev/null\nsleep 1\necho unsat\n' > "$dir/prover"
chmod +x "$dir/prover"
XDG_CACHE_HOME="$dir/c2" "$FERRET" --backend=1 --timeout=30 --stats --portfolio "$dir/prover" \
  "$dir/hard.smt2" > "$dir/out" 2> "$dir/err"
grep -qx unsat "$dir/out" || { echo "portfolio: $(cat "$dir/out")"; fail=1; }
grep -q '"found_by": "portfolio"' "$dir/err" || { echo "portfolio: stats: $(cat "$dir/err")"; fail=1; }
t=$(sed -n 's/.*"time": \([0-9]*\)\..*/\1/p' "$dir/err")
[ -n "$t" ] && [ "$t" -lt 10 ] || { echo "portfolio: the fuzzer ran on ($t s)"; fail=1; }
sleep 0.2
if ps -eo args | grep -v grep | grep -q "$dir/"; then
  echo "portfolio: child processes left:"; ps -eo pid,args | grep -v grep | grep "$dir/"; fail=1
fi
exit $fail
