#!/bin/sh
# The tools of the SymCC benchmark on real programs (bench/symcc-explore.sh):
# the conversion of the simple runtime's logged models into inputs, the z3
# call counter preloaded into the z3 runtimes, the edge-coverage callback of
# the coverage builds, the summary table, and the search's "skipped" answer
# without runtimes.  Parts needing clang-14 or libz3-dev are skipped (77 when
# nothing else ran) when those are missing.
cd "$(dirname "$0")/../.." || exit 1
W=$(mktemp -d)
fail() {
  echo "FAIL: $*"
  rm -rf "$W"
  exit 1
}
skipped=""

# 1. simple-inputs.py: each model on top of the current input, bytes past its
# end as zeros, a model equal to the input or to an earlier one not written.
printf 'AB' >"$W/in"
cat >"$W/log" <<'EOL'
Trying to solve:
(declare-fun stdin0 () (_ BitVec 8))
Found diverging input:
stdin1 -> #x7a
stdin3 -> #x21
Trying to solve:
Found diverging input:
stdin0 -> #x41
Can't find a diverging input at this point
Found diverging input:
stdin3 -> #x21
stdin1 -> #x7a
Found diverging input:
stdin0 -> #x43
EOL
mkdir "$W/out"
python3 bench/symcc/simple-inputs.py "$W/log" "$W/in" "$W/out" || fail "simple-inputs.py exited with $?"
[ "$(ls "$W/out" | tr '\n' ' ')" = "000000 000001 " ] || fail "simple-inputs.py wrote $(ls "$W/out"), not 000000 000001"
[ "$(od -An -tx1 "$W/out/000000" | tr -d ' \n')" = 417a0021 ] ||
  fail "first model gives $(od -An -tx1 "$W/out/000000"), not 41 7a 00 21"
[ "$(cat "$W/out/000001")" = CB ] || fail "second model gives $(cat "$W/out/000001"), not CB"

# 2. z3-stats.c: a check inside push/pop is a query, one outside is not
# (unless FSYM_Z3_QUERIES=all); answers counted by kind.
if [ -f /usr/include/z3.h ] && cc -shared -fPIC -O1 -o "$W/z3-stats.so" bench/symcc/z3-stats.c -ldl; then
  cat >"$W/z3.c" <<'EOC'
#include <z3.h>
int main(void)
{
  Z3_config cfg = Z3_mk_config();
  Z3_context c = Z3_mk_context(cfg);
  Z3_solver s = Z3_mk_solver(c);
  Z3_solver_inc_ref(c, s);
  Z3_ast x = Z3_mk_const(c, Z3_mk_string_symbol(c, "x"), Z3_mk_bv_sort(c, 8));
  Z3_ast one = Z3_mk_int(c, 1, Z3_mk_bv_sort(c, 8));
  Z3_solver_push(c, s);
  Z3_solver_assert(c, s, Z3_mk_eq(c, x, one));
  Z3_solver_check(c, s);                       /* query: sat */
  Z3_solver_assert(c, s, Z3_mk_not(c, Z3_mk_eq(c, x, one)));
  Z3_solver_check(c, s);                       /* query: unsat */
  Z3_solver_pop(c, s, 1);
  Z3_solver_check(c, s);                       /* not a query: sat */
  return 0;
}
EOC
  cc -O1 -o "$W/z3" "$W/z3.c" -lz3 || fail "compiling the z3 client"
  LD_PRELOAD=$W/z3-stats.so FSYM_Z3_STATS=$W/z3.json "$W/z3" || fail "z3 client under the counter"
  grep -q '"checks": 3, "queries": 2, "sat": 1, "unsat": 1, "unknown": 0' "$W/z3.json" ||
    fail "z3 counter says $(cat "$W/z3.json"), not 3 checks, 2 queries (1 sat, 1 unsat)"
  rm -f "$W/z3.json"
  LD_PRELOAD=$W/z3-stats.so FSYM_Z3_STATS=$W/z3.json FSYM_Z3_QUERIES=all "$W/z3" || fail "z3 client (all)"
  grep -q '"checks": 3, "queries": 3, "sat": 2, "unsat": 1' "$W/z3.json" ||
    fail "z3 counter with FSYM_Z3_QUERIES=all says $(cat "$W/z3.json")"
