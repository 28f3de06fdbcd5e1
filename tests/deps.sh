#!/bin/sh
# Install (as root, with apt-get) the Debian packages the tests need, if any
# is missing.  The core build needs none of them.
set -e
missing=""
command -v z3 >/dev/null 2>&1 || missing="$missing z3"
command -v cvc5 >/dev/null 2>&1 || missing="$missing cvc5"
[ -f /usr/include/mpfr.h ] || missing="$missing libmpfr-dev"
[ -f /usr/include/gmp.h ] || [ -f /usr/include/x86_64-linux-gnu/gmp.h ] || missing="$missing libgmp-dev"
command -v clang >/dev/null 2>&1 || missing="$missing clang"
command -v pkg-config >/dev/null 2>&1 || missing="$missing pkg-config"
# the Python package's tests: Debian's interpreter, pip and setuptools, z3py
[ -x /usr/bin/python3 ] || missing="$missing python3"
/usr/bin/python3 -c 'import z3' 2>/dev/null || missing="$missing python3-z3"
/usr/bin/python3 -m pip --version >/dev/null 2>&1 || missing="$missing python3-pip"
/usr/bin/python3 -c 'import setuptools' 2>/dev/null || missing="$missing python3-setuptools"
# its compiled extension (without Python.h the package runs on ctypes alone)
[ -f "$(/usr/bin/python3 -c 'import sysconfig; print(sysconfig.get_paths()["include"])' 2>/dev/null)/Python.h" ] ||
  missing="$missing python3-dev"
# libFuzzer (smt2c's end-to-end test and the reader's fuzz harness)
ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a >/dev/null 2>&1 ||
  missing="$missing libclang-rt-14-dev"
# SymCC with ferret's runtime (tests/cli/symcc.sh, about 90 s), only when a
# SymCC checkout is beside the repository (or SYMCC_SRC names one); libz3-dev
# builds SymCC's own backends for the comparison.
if [ -f "${SYMCC_SRC:-$(dirname "$0")/../../shared/peers/symcc}/compiler/Pass.cpp" ]; then
  [ -x /usr/lib/llvm-14/bin/clang ] || missing="$missing clang-14"
  [ -d /usr/lib/llvm-14/lib/cmake/llvm ] || missing="$missing llvm-14-dev"
  [ -x /usr/lib/llvm-14/bin/FileCheck ] || missing="$missing llvm-14-tools"
  command -v cmake >/dev/null 2>&1 || missing="$missing cmake"
  command -v ninja >/dev/null 2>&1 || missing="$missing ninja-build"
  command -v c++ >/dev/null 2>&1 || missing="$missing g++"
  [ -f /usr/include/zlib.h ] || missing="$missing zlib1g-dev"
  [ -f /usr/include/z3.h ] || missing="$missing libz3-dev"
fi
[ -z "$missing" ] && exit 0
echo "tests/deps.sh: installing:$missing"
if [ "$(id -u)" != 0 ]; then
  echo "tests/deps.sh: not root; install these Debian packages:$missing" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >/dev/null
apt-get install -y -q $missing >/dev/null
