#!/bin/sh
# Build SymCC's compiler pass and the ferret runtime backend for SymCC.
#
#   contrib/symcc/build.sh SYMCC_CHECKOUT OUT_DIR
#
# SYMCC_CHECKOUT is a SymCC source tree with its runtime (symcc-rt) in
# runtime/; nothing of it is copied.  Results:
#   OUT_DIR/symcc, OUT_DIR/sym++    compile a C / C++ program as SymCC's
#                                   wrappers do, linked to the ferret runtime
#   OUT_DIR/lib/libsymcc-rt.so      the ferret backend (swap it in for any
#                                   SymCC-built program with LD_LIBRARY_PATH)
#   OUT_DIR/symcc-build/            SymCC's own cmake build (the pass only)
# Needs clang-14, llvm-14-dev, cmake, ninja-build, a C11 and a C++17
# compiler.  LLVM_DIR (default /usr/lib/llvm-14/lib/cmake/llvm), CC, CXX and
# JOBS (default 2) can be set.  Running it again rebuilds what changed.
# FSYM_SANITIZE=1 compiles the backend's own files (build.c, path.c,
# glue.cpp) with AddressSanitizer and UndefinedBehaviorSanitizer; programs
# then need LD_PRELOAD=$(cc -print-file-name=libasan.so).
set -eu
if [ $# -ne 2 ]; then
  echo "usage: $0 SYMCC_CHECKOUT OUT_DIR" >&2
  exit 2
fi
[ -f "$1/compiler/Pass.cpp" ] && [ -f "$1/runtime/include/RuntimeCommon.h" ] || {
  echo "$0: $1 is not a SymCC checkout with its runtime (compiler/Pass.cpp," \
       "runtime/include/RuntimeCommon.h)" >&2
  exit 2
}
SRC=$(cd "$1" && pwd)
mkdir -p "$2"
OUT=$(cd "$2" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
LLVM_DIR=${LLVM_DIR:-/usr/lib/llvm-14/lib/cmake/llvm}
CC=${CC:-cc}
CXX=${CXX:-c++}
JOBS=${JOBS:-2}
for tool in cmake ninja "$CC" "$CXX"; do
  command -v "$tool" >/dev/null 2>&1 || {
    echo "$0: $tool not found (apt-get install -y clang-14 llvm-14-dev cmake ninja-build g++)" >&2
    exit 2
  }
done
[ -d "$LLVM_DIR" ] || { echo "$0: no LLVM cmake files in $LLVM_DIR (apt-get install -y llvm-14-dev)" >&2; exit 2; }

# 1. SymCC's pass and wrappers.  The backend named here is never built (only
# the target SymCC is): it just has to be one SymCC's cmake knows.
if [ ! -f "$OUT/symcc-build/build.ninja" ]; then
  cmake -G Ninja -S "$SRC" -B "$OUT/symcc-build" -DSYMCC_RT_BACKEND=simple \
    -DCMAKE_BUILD_TYPE=Release -DLLVM_DIR="$LLVM_DIR" \
    -DZ3_TRUST_SYSTEM_VERSION=on >"$OUT/symcc-build.log" 2>&1 || {
    tail -20 "$OUT/symcc-build.log" >&2
    exit 1
  }
fi
ninja -C "$OUT/symcc-build" -j "$JOBS" SymCC >>"$OUT/symcc-build.log" 2>&1 || {
  tail -20 "$OUT/symcc-build.log" >&2
  exit 1
}

# 2. libferret, from this repository.
make -C "$REPO" -j "$JOBS" build/libferret.a >"$OUT/libferret.log" 2>&1 || {
  tail -20 "$OUT/libferret.log" >&2
  exit 1
}

# 3. The runtime: our backend (C, plus the C++ glue to symcc-rt's
# configuration) with symcc-rt's shared sources, and libferret inside,
# its symbols hidden.
OBJ="$OUT/rt-obj"
mkdir -p "$OBJ" "$OUT/lib"
INC="-I$HERE -I$SRC/runtime/include -I$REPO/include"
SAN=""
if [ "${FSYM_SANITIZE:-0}" = 1 ]; then
  SAN="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
fi
for f in build path; do
  $CC -std=c11 -O2 -g -fPIC -Wall -Wextra -Wshadow -Wstrict-prototypes $SAN $INC \
    -c "$HERE/$f.c" -o "$OBJ/$f.o"
done
$CXX -std=c++17 -O2 -g -fPIC $SAN $INC -c "$HERE/glue.cpp" -o "$OBJ/glue.o"
for f in Config RuntimeCommon LibcWrappers Shadow GarbageCollection; do
  $CXX -std=c++17 -O2 -g -fPIC -w $INC -c "$SRC/runtime/src/$f.cpp" -o "$OBJ/$f.o"
done
$CXX -shared $SAN -Wl,-soname,libsymcc-rt.so -Wl,--exclude-libs,ALL \
  -o "$OUT/lib/libsymcc-rt.so" "$OBJ"/*.o "$REPO/build/libferret.a" -lm

# 4. The wrappers: SymCC's own, pointed at the ferret runtime.
for w in symcc sym++; do
  cat >"$OUT/$w" <<WRAP
#!/bin/sh
# SymCC's $w wrapper, linking the ferret runtime (contrib/symcc/build.sh).
SYMCC_RUNTIME_DIR="\${SYMCC_RUNTIME_DIR:-$OUT/lib}"
export SYMCC_RUNTIME_DIR
exec "$OUT/symcc-build/$w" "\$@"
WRAP
  chmod +x "$OUT/$w"
done
echo "built $OUT/symcc and $OUT/lib/libsymcc-rt.so (ferret backend)"
