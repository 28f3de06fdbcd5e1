#!/bin/sh
# Bit-vectors wider than 128 bits against z3 (tests/wide_z3.py): random
# terms over 129..600-bit vectors, every QF_BV operator; the values of the
# terms under one assignment compared with z3's, ferret's models read back
# by z3, z3's models accepted by ferret, no unsat that z3 does not share.
# Then two wide files of the corpus (when ../shared/bench is there): a
# 512-bit rewrite-rule counterexample found and confirmed by z3.  Skipped
# (77) without python3 or z3.
: "${FERRET:=build-san/ferret}"
: "${FERRET_BENCH:=../shared/bench}"
command -v python3 >/dev/null 2>&1 || { echo "python3 not found"; exit 77; }
command -v z3 >/dev/null 2>&1 || { echo "z3 not found"; exit 77; }
fail=0
python3 "$(dirname "$0")/../wide_z3.py" "$FERRET" "${WIDE_Z3_ROUNDS:-12}" 7 || fail=1

# 512 bits: (distinct (bvudiv (bvudiv (bvnot 0) s) s) (bvudiv (bvudiv (bvneg s) s) s))
f=$FERRET_BENCH/QF_BV/20220315-ecrw/rw_rule_candidate_vmcai_2022_bw512_9.smt2
if [ -f "$f" ]; then
  dir=$(mktemp -d)
  trap 'rm -rf "$dir"' EXIT
  "$FERRET" --timeout 20 --model "$f" > "$dir/out" 2>&1
  if [ "$(head -1 "$dir/out")" != sat ]; then
    echo "bw512_9: expected sat:"; head -5 "$dir/out"; fail=1
  else
    # the model as equalities beside the assertion: z3 must agree
    sed -n 's/^ *(define-fun \([a-z]*\) () (_ BitVec 512) \(#x[0-9a-f]*\))$/(assert (= \1 \2))/p' \
      "$dir/out" > "$dir/eqs"
    [ "$(wc -l < "$dir/eqs")" = 2 ] || { echo "bw512_9: model not read:"; cat "$dir/out"; fail=1; }
    sed '/(check-sat)/d; /(exit)/d' "$f" > "$dir/q.smt2"
    cat "$dir/eqs" >> "$dir/q.smt2"
    echo '(check-sat)' >> "$dir/q.smt2"
    v=$(z3 -T:60 "$dir/q.smt2")
    [ "$v" = sat ] || { echo "bw512_9: z3 rejects ferret's model ($v)"; cat "$dir/eqs"; fail=1; }
  fi
fi
exit $fail
