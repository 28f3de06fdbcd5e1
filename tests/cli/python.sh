#!/bin/sh
# The Python package (python/ferret): its unittest suite against
# build/libferret.so (built here when missing), run by Debian's
# /usr/bin/python3 when present (z3py, python3-z3, is installed there;
# without it the z3 tests skip, saying so), else python3; PYTHON overrides.
# Then `pip install --no-build-isolation --target` of ./python must ship the
# library in the package and import it from there.  Skipped (77) without
# Python 3.
cd "$(dirname "$0")/../.." || exit 1
PY=${PYTHON:-}
if [ -z "$PY" ]; then
  if [ -x /usr/bin/python3 ]; then PY=/usr/bin/python3; else PY=python3; fi
fi
if ! "$PY" -c 'import sys; sys.exit(sys.version_info < (3, 8))' 2>/dev/null; then
  echo "no Python 3.8 or later ($PY)"
  exit 77
fi
if [ ! -f build/libferret.so ]; then
  make -s build/libferret.so >/dev/null || exit 1
fi
# The library runs under the host's sanitizers only in C tests; here the
# release build is loaded into an unsanitized interpreter.
unset ASAN_OPTIONS UBSAN_OPTIONS
(cd python && FERRET_LIBRARY="$(cd .. && pwd)/build/libferret.so" \
   "$PY" -m unittest discover -s tests -t . 2>&1) || exit 1
if "$PY" -m pip --version >/dev/null 2>&1 && "$PY" -c 'import setuptools' 2>/dev/null; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  "$PY" -m pip install -q --no-build-isolation --no-deps --target "$tmp/site" ./python \
    >"$tmp/pip.log" 2>&1 || { cat "$tmp/pip.log"; echo "FAIL pip install ./python"; exit 1; }
  got=$(cd "$tmp" && env -u FERRET_LIBRARY PYTHONPATH="$tmp/site" "$PY" -c \
    'import ferret; print(ferret.library_path)')
  case "$got" in
    "$tmp/site/ferret/libferret.so") echo "ok   pip install ships $got" ;;
    *) echo "FAIL the installed package loaded '$got'"; exit 1 ;;
  esac
  rm -rf python/build python/ferret_smt.egg-info
else
  echo "skip pip install: no pip or setuptools for $PY"
fi
