#!/bin/sh
# --backend=1 seeds libFuzzer with the in-process engine's seed set and the
# user's seeds, encoded in the chosen layout.  The budget (--max-execs, the
# fuzzer's -runs) is too small for libFuzzer to find these models by
# mutation, so each sat below comes from a seed, and each unknown shows
# that the seed was needed.  Skipped (exit 77) when clang's libFuzzer is missing.
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
export XDG_CACHE_HOME="$dir/cache"

# The only model is x = 1234.5678 (rounded to Float64), a constant of the
# formula: a smart seed (dictionary), not a naive one (zeros, ones).
# Measured (clang 14's libFuzzer, -seed=1): found at execution 12 with
# smart seeds, 1087 with naive ones (its comparison tracing); budget 150.
cat > "$dir/dict.smt2" <<'SMT'
(declare-const x Float64)
(assert (fp.leq x ((_ to_fp 11 53) RNE 1234.5678)))
(assert (fp.geq x ((_ to_fp 11 53) RNE 1234.5678)))
(check-sat)
SMT
for layout in 0 1; do
  out=$("$FERRET" --backend=1 --layout=$layout --seeds=2 --max-execs=150 --model "$dir/dict.smt2" 2>&1)
  case "$out" in
    sat*"#b0011010010100100010101101101010111001111101010101101"*) ;;
    *) echo "smart seeds, layout $layout: '$out'"; fail=1 ;;
  esac
  out=$("$FERRET" --backend=1 --layout=$layout --seeds=1 --max-execs=150 --stats "$dir/dict.smt2" 2>"$dir/err")
  [ "$out" = unknown ] || { echo "naive seeds, layout $layout: '$out', expected unknown"; fail=1; }
  grep -q '"reason": "budget"' "$dir/err" || { echo "naive seeds: reason is not budget: $(cat "$dir/err")"; fail=1; }
done

# User seeds (--seed-file): x * 0x9e3779b97f4a7c15 = 0x0123456789abcdef has
# the one solution x = 0x66be9a9010cb6ef3 (see seed_file.sh); y = x is
# merged into x's slot by equality extraction, and the seed names y; the
# Bool p is set by the seed too, so that the bit-packed input is unaligned
# (1 + 64 bits).
cat > "$dir/user.smt2" <<'SMT'
(declare-const p Bool)
(declare-const x (_ BitVec 64))
(declare-const y (_ BitVec 64))
(assert (= x y))
(assert (= (bvmul y #x9e3779b97f4a7c15) #x0123456789abcdef))
(assert (xor p (bvult x #x0000000000000007)))
(check-sat)
SMT
echo '(model (define-fun p () Bool true) (define-fun y () (_ BitVec 64) #x66be9a9010cb6ef3))' > "$dir/seed"
for layout in 0 1; do
  out=$("$FERRET" --backend=1 --layout=$layout --seeds=0 --max-execs=50 --seed-file "$dir/seed" --model "$dir/user.smt2" 2>&1)
  case "$out" in
    sat*"#x66be9a9010cb6ef3"*) ;;
    *) echo "user seed, layout $layout: '$out'"; fail=1 ;;
  esac
  out=$("$FERRET" --backend=1 --layout=$layout --seeds=2 --max-execs=300 "$dir/user.smt2" 2>&1)
  [ "$out" = unknown ] || { echo "no user seed, layout $layout: '$out', expected unknown"; fail=1; }
done
# a malformed seed file: a warning, and the fuzzer runs without it
echo '(define-fun y () (_ BitVec 64) nonsense)' > "$dir/bad"
out=$("$FERRET" --backend=1 --max-execs=50 --seed-file "$dir/bad" "$dir/user.smt2" 2>"$dir/err")
[ "$out" = unknown ] || { echo "bad seed: '$out'"; fail=1; }
grep -q "warning: seeds ignored" "$dir/err" || { echo "bad seed: no warning: $(cat "$dir/err")"; fail=1; }
exit $fail
