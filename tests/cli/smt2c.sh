#!/bin/sh
# ferret smt2c: the generated C compiles warning-free (gcc and clang,
# -Wall -Wextra -Werror) on a deterministic sample of the paper-suite corpus
# (every 25th QF_FP_fs / QF_BVFP_fs file; FERRET_SMT2C_ALL=1 for all), in
# both encodings and both layouts; the --main program judges hand-built
# inputs (byte-aligned and bit-packed) as derived by hand; and, if clang's
# libFuzzer is installed, the fuzz target finds a crash input that the
# --main program then judges sat, and --backend=1 answers sat in both
# layouts.
: "${FERRET:=build-san/ferret}"
: "${FERRET_BENCH:=../shared/bench}"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail=0
have() { command -v "$1" >/dev/null 2>&1; }
CCS=""
for c in gcc clang; do have $c && CCS="$CCS $c"; done
[ -n "$CCS" ] || { echo "skipped: no C compiler (gcc, clang)"; exit 77; }

# ---- hand-derived verdicts: x + y = 3 (under r), x < y, x != 0 ----
cat > "$dir/t.smt2" <<'SMT'
(set-logic QF_FP)
(declare-fun x () (_ FloatingPoint 8 24))
(declare-fun y () (_ FloatingPoint 8 24))
(declare-fun r () RoundingMode)
(assert (fp.eq (fp.add r x y) ((_ to_fp 8 24) RNE 3.0)))
(assert (fp.lt x y))
(assert (not (fp.isZero x)))
(check-sat)
SMT
for enc in 0 1; do
  "$FERRET" smt2c --main --encoding=$enc "$dir/t.smt2" > "$dir/m.c" || { echo "smt2c failed"; fail=1; }
  # the layout the bytes below assume (r, x, y), stated in the output
  layout=$(grep '^/\* slot' "$dir/m.c" | sed 's/.*, //; s/ \*\///' | tr '\n' ' ')
  [ "$layout" = "r x y " ] || { echo "unexpected slot order: $layout"; fail=1; }
  for c in $CCS; do
    $c -std=c11 -O1 -Wall -Wextra -Werror -o "$dir/m" "$dir/m.c" -lm || { echo "$c: main program does not compile"; fail=1; continue; }
    printf '\000\000\000\200\077\000\000\000\100' > "$dir/sat"     # RNE, 1.0, 2.0
    printf '\000\000\000\000\100\000\000\200\077' > "$dir/unsat"   # RNE, 2.0, 1.0
    printf '\005\000\000\200\077\000\000\000\100' > "$dir/mod"     # 5 mod 5 = RNE
    printf '\000\000\000\200\077\000\000\000\100\377' > "$dir/long" # extra byte ignored
    printf '\000\000\000' > "$dir/short"
    printf '\000\000\000\300\077\000\000\300\077' > "$dir/eq"      # 1.5 + 1.5 = 3 but x < y fails
    out=$("$dir/m" "$dir/sat" "$dir/unsat" "$dir/mod" "$dir/long" "$dir/short" "$dir/eq" | tr '\n' ' ')
    [ "$out" = "sat unsat sat sat short unsat " ] || { echo "$c enc $enc: verdicts '$out'"; fail=1; }
  done
done

# ---- the same verdicts, bit-packed (--layout=1): r in bits 0..2, x in
# bits 3..34, y in bits 35..66 of 9 bytes; bits 67..71 unused ----
"$FERRET" smt2c --main --layout=1 "$dir/t.smt2" > "$dir/b.c" || { echo "smt2c --layout=1 failed"; fail=1; }
grep -q 'bit-packed layout' "$dir/b.c" || { echo "layout not stated in the output"; fail=1; }
layout=$(grep '^/\* slot' "$dir/b.c" | sed 's/) .*/)/' | tr '\n' ' ')
[ "$layout" = "/* slot 0: bits [0, 3) /* slot 1: bits [3, 35) /* slot 2: bits [35, 67) " ] ||
  { echo "unexpected bit layout: $layout"; fail=1; }
for c in $CCS; do
  $c -std=c11 -O1 -Wall -Wextra -Werror -o "$dir/b" "$dir/b.c" -lm || { echo "$c: bit-packed main does not compile"; fail=1; continue; }
  printf '\000\000\000\374\001\000\000\000\002' > "$dir/sat"    # RNE, 1.0, 2.0
  printf '\000\000\000\000\002\000\000\374\001' > "$dir/unsat"  # RNE, 2.0, 1.0
  printf '\005\000\000\374\001\000\000\000\002' > "$dir/mod"    # 5 mod 5 = RNE
  printf '\000\000\000\374\001\000\000\000\372' > "$dir/pad"    # unused bits set
  printf '\000\000\000\374\001\000\000\000' > "$dir/short"       # 8 of 9 bytes
  printf '\000\000\000\376\001\000\000\376\001' > "$dir/eq"     # 1.5, 1.5
  printf '\000\000\000\374\001\000\000\000\006' > "$dir/neg"    # y = -2.0
  out=$("$dir/b" "$dir/sat" "$dir/unsat" "$dir/mod" "$dir/pad" "$dir/short" "$dir/eq" "$dir/neg" | tr '\n' ' ')
  [ "$out" = "sat unsat sat sat short unsat unsat " ] || { echo "$c bit-packed: verdicts '$out'"; fail=1; }
