#!/bin/sh
# The Python package (python/ferret): its unittest suite, run by Debian's
# /usr/bin/python3 when present (z3py, python3-z3, is installed there;
# without it the z3 tests skip, saying so), else python3 (PYTHON overrides).
# The suite runs twice: with the compiled extension ferret._speedups (built
# here by `make python-ext`; without Python's headers it is not built and
# the first run uses ctypes too, as the message says), then with ctypes
# alone (FERRET_PY_NO_EXTENSION=1).  The library is build-pysan/libferret.so
# (ASan+UBSan, built by `make test` or `make python-san`, with the extension
# built with them too and loaded through FERRET_PY_EXTENSION; their runtimes
# preloaded into the interpreter, leak checking off: the interpreter's own
# allocations are never freed) when it exists, else build/libferret.so
# (built here when missing).  Then `pip install --no-build-isolation
# --target` of ./python must ship the release library (and the extension,
# when the headers are there) in the package and import them from there;
# and a build that finds no Python.h (FERRET_PY_INCLUDE pointed at an empty
# directory) must say so, install, and work through ctypes.  Skipped (77)
# without Python 3.8 or later.
cd "$(dirname "$0")/../.." || exit 1
root=$(pwd)
PY=${PYTHON:-}
if [ -z "$PY" ]; then
  if [ -x /usr/bin/python3 ]; then PY=/usr/bin/python3; else PY=python3; fi
fi
if ! "$PY" -c 'import sys; sys.exit(sys.version_info < (3, 8))' 2>/dev/null; then
  echo "no Python 3.8 or later ($PY)"
  exit 77
fi
make -s python-ext PYTHON="$PY" || exit 1
ext=$(ls python/ferret/_speedups*.so 2>/dev/null | head -n 1)
pyext_san=$(make -s --no-print-directory -f Makefile PYTHON="$PY" print-pyext-san)
suite() { # $1: what the run is; the environment chooses the path
  echo "suite: $1"
  (cd python && "$PY" -m unittest discover -s tests -t . 2>&1) || exit 1
}
if [ -f build-pysan/libferret.so ]; then
  lib=$root/build-pysan/libferret.so
  preload="$(${CC:-cc} -print-file-name=libasan.so):$(${CC:-cc} -print-file-name=libubsan.so)"
  echo "library: $lib (ASan+UBSan)"
  export LD_PRELOAD="$preload" ASAN_OPTIONS=detect_leaks=0 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
  if [ -n "$ext" ]; then # the extension built with ASan+UBSan too
    make -s "$pyext_san" PYTHON="$PY" || exit 1
    export FERRET_PY_EXTENSION="$root/$pyext_san"
    ext=$pyext_san
  fi
else
  if [ ! -f build/libferret.so ]; then
    make -s build/libferret.so >/dev/null || exit 1
  fi
  lib=$root/build/libferret.so
  echo "library: $lib (no sanitizers: make python-san builds them)"
fi
export FERRET_LIBRARY="$lib"
if [ -n "$ext" ]; then
  FERRET_PY_EXPECT_EXTENSION=1 suite "the compiled extension ($ext)"
else
  suite "no compiled extension (see the message above): ctypes"
fi
FERRET_PY_NO_EXTENSION=1 suite "ctypes alone (FERRET_PY_NO_EXTENSION=1)"
unset LD_PRELOAD ASAN_OPTIONS UBSAN_OPTIONS FERRET_LIBRARY FERRET_PY_EXTENSION
if "$PY" -m pip --version >/dev/null 2>&1 && "$PY" -c 'import setuptools' 2>/dev/null; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  "$PY" -m pip install -q --no-build-isolation --no-deps --target "$tmp/site" ./python \
    >"$tmp/pip.log" 2>&1 || { cat "$tmp/pip.log"; echo "FAIL pip install ./python"; exit 1; }
  rm -rf python/build python/ferret_smt.egg-info
  got=$(cd "$tmp" && env -u FERRET_LIBRARY PYTHONPATH="$tmp/site" "$PY" -c \
    'import ferret; print(ferret.library_path)')
  case "$got" in
    "$tmp/site/ferret/libferret.so") echo "ok   pip install ships $got" ;;
    *) echo "FAIL the installed package loaded '$got'"; exit 1 ;;
  esac
  # and it works from there, through the extension it ships when the
  # headers were there
  solves='
import sys, ferret, ferret._lib as l
x = ferret.BitVec("x", 8)
s = ferret.Solver()
s.add(x * 3 == 21)
assert s.check() == ferret.sat and (s.model()[x] * 3) % 256 == 21
print(l.extension)'
  path=$(cd "$tmp" && env -u FERRET_LIBRARY PYTHONPATH="$tmp/site" "$PY" -c "$solves") ||
    { echo "FAIL the installed package does not solve"; exit 1; }
  pyh=$("$PY" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')/Python.h
  case "$path" in
    extension*) echo "ok   pip install ships the extension: $path" ;;
    *) if [ -f "$pyh" ]; then echo "FAIL $pyh exists but the package runs $path"; exit 1; fi
       echo "ok   no $pyh: the installed package runs $path" ;;
  esac
  # without Python.h: a message, an installed package, ctypes
  rm -rf "$tmp/site"
  mkdir "$tmp/noheaders"
  FERRET_PY_INCLUDE="$tmp/noheaders" "$PY" -m pip install -v --no-build-isolation --no-deps \
    --target "$tmp/site" ./python >"$tmp/pip.log" 2>&1 ||
    { cat "$tmp/pip.log"; echo "FAIL pip install ./python without Python.h"; exit 1; }
  rm -rf python/build python/ferret_smt.egg-info
  grep -q "ferret: no compiled extension (missing $tmp/noheaders/Python.h" "$tmp/pip.log" ||
    { echo "FAIL pip install without Python.h does not say so"; exit 1; }
  if ls "$tmp/site/ferret/" | grep -q '_speedups.*\.so'; then
    echo "FAIL an extension was installed without Python.h"; exit 1
  fi
  path=$(cd "$tmp" && env -u FERRET_LIBRARY PYTHONPATH="$tmp/site" "$PY" -c "$solves") ||
    { echo "FAIL the package installed without Python.h does not solve"; exit 1; }
  case "$path" in
    ctypes*) echo "ok   without Python.h: a message, and the package runs $path" ;;
    *) echo "FAIL without Python.h the package runs '$path'"; exit 1 ;;
  esac
else
  echo "skip pip install: no pip or setuptools for $PY"
fi
