#!/bin/sh
# The Python package (python/ferret): its unittest suite, run by Debian's
# /usr/bin/python3 when present (z3py, python3-z3, is installed there;
# without it the z3 tests skip, saying so), else python3 (PYTHON overrides).
# The library is build-pysan/libferret.so (ASan+UBSan, built by `make test`
# or `make python-san`; its runtimes preloaded into the interpreter, leak
# checking off: the interpreter's own allocations are never freed) when it
# exists, else build/libferret.so (built here when missing).  Then
# `pip install --no-build-isolation --target` of ./python must ship the
# release library in the package and import it from there.  Skipped (77)
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
if [ -f build-pysan/libferret.so ]; then
  lib=$root/build-pysan/libferret.so
  preload="$(${CC:-cc} -print-file-name=libasan.so):$(${CC:-cc} -print-file-name=libubsan.so)"
  echo "library: $lib (ASan+UBSan)"
  (cd python && FERRET_LIBRARY="$lib" LD_PRELOAD="$preload" ASAN_OPTIONS=detect_leaks=0 \
     UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
     "$PY" -m unittest discover -s tests -t . 2>&1) || exit 1
else
  if [ ! -f build/libferret.so ]; then
    make -s build/libferret.so >/dev/null || exit 1
  fi
  echo "library: $root/build/libferret.so (no sanitizers: make python-san builds them)"
  (cd python && FERRET_LIBRARY="$root/build/libferret.so" \
     "$PY" -m unittest discover -s tests -t . 2>&1) || exit 1
fi
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
  # and it works from there
  (cd "$tmp" && env -u FERRET_LIBRARY PYTHONPATH="$tmp/site" "$PY" -c '
import ferret
x = ferret.BitVec("x", 8)
s = ferret.Solver()
s.add(x * 3 == 21)
assert s.check() == ferret.sat and (s.model()[x] * 3) % 256 == 21
') || { echo "FAIL the installed package does not solve"; exit 1; }
else
  echo "skip pip install: no pip or setuptools for $PY"
fi
