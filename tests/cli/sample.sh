#!/bin/sh
# ferret sample / ferret coverage from the command line: exit codes as
# solve's (10 samples written, 20 unsat, 2 usage), -n, -o, every format,
# --project, --stats JSON, reproducibility with --seed, an interrupt
# leaving complete lines, and the paper's coverage example (6.25 %).
: "${FERRET:=build-san/ferret}"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail=0
say() { echo "$*"; fail=1; }

cat > "$dir/f.smt2" <<'SMT'
(declare-const x Float32)
(declare-const y Float32)
(assert (fp.lt x y))
(assert (fp.gt (fp.add RNE x y) ((_ to_fp 8 24) RNE 1.0)))
(check-sat)
SMT
"$FERRET" sample "$dir/f.smt2" -n 50 -o "$dir/s.jsonl" 2> "$dir/err"
rc=$?
[ $rc = 10 ] || say "sample: exit $rc"
[ "$(wc -l < "$dir/s.jsonl")" = 50 ] || say "sample: not 50 lines"
[ "$(sort -u "$dir/s.jsonl" | wc -l)" = 50 ] || say "sample: duplicate lines"
grep -q '"x": {"value": ' "$dir/s.jsonl" || say "sample: no jsonl value"
# the same seed, the same samples; stdout when no -o
"$FERRET" sample "$dir/f.smt2" -n 50 --seed 1 > "$dir/t.jsonl" 2>/dev/null
cmp -s "$dir/s.jsonl" "$dir/t.jsonl" || say "sample: not reproducible"
# csv: a header, then one line per sample
"$FERRET" sample "$dir/f.smt2" -n 10 --format csv --strategy naive > "$dir/s.csv"
[ "$(head -1 "$dir/s.csv")" = "x,y" ] || say "csv header: $(head -1 "$dir/s.csv")"
[ "$(wc -l < "$dir/s.csv")" = 11 ] || say "csv: not 11 lines"
# smt2, projected on y
"$FERRET" sample "$dir/f.smt2" -n 5 --format smt2 --project y > "$dir/s.smt2"
[ "$(grep -c '(define-fun y ' "$dir/s.smt2")" = 5 ] || say "smt2: not 5 y"
grep -q '(define-fun x ' "$dir/s.smt2" && say "smt2: x printed under --project y"
# --stats: one JSON line on stderr
"$FERRET" sample "$dir/f.smt2" -n 20 --stats > /dev/null 2> "$dir/err"
grep -q '"job": "sample".*"samples": 20.*"false_dup_rate"' "$dir/err" || say "stats: $(cat "$dir/err")"
# unsat: exit 20 and the answer on stderr; stdout carries samples only
printf '(declare-const b (_ BitVec 8))(assert (bvult b #x00))' > "$dir/u.smt2"
out=$("$FERRET" sample "$dir/u.smt2" -n 5 2> "$dir/uerr")
rc=$?
[ $rc = 20 ] || say "unsat: exit $rc"
[ -z "$out" ] || say "unsat: stdout '$out'"
[ "$(cat "$dir/uerr")" = unsat ] || say "unsat: stderr '$(cat "$dir/uerr")'"
# usage errors: 2
"$FERRET" sample "$dir/f.smt2" --format xml > /dev/null 2>&1
[ $? = 2 ] || say "bad format: not exit 2"
"$FERRET" sample "$dir/f.smt2" --strategy best > /dev/null 2>&1
[ $? = 2 ] || say "bad strategy: not exit 2"
"$FERRET" sample "$dir/f.smt2" --project nope > /dev/null 2>&1
[ $? = 2 ] || say "bad projection: not exit 2"
# a parse error in the formula: 1
printf '(assert (bvult q #x00))' > "$dir/e.smt2"
"$FERRET" sample "$dir/e.smt2" > /dev/null 2>&1
[ $? = 1 ] || say "bad input: not exit 1"
# the same samples whichever threads run the judge and the writer (about
# 4 MB: the writer thread is handed full 1 MiB buffers)
for jt in off on; do
  "$FERRET" sample "$dir/f.smt2" -n 20000 --seed 3 --judge-thread=$jt -o "$dir/j-$jt.jsonl" 2>/dev/null
  [ $? = 10 ] || say "judge-thread=$jt: exit not 10"
done
[ "$(wc -l < "$dir/j-on.jsonl")" = 20000 ] || say "judge-thread=on: not 20000 lines"
cmp -s "$dir/j-off.jsonl" "$dir/j-on.jsonl" || say "judge-thread off and on: different samples"
# a sample reaches the output while the run goes on, within 0.1 s (the
# writer thread), even when no other sample follows it: x = 3 is the only
# solution, and the search cannot prove it, so the run lasts its 6 s
printf '(declare-const x (_ BitVec 32))\n(assert (= (bvmul x #x00000003) #x00000009))\n' > "$dir/one.smt2"
"$FERRET" sample "$dir/one.smt2" -t 6 --judge-thread=on -o "$dir/one.jsonl" 2>/dev/null &
pid=$!
n=0 running=0
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
  sleep 0.2
  n=$(wc -l < "$dir/one.jsonl")
  if [ "$n" -ge 1 ]; then kill -0 $pid 2>/dev/null && running=1; break; fi
done
wait $pid
[ "$n" = 1 ] && [ $running = 1 ] || say "one sample: not written while the run went on ($n lines)"
# an interrupt ends the run with complete lines
"$FERRET" sample "$dir/f.smt2" -t 30 -o "$dir/i.jsonl" 2>/dev/null &
pid=$!
sleep 2
kill -INT $pid
wait $pid
rc=$?
[ $rc = 10 ] || say "interrupt: exit $rc"
[ -s "$dir/i.jsonl" ] || say "interrupt: no sample"
[ "$(tail -c 1 "$dir/i.jsonl" | od -An -c | tr -d ' ')" = '\n' ] || say "interrupt: cut line"
awk '!/^\{.*\}$/ { bad = 1 } END { exit bad }' "$dir/i.jsonl" || say "interrupt: malformed line"
# coverage: the paper's example
cat > "$dir/p.smt2" <<'SMT'
(declare-const x Float32)
(assert (fp.geq (fp.add RNE x (_ +zero 8 24)) x))
SMT
printf 'x\n#x00000000\n#x80000000\n#xc0000000\n' > "$dir/p.csv"
out=$("$FERRET" coverage "$dir/p.smt2" "$dir/p.csv")
echo "$out" | grep -q '^total 6.2500%' || say "coverage: $out"
out=$("$FERRET" coverage --over-time 1 "$dir/p.smt2" "$dir/p.csv" | tail -1)
[ "$(echo "$out" | cut -f1,2)" = "$(printf '3\t6.2500')" ] || say "over-time: $out"
# coverage of ferret's own output, in two files
"$FERRET" coverage "$dir/f.smt2" "$dir/s.jsonl" "$dir/s.csv" | grep -q '^samples 60' || say "coverage of samples"
exit $fail
