#!/bin/sh
# Acceptance test: SymCC's own test programs with the ferret runtime.
#
#   contrib/symcc/test.sh [SYMCC_CHECKOUT]
#
# The checkout is $1, else $SYMCC_SRC, else ../shared/peers/symcc beside the
# repository.  Builds (cached in build-symcc/, or $FSYM_BUILD) SymCC's pass
# with the ferret runtime (build.sh) and, when libz3-dev is installed and
# FSYM_COMPARE is not 0, SymCC's own simple and QSYM runtimes; then runs
# SymCC's lit suite where every program run is checked by check.py:
#   - every ANY check of FileCheck holds on the ferret run;
#   - every branch the simple backend finds a diverging input for is taken
#     the other way by a new input ferret wrote, run again;
#   - every new input ferret wrote after a "sat" (not optimistic) answer
#     takes its branch the other way when run again.
# Prints a table per program run (targets of simple, flipped by ferret and
# QSYM).  Exits 77 ("skipped: ...") without a checkout or the toolchain.
set -u
cd "$(dirname "$0")/../.." || exit 1
REPO=$(pwd)
SRC=${1:-${SYMCC_SRC:-../shared/peers/symcc}}
if [ ! -f "$SRC/compiler/Pass.cpp" ] || [ ! -f "$SRC/runtime/include/RuntimeCommon.h" ]; then
  echo "skipped: no SymCC checkout at $SRC (set SYMCC_SRC)"
  exit 77
fi
SRC=$(cd "$SRC" && pwd)
LLVM=/usr/lib/llvm-14
LIT=$LLVM/build/utils/lit/lit.py
for need in "$LLVM/bin/clang:clang-14" "$LLVM/bin/FileCheck:llvm-14-tools" \
            "$LIT:llvm-14-tools" "$LLVM/lib/cmake/llvm:llvm-14-dev"; do
  [ -e "${need%%:*}" ] || { echo "skipped: ${need%%:*} missing (apt-get install -y ${need##*:})"; exit 77; }
done
for tool in cmake ninja python3 cc c++; do
  command -v $tool >/dev/null 2>&1 || { echo "skipped: $tool missing"; exit 77; }
done
B=${FSYM_BUILD:-build-symcc}
mkdir -p "$B"
B=$(cd "$B" && pwd)
start=$(date +%s)

contrib/symcc/build.sh "$SRC" "$B/ferret" || exit 1
SIMPLE="" QSYM=""
if [ "${FSYM_COMPARE:-1}" != 0 ] && [ -f /usr/include/z3.h ]; then
  for be in simple qsym; do
    if [ ! -f "$B/$be/libsymcc-rt.so" ] && [ ! -f "$B/$be.failed" ]; then
      { cmake -G Ninja -S "$SRC/runtime" -B "$B/$be" -DSYMCC_RT_BACKEND=$be \
          -DCMAKE_BUILD_TYPE=Release -DZ3_TRUST_SYSTEM_VERSION=on \
          -DLLVM_DIR="$LLVM/lib/cmake/llvm" && ninja -C "$B/$be" -j2; } \
        >"$B/$be.log" 2>&1 || touch "$B/$be.failed"
    fi
    if [ -f "$B/$be/libsymcc-rt.so" ]; then
      eval "$(echo $be | tr a-z A-Z)=\$B/\$be"
    else
      echo "note: SymCC's $be runtime does not build from $SRC (see $B/$be.log): no comparison with it"
    fi
  done
else
  echo "note: no comparison with SymCC's simple/QSYM runtimes (libz3-dev missing or FSYM_COMPARE=0)"
fi
cc -shared -fPIC -O1 -o "$B/trace-shim.so" contrib/symcc/trace-shim.c -ldl || exit 1
built=$(date +%s)

T=$B/ferret/test
rm -rf "$T"
mkdir -p "$T/SymccOutput"
cat >"$B/anycheck.sh" <<EOF2
#!/bin/sh
# FileCheck on the ANY prefix; a test without ANY checks only has to run.
if grep -q '// ANY' "\$1"; then exec $LLVM/bin/FileCheck --check-prefix=ANY "\$1"; fi
cat >/dev/null
EOF2
chmod +x "$B/anycheck.sh"
cat >"$T/lit.site.cfg" <<EOF2
import os
config.test_source_root = "$SRC/test"
config.test_exec_root = "$T"
lit_config.load_config(config, os.path.join(config.test_source_root, "lit.cfg"))
config.substitutions = [s for s in config.substitutions if s[0] != "%symcc"]
config.substitutions += [("%symcc", "python3 $REPO/contrib/symcc/check.py cc"),
                         ("%filecheck", "$B/anycheck.sh")]
config.environment["SYMCC_OUTPUT_DIR"] = "$T/SymccOutput"
config.environment["FSYM_SYMCC"] = "$B/ferret/symcc"
config.environment["FSYM_FERRET_LIB"] = "$B/ferret/lib"
config.environment["FSYM_SIMPLE_LIB"] = "$SIMPLE"
config.environment["FSYM_QSYM_LIB"] = "$QSYM"
config.environment["FSYM_SHIM"] = "$B/trace-shim.so"
config.environment["FSYM_REPORT"] = "$T/report.jsonl"
config.environment["FSYM_TEST_SRC"] = "$SRC/test"
config.environment["FSYM_FILECHECK"] = "$LLVM/bin/FileCheck"
EOF2
python3 "$LIT" -sv --time-tests --path="$LLVM/bin" -j1 "$T" > "$T/lit.log" 2>&1
lit_rc=$?
grep -E '^(PASS|FAIL|XFAIL|XPASS|UNSUPPORTED|UNRESOLVED):' "$T/lit.log"
grep -E '^  (Passed|Failed|Unsupported|Unresolved)' "$T/lit.log"
[ $lit_rc = 0 ] || sed -n '/^\*\*\*\*\*\*\*\* TEST/,/^\*\*\*\*\*\*\*\*\*\*$/p' "$T/lit.log" | tail -60
python3 contrib/symcc/check.py report "$T/report.jsonl"
rep_rc=$?
end=$(date +%s)
echo "time: build $((built - start)) s, tests $((end - built)) s"
[ $lit_rc = 0 ] && [ $rep_rc = 0 ]
