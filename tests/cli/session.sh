#!/bin/sh
# The SMT-LIB session rules: the session transcripts give the same
# responses on standard input; then side by side with z3 (skipped without z3):
# - after each failing command of tests/transcripts/session_rules.smt2
#   (none of which changes the assertion stack) ferret and z3 give the
#   same check-sat answers;
# - a script with declare-fun overloaded by argument sorts (floor for two
#   formats, as numerical library code declares it) is answered sat and z3
#   accepts the model, both overloads defined, in place of the
#   declarations; so for every corpus file that overloads a name;
# - get-value of a declared function prints a lambda that z3 reads back:
#   put in place of the function, the assertions hold of it (and of a
#   wrong table they do not).
: "${FERRET:=build-san/ferret}"
: "${FERRET_BENCH:=../shared/bench}"
case $FERRET in /*) ;; *) FERRET=$PWD/$FERRET ;; esac
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail=0

# 0. the session transcripts typed on standard input, command by command,
# give the same responses as the file
for t in session_rules session_lost overload get_value_function; do
  (cd tests/transcripts && "$FERRET" - < $t.smt2 2>/dev/null) |
    sed "s/<stdin>/$t.smt2/" > "$dir/stdin.out"
  cmp -s "$dir/stdin.out" tests/transcripts/$t.expect ||
    { echo "$t on stdin differs:"; diff tests/transcripts/$t.expect "$dir/stdin.out" | head; fail=1; }
done
if ! command -v z3 >/dev/null 2>&1; then
  echo "z3 not installed: the session is not compared with z3"
  [ $fail = 0 ] && exit 77
  exit 1
fi

# 1. the same answers as z3 after each failing command
t=tests/transcripts/session_rules.smt2
"$FERRET" "$t" 2>/dev/null | grep -E '^(sat|unsat|unknown)$' > "$dir/ferret.ans"
z3 "$t" 2>/dev/null | grep -E '^(sat|unsat|unknown)$' > "$dir/z3.ans"
n=$(wc -l < "$dir/z3.ans")
if [ "$n" -lt 10 ] || ! cmp -s "$dir/ferret.ans" "$dir/z3.ans"; then
  echo "session_rules: ferret and z3 answer differently:"
  diff "$dir/z3.ans" "$dir/ferret.ans" | head; fail=1
fi

# z3 reads ferret's model in place of the declarations it defines (every
# overload of a name is defined, so all its declarations go).
z3_check() { # input model
  awk '
    FNR == NR { if ($1 == "(define-fun") { def[$2] = 1; model = model $0 "\n" }
                next }
    /^\((check-sat|get-model|get-value|set-option|exit)/ { next }
    ($1 == "(declare-fun" || $1 == "(declare-const") && ($2 in def) { next }
    { rest = rest $0 "\n" }
    END { printf "%s%s(check-sat)\n", model, rest }
  ' "$2" "$1" > "$dir/check.smt2"
  z3 "$dir/check.smt2" 2>&1 | tail -1
}

solve_check() { # name file
  out=$("$FERRET" --timeout 20 --model "$2" 2>&1)
  first=$(printf '%s\n' "$out" | head -1)
  if [ "$first" != sat ]; then
    echo "$1: expected sat, got:"; printf '%s\n' "$out" | head -5; fail=1; return
  fi
  printf '%s\n' "$out" | tail -n +2 > "$dir/model"
  defs=$(grep -c "(define-fun CF_floor " "$dir/model")
  verdict=$(z3_check "$2" "$dir/model")
  if [ "$verdict" != sat ] || [ "$defs" -lt 2 ]; then
    echo "$1: z3 does not accept the model ($verdict, $defs definitions of CF_floor):"
    cat "$dir/model"; fail=1
  fi
}

# 2. overloaded declare-fun: floor of a double and of a float
cat > "$dir/floor.smt2" <<'EOF'
(set-logic QF_UFFP)
(declare-fun CF_floor (Float64) Float64)
(declare-fun CF_floor (Float32) Float32)
(declare-fun x () Float64)
(declare-fun y () Float32)
(define-fun one64 () Float64 ((_ to_fp 11 53) RNE 1.0))
(define-fun one32 () Float32 ((_ to_fp 8 24) RNE 1.0))
(assert (fp.isNormal x))
(assert (fp.leq (CF_floor x) x))
(assert (fp.lt x (fp.add RNE (CF_floor x) one64)))
(assert (fp.gt x ((_ to_fp 11 53) RNE 100.5)))
(assert (fp.lt x ((_ to_fp 11 53) RNE 101.0)))
(assert (fp.leq (CF_floor y) y))
(assert (fp.lt y (fp.add RNE (CF_floor y) one32)))
(assert (fp.eq (CF_floor y) ((_ to_fp 8 24) RNE (fp.sub RNE (CF_floor x) one64))))
(assert (not (fp.eq y (CF_floor y))))
(check-sat)
EOF
solve_check overloaded-floor "$dir/floor.smt2"

# the shape of path queries over numerical library code: floor of the
# bits of a double and floor of the double, one name, same range
cat > "$dir/floor_bits.smt2" <<'EOF'
(declare-fun a () (_ BitVec 64))
(declare-fun CF_floor ((_ BitVec 64)) (_ FloatingPoint 11 53))
(declare-fun CF_floor ((_ FloatingPoint 11 53)) (_ FloatingPoint 11 53))
(define-fun d () (_ FloatingPoint 11 53) ((_ to_fp 11 53) a))
(assert (fp.gt d ((_ to_fp 11 53) #x4010000000000000)))
(assert (fp.lt d ((_ to_fp 11 53) #x4020000000000000)))
(assert (fp.leq (CF_floor d) d))
(assert (fp.gt (fp.add roundNearestTiesToEven (CF_floor d) ((_ to_fp 11 53) #x3ff0000000000000)) d))
(assert (fp.eq (CF_floor a) (fp.mul roundNearestTiesToEven (CF_floor d) ((_ to_fp 11 53) #x4000000000000000))))
(assert (not (fp.eq (CF_floor d) d)))
(check-sat)
EOF
solve_check overloaded-floor-bits "$dir/floor_bits.smt2"
# control: the check refuses the model with the BV overload's table
# dropped (its application then takes the default +zero)
sed 's/^\(  (define-fun CF_floor ((x!0 (_ BitVec 64))) (_ FloatingPoint 11 53)\) .*/\1 (_ +zero 11 53))/' \
  "$dir/model" > "$dir/model.bad"
