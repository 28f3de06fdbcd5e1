#!/bin/sh
# ferret bench: answers, timeouts, errors and memouts are classified; a
# definite answer contradicting the expected status (set-info or
# --manifest) is WRONG (exit 4); results are appended as runs end, so a
# rerun skips what is done and redoes a torn last row; shards merged
# equal one run; an interrupt stops the running solver, leaves no process
# behind and exits 3; report/merge/dry-run/usage errors.  The solvers are
# planted scripts (deterministic) and ferret itself.
: "${FERRET:=build-san/ferret}"
case $FERRET in /*) ;; *) FERRET=$(pwd)/$FERRET ;; esac
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail=0
skipped=
bad() { echo "FAIL: $*"; fail=1; }
cd "$dir" || exit 1
mkdir suite
for i in 1 2 3 4 5; do
  cat > suite/sat$i.smt2 <<EOF
(set-info :status sat)
(declare-const x (_ BitVec 8))
(assert (= (bvmul x #x03) #x0$i))
(check-sat)
EOF
  cat > suite/unsat$i.smt2 <<EOF
(set-info :status unsat)
(declare-const x (_ BitVec 8))
(assert (bvult x #x0$i))
(assert (bvugt x #x0$((i + 3))))
(check-sat)
EOF
done
cat > suite/open.smt2 <<'EOF'
(declare-const x Float32)
(assert (fp.isNaN x))
(check-sat)
EOF
# planted solvers: one answers the status the file states, one always
# sat, one sleeps, one dies of a signal, one runs out of memory
cat > oracle <<'EOF'
#!/bin/sh
s=$(sed -n 's/.*:status \([a-z]*\).*/\1/p' "$1")
echo "${s:-unknown}"
EOF
cat > yes-sat <<'EOF'
#!/bin/sh
echo sat
EOF
# (a duration no other program on the machine sleeps, for the ps checks)
cat > slow <<'EOF'
#!/bin/sh
sleep 60.0417
echo sat
EOF
cat > crash <<'EOF'
#!/bin/sh
kill -SEGV $$
EOF
chmod +x oracle yes-sat slow crash
n_rows() { tail -n +2 "$1" | wc -l | tr -d ' '; }
field() { # field FILE SOLVER FILE-SUFFIX COLUMN
  awk -F '\t' -v s="$2" -v f="$3" -v c="$4" \
    '$2 == s && substr($1, length($1) - length(f) + 1) == f { print $c }' "$1"
}

# 1. answers and classification; ferret proves its unsat and finds its sat
"$FERRET" bench --no-progress -o r.tsv --timeout 1 \
  --solver oracle=./oracle --solver ferret="$FERRET --timeout 5" \
  --solver slow=./slow --solver crash=./crash suite > report.md 2> err.txt
rc=$?
[ "$rc" = 0 ] || { bad "bench exit $rc (want 0)"; cat err.txt; }
[ "$(n_rows r.tsv)" = 44 ] || bad "$(n_rows r.tsv) rows, want 44"
[ "$(field r.tsv oracle /sat3.smt2 3)" = sat ] || bad "oracle sat3: $(field r.tsv oracle /sat3.smt2 3)"
[ "$(field r.tsv ferret /unsat2.smt2 3)" = unsat ] || bad "ferret unsat2: $(field r.tsv ferret /unsat2.smt2 3)"
[ "$(field r.tsv ferret /sat4.smt2 3)" = sat ] || bad "ferret sat4: $(field r.tsv ferret /sat4.smt2 3)"
[ "$(field r.tsv ferret /open.smt2 4)" = unknown ] || bad "open.smt2 has no status"
[ "$(field r.tsv slow /sat1.smt2 3)" = timeout ] || bad "slow: $(field r.tsv slow /sat1.smt2 3)"
[ "$(field r.tsv crash /sat1.smt2 3)" = error ] || bad "crash: $(field r.tsv crash /sat1.smt2 3)"
[ "$(field r.tsv crash /sat1.smt2 9)" = 139 ] || bad "crash exit: $(field r.tsv crash /sat1.smt2 9)"
grep -q '^| ferret | 11 | 11 | 6 | 5 | 0 | 0 | 0 | 0 | 0 |' report.md ||
  { bad "ferret's summary row"; cat report.md; }
grep -q '^| slow | 11 | 0 |.*| 11 | 0 | 0 | 0 |' report.md || bad "slow's summary row"
grep -q '^| virtual best | 11 | 11 |' report.md || bad "virtual best row"
ps -eo args | grep -q '^sleep 60.0417$' && bad "a slow solver's sleep is still running"

# 2. rerun: nothing to do, nothing appended
"$FERRET" bench --no-progress -o r.tsv --timeout 1 \
  --solver oracle=./oracle --solver ferret="$FERRET --timeout 5" \
  --solver slow=./slow --solver crash=./crash suite > /dev/null 2> err.txt ||
  bad "rerun failed"
grep -q '0 runs to do (44 already' err.txt || { bad "rerun did work"; cat err.txt; }
[ "$(n_rows r.tsv)" = 44 ] || bad "rerun appended rows"