else
  skipped="$skipped z3 counter (no libz3-dev);"
fi

# 3. cov.c: the guards a run reaches are added to the map, runs accumulate,
# and nothing is recorded without FSYM_COV_MAP.
if command -v clang-14 >/dev/null; then
  cat >"$W/branchy.c" <<'EOC'
#include <stdio.h>
int main(int argc, char **argv)
{
  (void)argv;
  if (argc > 1)
    puts("one");
  else
    puts("none");
  return 0;
}
EOC
  clang-14 -O0 -c bench/symcc/cov.c -o "$W/cov.o" &&
    clang-14 -O0 -fsanitize-coverage=trace-pc-guard "$W/branchy.c" "$W/cov.o" -o "$W/branchy" ||
    fail "coverage build"
  "$W/branchy" >/dev/null && [ ! -e "$W/map" ] || fail "a map without FSYM_COV_MAP"
  FSYM_COV_MAP=$W/map "$W/branchy" >/dev/null || fail "coverage run"
  a=$(tr -d '\000' <"$W/map" | wc -c)
  FSYM_COV_MAP=$W/map "$W/branchy" >/dev/null || fail "coverage run again"
  [ "$(tr -d '\000' <"$W/map" | wc -c)" = "$a" ] || fail "the same run again changed the edge count"
  FSYM_COV_MAP=$W/map "$W/branchy" x >/dev/null || fail "coverage run, other branch"
  b=$(tr -d '\000' <"$W/map" | wc -c)
  [ "$a" -ge 2 ] && [ "$b" -gt "$a" ] || fail "edges $a then $b: the other branch added none"
else
  skipped="$skipped coverage callback (no clang-14);"
fi

# 4. The summary: counters summed over executions, edges from the last
# coverage line, new inputs = queue minus seeds; solver CPU ms per
# execution (0.375 s / 2) and per query (0.375 s / 4).
R=$W/results/prog
mkdir -p "$R/ferret"
printf 'input\tcpu_s\twall_s\tpeak_kib\tstatus\tnew\tstats\n000000\t1.50\t3.00\t2048\t0\t2\t{"queries": 3, "sat": 2, "unsat": 1, "unknown": 0, "optimistic_sat": 1, "solver_seconds": 0.5, "solver_cpu_seconds": 0.25}\n000001\t1.50\t2.00\t4096\t1\t0\t{"queries": 1, "sat": 0, "unsat": 0, "unknown": 1, "solver_seconds": 0.25, "solver_cpu_seconds": 0.125}\n' >"$R/ferret/executions.tsv"
printf '000000\t0\t0\tseed a\n000001\t1.50\t3.00\tfrom 000000\n000002\t1.50\t3.00\tfrom 000000\n' >"$R/ferret/found.tsv"
printf 'input\tcpu_s\twall_s\tedges\n000000\t0\t0\t10\n000001\t1.50\t3.00\t12\n000002\t1.50\t3.00\t15\n' >"$R/ferret/coverage.tsv"
python3 bench/symcc-summary.py "$R" >"$W/table" 2>&1 || fail "summary exited with $?: $(cat "$W/table")"
grep -qF '| prog | ferret | 15 (10) | 15 at 3 s | 4 | 2 (+1 optimistic) / 1 / 1 | 0.38 (0.8) | 187.5 / 93.75 | 2 | 40 | 3 / 5 | 2 | 4 |' "$W/table" ||
  fail "summary row: $(grep '| prog | ferret' "$W/table")"
grep -qF '| prog | qsym | skipped' "$W/table" || fail "no 'skipped' row for a runtime without a run"