verdict=$(z3_check "$dir/floor_bits.smt2" "$dir/model.bad")
if [ "$verdict" != unsat ]; then
  echo "control: z3 accepts a wrong model ($verdict)"; cat "$dir/check.smt2"; fail=1
fi

# ... and every corpus file that declares one name twice
if [ -d "$FERRET_BENCH" ]; then
  found=0
  # "file:(declare-fun name" twice: that file overloads name
  for f in $(grep -ro '(declare-fun [^ ]*' --include='*.smt2' "$FERRET_BENCH" |
             sort | uniq -d | sed 's/:(declare-fun .*//' | sort -u); do
    found=$((found + 1))
    ans=$("$FERRET" --timeout 20 "$f" 2>/dev/null | head -1)
    case "$ans" in
      sat) solve_check "$f" "$f" ;;
      unsat|unknown) echo "$f: $ans" ;;
      *) echo "$f: not answered: $ans"; fail=1 ;;
    esac
  done
  echo "corpus: $found file(s) overload a declared name"
fi

# 3. get-value of a function reads back in z3
t=tests/transcripts/get_value_function.smt2
lam=$("$FERRET" "$t" 2>/dev/null | sed -n 's/^((g \(.*\)))$/\1/p')
if [ -z "$lam" ]; then
  echo "get-value (g): no lambda printed"; fail=1
else
  for case in right wrong; do
    l=$lam
    [ $case = wrong ] && l=$(printf '%s' "$lam" | sed 's/#b01 (ite/#b11 (ite/')
    # the value in place of g: the assertions must hold of it
    { printf '(define-fun gv () (Array (_ BitVec 2) (_ BitVec 2)) %s)\n' "$l"
      grep '^(assert (= (g' "$t" | sed 's/(g /(select gv /g'
      echo '(check-sat)'; } > "$dir/fun.smt2"
    verdict=$(z3 "$dir/fun.smt2" 2>&1 | tail -1)
    want=sat; [ $case = wrong ] && want=unsat
    if [ "$verdict" != "$want" ]; then
      echo "get-value (g), $case table: z3 says $verdict, expected $want"
      cat "$dir/fun.smt2"; fail=1
    fi
  done
fi
exit $fail