done

# ---- corpus sample: warning-free with both compilers, both encodings ----
if [ -f "$FERRET_BENCH/MANIFEST.tsv" ]; then
  step=25; [ -n "$FERRET_SMT2C_ALL" ] && step=1
  awk -F'\t' -v s=$step 'NR>1 && ($13=="QF_FP_fs"||$13=="QF_BVFP_fs") && (n++ % s == 0) {print $1}' \
    "$FERRET_BENCH/MANIFEST.tsv" > "$dir/list"
  count=0
  while read -r p; do
    # encoding/layout: 0/0, 1/0, 0/1 (the two choices are independent)
    for el in 00 10 01; do
      enc=${el%?}; lay=${el#?}
      if ! "$FERRET" smt2c --encoding=$enc --layout=$lay "$FERRET_BENCH/$p" > "$dir/g.c" 2> "$dir/g.err"; then
        echo "smt2c failed on $p: $(head -c 300 "$dir/g.err")"; fail=1; continue
      fi
      for c in $CCS; do
        $c -std=c11 -Wall -Wextra -Werror -fsyntax-only "$dir/g.c" 2> "$dir/c.err" ||
          { echo "$c: $p (encoding $enc, layout $lay): $(head -c 500 "$dir/c.err")"; fail=1; }
      done
    done
    count=$((count + 1))
  done < "$dir/list"
  echo "smt2c: $count corpus files checked with:$CCS"
else
  echo "note: corpus not found at $FERRET_BENCH, sample skipped"
fi

# ---- libFuzzer end to end (clang -fsanitize=fuzzer) ----
if have clang && echo 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n); int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n){(void)d;(void)n;return 0;}' > "$dir/probe.c" &&
   clang -fsanitize=fuzzer -o "$dir/probe" "$dir/probe.c" 2>/dev/null; then
  "$FERRET" smt2c "$dir/t.smt2" > "$dir/fz.c"
  clang -O2 -fsanitize=fuzzer -o "$dir/fz" "$dir/fz.c" || { echo "fuzz target does not build"; fail=1; }
  mkdir "$dir/art"
  (cd "$dir/art" && "$dir/fz" -max_total_time=60 -seed=1 -artifact_prefix="$dir/art/" >/dev/null 2>&1)
  crash=$(ls "$dir/art"/crash-* 2>/dev/null | head -1)
  if [ -z "$crash" ]; then echo "libFuzzer found no model in 60 s"; fail=1
  else
    "$FERRET" smt2c --main "$dir/t.smt2" > "$dir/m.c" && clang -std=c11 -o "$dir/m" "$dir/m.c" -lm
    v=$("$dir/m" "$crash")
    [ "$v" = sat ] || { echo "crash input judged '$v'"; fail=1; }
  fi
  # the backend (option backend=1): sat with a validated model, exit 10
  out=$(XDG_CACHE_HOME="$dir/cache" "$FERRET" --backend=1 --timeout=60 --model "$dir/t.smt2" 2>"$dir/err")
  rc=$?
  [ $rc = 10 ] || { echo "backend=1: exit $rc: $out $(cat "$dir/err")"; fail=1; }
  echo "$out" | grep -q 'define-fun x' || { echo "backend=1: no model: $out"; fail=1; }
  ls "$dir/cache/ferret/"*.c >/dev/null 2>&1 || { echo "backend=1: nothing cached"; fail=1; }
  out=$(XDG_CACHE_HOME="$dir/cache" "$FERRET" --backend=1 --layout=1 --timeout=60 --model "$dir/t.smt2" 2>"$dir/err")
  rc=$?
  [ $rc = 10 ] || { echo "backend=1 layout=1: exit $rc: $out $(cat "$dir/err")"; fail=1; }
  grep -l 'bit-packed layout' "$dir/cache/ferret/"*.c >/dev/null 2>&1 || { echo "backend=1 layout=1: no bit-packed program"; fail=1; }
else
  echo "note: libFuzzer not available, end-to-end fuzz check skipped"
fi
# preprocessing proves unsat before anything is compiled
printf '(declare-const x Float32)(assert (fp.isNaN x))(assert (not (fp.isNaN x)))(check-sat)' > "$dir/u.smt2"
XDG_CACHE_HOME="$dir/cache2" "$FERRET" --backend=1 "$dir/u.smt2" > "$dir/out" 2>&1
rc=$?
[ $rc = 20 ] || { echo "backend=1 unsat: exit $rc $(cat "$dir/out")"; fail=1; }
# no clang: unknown and a clear message, not a crash
mkdir -p "$dir/cache3"
out=$(XDG_CACHE_HOME="$dir/cache3" PATH=/nonexistent "$FERRET" --backend=1 --timeout=5 "$dir/t.smt2" 2>"$dir/err")
rc=$?
[ $rc = 0 ] && [ "$out" = unknown ] || { echo "no clang: exit $rc '$out'"; fail=1; }
grep -q 'fsanitize=fuzzer' "$dir/err" || { echo "no clang: no message"; fail=1; }
rm -rf "$(sed -n "s/.*see \(.*\)\/cc.log/\1/p" "$dir/err")"
exit $fail