# 5. The search without any runtime says so.
out=$(FERRET_RT= QSYM_RT= SIMPLE_RT= sh bench/symcc-explore.sh /bin/true "$W" "$W/x" 1 2>&1)
[ $? = 77 ] && echo "$out" | grep -q "skipped: no runtime" || fail "explore without runtimes: $out"

# 6. The search loop (bench/symcc/drive.py, and the shell loop HARNESS=shell)
# on a toy program standing for a SymCC build: input N writes N+1 and N (a
# copy of itself) and, for 0, 1 again; it stops at TOY_MAX, aborts on 3,
# burns TOY_MS of CPU and appends N to the back-off map.  The queue must be
# 0..5 once each, in order, every input run once, the map kept across
# executions, the abort's status 134, each execution's CPU measured (a 5 ms
# execution is not 0), and the budget stop the search once the summed CPU
# reaches it.  As the coverage build, it marks byte N of FSYM_COV_MAP.
if command -v cc >/dev/null; then
  cat >"$W/toy.c" <<'EOC'
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static void put(const char *dir, const char *name, long v)
{
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "w");
  if (f) {
    fprintf(f, "%ld\n", v);
    fclose(f);
  }
}
int main(int argc, char **argv)
{
  long n = -1, ms = getenv("TOY_MS") ? atol(getenv("TOY_MS")) : 5;
  long max = getenv("TOY_MAX") ? atol(getenv("TOY_MAX")) : 5;
  FILE *in = argc > 1 ? fopen(argv[1], "r") : 0;
  if (!in || fscanf(in, "%ld", &n) != 1)
    return 2;
  const char *cov = getenv("FSYM_COV_MAP");
  if (cov) {
    FILE *m = fopen(cov, "r+b");
    if (!m)
      m = fopen(cov, "w+b");
    for (int i = 0; i < 16; i++)
      if (fseek(m, i, SEEK_SET) == 0 && fgetc(m) == EOF)
        fputc(0, m);
    fseek(m, n, SEEK_SET);
    fputc(1, m);
    fclose(m);
    return 0;
  }
  while (clock() < ms * (CLOCKS_PER_SEC / 1000))
    ;
  const char *map = getenv("SYMCC_AFL_COVERAGE_MAP"), *out = getenv("SYMCC_OUTPUT_DIR");
  if (map) {
    FILE *f = fopen(map, "a");
    fprintf(f, "%ld ", n);
    fclose(f);
  }
  FILE *log = fopen(getenv("SYMCC_LOG_FILE"), "w");
  fprintf(log, "ferret: branch 1 taken: sat (constants, 0.1 ms CPU of 5, %ld.5 ms)\n", n);
  fprintf(log, "ferret: {\"queries\": 1, \"sat\": 1, \"solver_cpu_seconds\": 0.001}\n");
  fclose(log);
  if (n < max) {
    put(out, "a", n + 1);
    put(out, "b", n);
    if (n == 0)
      put(out, "c", 1);
  }
  if (n == 3)
    abort();
  return 0;
}
EOC
  cc -O1 -o "$W/toy" "$W/toy.c" || fail "compiling the toy program"
  mkdir -p "$W/rt" "$W/seeds"
  : >"$W/rt/libsymcc-rt.so"
  echo 0 >"$W/seeds/zero"
  for h in drive shell; do
    o=$W/search-$h
    HARNESS=$h JOBS=1 FERRET_RT=$W/rt COV_PROG=$W/toy sh bench/symcc-explore.sh "$W/toy" "$W/seeds" "$o" 2 @@ \
      >"$W/search.out" 2>&1 || fail "search ($h): $(cat "$W/search.out")"
    q=$(cat "$o"/ferret/queue/* | tr '\n' ' ')
    [ "$q" = "0 1 2 3 4 5 " ] || fail "queue ($h): $q, not 0 1 2 3 4 5"
    [ "$(cat "$o/ferret/map")" = "0 1 2 3 4 5 " ] || fail "back-off map ($h): $(cat "$o/ferret/map")"
    [ "$(cut -f4 "$o/ferret/found.tsv" | tr '\n' ,)" = "seed zero,from 000000,from 000001,from 000002,from 000003,from 000004," ] ||
      fail "found.tsv ($h): $(cut -f4 "$o/ferret/found.tsv" | tr '\n' ,)"
    [ "$(cut -f1,5,6 "$o/ferret/executions.tsv" | tr '\t\n' ' ,')" = "input status new,000000 0 1,000001 0 1,000002 0 1,000003 134 1,000004 0 1,000005 0 0," ] ||
      fail "executions ($h): $(cut -f1,5,6 "$o/ferret/executions.tsv" | tr '\t\n' ' ,')"
    [ "$(cut -f7,8 "$o/ferret/executions.tsv" | sed -n 3p)" = '{"queries": 1, "sat": 1, "solver_cpu_seconds": 0.001}	1.5' ] ||
      fail "counters ($h): $(sed -n 3p "$o/ferret/executions.tsv")"
    [ "$(cut -f4 "$o/ferret/coverage.tsv" | tr '\n' ' ')" = "edges 1 2 3 4 5 6 " ] ||
      fail "coverage replay ($h): $(cut -f4 "$o/ferret/coverage.tsv" | tr '\n' ' ')"
  done
  # drive.py follow: started before the search has found its inputs, it
  # replays them as found.tsv grows and ends once the search has finished.
  o=$W/search-drive
  [ -f "$o/ferret/finished" ] || fail "drive.py left no 'finished' file"
  cp "$o/ferret/coverage.tsv" "$W/coverage.replay"
  cp "$o/ferret/found.tsv" "$W/found.all"
  rm "$o/ferret/finished"
  head -2 "$W/found.all" >"$o/ferret/found.tsv"
  FSYM_SPAWN=$o/spawn python3 bench/symcc/drive.py follow "$o" "$W/toy" ferret -- @@ >"$W/follow.out" 2>&1 &
  fpid=$!
  sleep 2
  tail -n +3 "$W/found.all" >>"$o/ferret/found.tsv"
  : >"$o/ferret/finished"
  wait $fpid || fail "drive.py follow: $(cat "$W/follow.out")"
  cmp -s "$W/coverage.replay" "$o/ferret/coverage.tsv" ||
    fail "follow gave $(cut -f4 "$o/ferret/coverage.tsv" | tr '\n' ' '), replay $(cut -f4 "$W/coverage.replay" | tr '\n' ' ')"
  # /usr/bin/time (the shell loop) printed 0.00 for these; the driver measures them.
  awk -F'\t' 'NR > 1 && ($2 < 0.004 || $2 > 1) { exit 1 }' "$W/search-drive/ferret/executions.tsv" ||
    fail "a 5 ms execution measured $(cut -f2 "$W/search-drive/ferret/executions.tsv" | tr '\n' ' ')"
  # The budget: 20 ms executions without end, 1 CPU s: stop at the first
  # execution that reaches it.
  TOY_MS=20 TOY_MAX=100000 JOBS=1 FERRET_RT=$W/rt sh bench/symcc-explore.sh "$W/toy" "$W/seeds" "$W/budget" 1 @@ \
    >"$W/search.out" 2>&1 || fail "budget search: $(cat "$W/search.out")"
  awk -F'\t' 'NR > 1 { n++; c += $2; last = $2 } END { exit !(n >= 20 && c >= 1 && c - last < 1) }' \
    "$W/budget/ferret/executions.tsv" ||
    fail "budget of 1 CPU s: $(awk -F'\t' 'NR > 1 { n++; c += $2 } END { print n " executions, " c " s" }' "$W/budget/ferret/executions.tsv")"
  grep -q '^harness: [0-9]* executions' "$W/search.out" || fail "no harness line: $(cat "$W/search.out")"
else
  skipped="$skipped search loop (no cc);"
fi

rm -rf "$W"
[ -n "$skipped" ] && echo "skipped:$skipped"
echo "ok"