# 3. a torn last row (a run cut off mid-write) is redone, with a warning
head -c -7 r.tsv > torn.tsv
"$FERRET" bench --no-progress -o torn.tsv --timeout 1 \
  --solver oracle=./oracle --solver ferret="$FERRET --timeout 5" \
  --solver slow=./slow --solver crash=./crash suite > /dev/null 2> err.txt
[ "$(n_rows torn.tsv)" = 44 ] || bad "torn: $(n_rows torn.tsv) rows"
grep -q '1 runs to do' err.txt || { bad "torn row not redone"; cat err.txt; }
grep -q 'torn.tsv:45: a row cut short' err.txt || bad "torn row: no warning"
[ "$(cut -f1-3 torn.tsv | sort | uniq -d)" = "" ] || bad "torn: repeated rows"

# 4. a liar: WRONG on every unsat file, exit 4, named in the report
"$FERRET" bench --no-progress -o w.tsv --solver liar=./yes-sat suite > report.md 2> err.txt
rc=$?
[ "$rc" = 4 ] || bad "liar: exit $rc (want 4)"
[ "$(grep -c '^- WRONG: liar answered sat' report.md)" = 5 ] || bad "liar: WRONG lines"
grep -q 'WRONG: liar answered sat on suite/unsat1.smt2 (expected unsat)' err.txt ||
  bad "liar: no WRONG on stderr"
"$FERRET" bench report w.tsv > /dev/null; rc=$?
[ "$rc" = 4 ] || bad "report of a wrong run: exit $rc (want 4)"

# 5. a manifest overrides the files' statuses (here: all sat)
printf 'file\tstatus\n' > manifest.tsv
for f in suite/*.smt2; do printf '%s\tsat\n' "$f" >> manifest.tsv; done
"$FERRET" bench --no-progress -o man.tsv --manifest manifest.tsv \
  --solver liar=./yes-sat suite > /dev/null 2>&1; rc=$?
[ "$rc" = 0 ] || bad "manifest: exit $rc (want 0: liar agrees with it)"
[ "$(field man.tsv liar /unsat1.smt2 4)" = sat ] || bad "manifest status not used"

# 6. three shards merged equal one run
for i in 1 2 3; do
  "$FERRET" bench --no-progress --shard $i/3 -o part$i.tsv \
    --solver oracle=./oracle --solver ferret="$FERRET --timeout 5" suite \
    > /dev/null 2>&1 || bad "shard $i failed"
done
[ "$(for p in part1 part2 part3; do cut -f1 $p.tsv | sort -u; done | sort | uniq -d)" = file ] ||
  bad "shards overlap"
"$FERRET" bench merge -o merged.tsv part1.tsv part2.tsv part3.tsv > /dev/null 2>&1 ||
  bad "merge failed"
cut -f1-4 merged.tsv | sort > a.txt
grep -v -e '	slow	' -e '	crash	' r.tsv | cut -f1-4 | sort > b.txt
cmp -s a.txt b.txt || { bad "merged shards differ from one run"; diff a.txt b.txt; }

# 7. an interrupt kills the running solver and exits 3; a rerun resumes
"$FERRET" bench --no-progress -o int.tsv --timeout 30 --solver slow=./slow \
  suite > /dev/null 2> err.txt &
pid=$!
sleep 1
kill -INT $pid
wait $pid; rc=$?
[ "$rc" = 3 ] || bad "interrupt: exit $rc (want 3)"
grep -q 'run the same command again to resume' err.txt || bad "interrupt message"
sleep 0.2
ps -eo args | grep -q '^sleep 60.0417$' && bad "interrupt left the solver running"

# 8. dry run, usage errors, missing files
"$FERRET" bench --dry-run --solver x=./oracle suite > dry.txt 2>&1 || bad "dry run failed"
[ "$(grep -c 'smt2' dry.txt)" = 11 ] || { bad "dry run lists $(grep -c smt2 dry.txt)"; cat dry.txt; }
for args in "suite" "--solver x=./oracle --shard 4/3 suite" \
            "--solver x=./oracle --timeout -1 suite" "--solver noname suite" \
            "--solver x=./oracle --bogus suite"; do
  # shellcheck disable=SC2086
  "$FERRET" bench $args > /dev/null 2>&1; rc=$?
  [ "$rc" = 2 ] || bad "'bench $args': exit $rc (want 2)"
done
"$FERRET" bench --solver x=./oracle no-such-dir > /dev/null 2>&1; rc=$?
[ "$rc" = 1 ] || [ "$rc" = 2 ] || bad "missing input: exit $rc"
"$FERRET" bench report no-such.tsv > /dev/null 2>&1; rc=$?
[ "$rc" = 1 ] || bad "report of a missing file: exit $rc (want 1)"

# 9. plots, when gnuplot is here
if command -v gnuplot > /dev/null 2>&1; then
  "$FERRET" bench report r.tsv --plots plots > /dev/null 2>&1 || bad "plots failed"
  for p in cactus quantile; do
    grep -q '<svg' plots/$p.svg 2> /dev/null || bad "no $p.svg"
  done
else
  skipped="gnuplot not found: the plots were not made"
fi
# a part that needed a missing tool makes the script skipped, not passed
if [ "$fail" = 0 ] && [ -n "$skipped" ]; then echo "skipped: $skipped"; exit 77; fi
exit $fail
