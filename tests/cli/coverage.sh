#!/bin/sh
# ferret coverage refuses samples that are not samples of the formula: a
# sample file of another formula, a row with a missing cell, a wrong
# width, a cut JSON line; each is exit 1 with "FILE:LINE:COL: message".
# Samples of the formula itself, in every format, are read (exit 0).
: "${FERRET:=build-san/ferret}"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail=0
cat > "$dir/a.smt2" <<'SMT'
(declare-const x (_ BitVec 8))
(declare-const y Float32)
(assert (bvult x #x40))
(assert (fp.lt y ((_ to_fp 8 24) RNE 2.0)))
SMT
cat > "$dir/b.smt2" <<'SMT'
(declare-const x (_ BitVec 8))
(declare-const z Float32)
(assert (bvugt x #x10))
(assert (fp.isNormal z))
SMT
for fmt in jsonl csv smt2; do
  "$FERRET" sample -n 5 --format $fmt "$dir/a.smt2" > "$dir/s.$fmt" 2> /dev/null
  [ -s "$dir/s.$fmt" ] || { echo "no $fmt samples"; fail=1; }
  "$FERRET" coverage "$dir/a.smt2" "$dir/s.$fmt" > "$dir/out" 2> "$dir/err" ||
    { echo "$fmt: own samples refused: $(cat "$dir/err")"; fail=1; }
  grep -q '^samples 5$' "$dir/out" || { echo "$fmt: $(cat "$dir/out")"; fail=1; }
  # the samples of a (x, y) given to b (x, z): refused, located
  "$FERRET" coverage "$dir/b.smt2" "$dir/s.$fmt" > /dev/null 2> "$dir/err"
  rc=$?
  [ $rc = 1 ] || { echo "$fmt: another formula's samples: exit $rc"; fail=1; }
  grep -q "s\.$fmt:[12]:[0-9]*: 'y' is not a variable of the formula" "$dir/err" ||
    { echo "$fmt: another formula's samples: $(cat "$dir/err")"; fail=1; }
done
# a row with a missing cell, on line 3
printf 'x,y\n#x01,#x00000000\n#x02\n' > "$dir/short.csv"
"$FERRET" coverage "$dir/a.smt2" "$dir/short.csv" > /dev/null 2> "$dir/err"
rc=$?
[ $rc = 1 ] && grep -q "short\.csv:3:5: the row ends after 1 of 2 cells ('y' missing)" "$dir/err" ||
  { echo "missing cell: exit $rc, $(cat "$dir/err")"; fail=1; }
# a value of the wrong width
printf '{"x": "#x001", "y": "#x00000000"}\n' > "$dir/wide.jsonl"
"$FERRET" coverage "$dir/a.smt2" "$dir/wide.jsonl" > /dev/null 2> "$dir/err"
rc=$?
[ $rc = 1 ] && grep -q "wide\.jsonl:1:8: '#x001' has 12 bits; 'x', a (_ BitVec 8), has 8" "$dir/err" ||
  { echo "wrong width: exit $rc, $(cat "$dir/err")"; fail=1; }
# a JSON line cut short (the text ends inside the object)
printf '{"x": "#x01", "y": ' > "$dir/cut.jsonl"
"$FERRET" coverage "$dir/a.smt2" "$dir/cut.jsonl" > /dev/null 2> "$dir/err"
rc=$?
[ $rc = 1 ] && grep -q "cut\.jsonl:1:20: " "$dir/err" ||
  { echo "cut line: exit $rc, $(cat "$dir/err")"; fail=1; }
exit $fail
