#!/bin/sh
# Check the layering of src/ from its #include lines (docs/architecture.md).
#
# Every library file lives one folder below src/, and the folders are layers,
# lowest first:
#
#   base  bv  fp  smt  engine  backends  {solve sample concolic hunt}  api
#
# A file may include a header of its own folder or of a LOWER layer, never
# of a higher one; the job folders (solve, sample, concolic, hunt) share a
# rank and may not include each other.  A quoted include must name its
# folder ("smt/term.h"), so the layer of every dependency is visible in the
# line itself; the exceptions are the public header "ferret.h" and the files
# generated into the build directory (smt2c_runtime.inc).  cli/ is a client
# of the public API and includes "ferret.h" and its own headers only
# ("cli.h", "args.h": the command line's tables), plus "base/process.h":
# the one module that starts child processes, which needs no context, so
# bench starts its solvers the way the library does.
# Every folder says what it owns in a README.md.  Since ranks strictly
# order the folders, no circle between folders can pass.
#
# Usage: tools/check-layers.sh [ROOT]     exit 0 when clean, 1 otherwise.
cd "${1:-$(dirname "$0")/..}" || exit 2

rank() {
  case "$1" in
    base) echo 0 ;;
    bv) echo 1 ;;
    fp) echo 2 ;;
    smt) echo 3 ;;
    engine) echo 4 ;;
    backends) echo 5 ;;
    solve | sample | concolic | hunt) echo 6 ;;
    api) echo 7 ;;
    *) echo -1 ;;
  esac
}
is_job() {
  case "$1" in solve | sample | concolic | hunt) return 0 ;; esac
  return 1
}

bad=0
complain() {
  echo "check-layers: $*"
  bad=$((bad + 1))
}

for f in src/*; do
  [ -f "$f" ] && complain "$f: a file directly in src/ (put it in its layer's folder)"
done
for d in src/*/; do
  d=${d%/}
  name=${d#src/}
  [ "$(rank "$name")" -ge 0 ] || complain "$d: unknown folder (add it to tools/check-layers.sh and docs/architecture.md)"
  [ -f "$d/README.md" ] || complain "$d: no README.md saying what the folder owns"
done

files=$(find src -name '*.c' -o -name '*.h' | sort)
for f in $files; do
  from=$(echo "$f" | cut -d/ -f2)
  rf=$(rank "$from")
  # quoted includes: "path" after #include, with the line number
  grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f" |
    sed 's/^\([0-9]*\):[^"]*"\([^"]*\)".*/\1 \2/' > "${TMPDIR:-/tmp}/layers.$$"
  while read -r line path; do
    case "$path" in
      ferret.h | smt2c_runtime.inc) continue ;;
      */*) ;;
      *)
        complain "$f:$line: #include \"$path\" does not name its folder"
        continue
        ;;
    esac
    to=${path%%/*}
    rt=$(rank "$to")
    if [ "$rt" -lt 0 ]; then
      complain "$f:$line: #include \"$path\": unknown folder '$to'"
    elif [ ! -f "src/$path" ]; then
      complain "$f:$line: #include \"$path\": no such file src/$path"
    elif [ "$to" != "$from" ]; then
      if [ "$rt" -gt "$rf" ]; then
        complain "$f:$line: #include \"$path\": upward, $from (layer $rf) must not depend on $to (layer $rt)"
      elif [ "$rt" -eq "$rf" ] && is_job "$to"; then
        complain "$f:$line: #include \"$path\": a job ($from) must not depend on another job ($to)"
      fi
    fi
  done < "${TMPDIR:-/tmp}/layers.$$"
  rm -f "${TMPDIR:-/tmp}/layers.$$"
done

for f in cli/*.c cli/*.h; do
  [ -f "$f" ] || continue
  grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f" |
    grep -v '"ferret.h"' | grep -v '"cli.h"' | grep -v '"args.h"' | grep -v '"base/process.h"' |
    sed "s|^|check-layers: $f:|; s|\$| (cli/ uses the public API, its own cli.h and args.h, and base/process.h only)|" |
    while read -r l; do echo "$l"; done > "${TMPDIR:-/tmp}/layers-cli.$$"
  if [ -s "${TMPDIR:-/tmp}/layers-cli.$$" ]; then
    cat "${TMPDIR:-/tmp}/layers-cli.$$"
    bad=$((bad + 1))
  fi
  rm -f "${TMPDIR:-/tmp}/layers-cli.$$"
done

if [ "$bad" -ne 0 ]; then
  echo "check-layers: $bad problem(s)"
  exit 1
fi
echo "check-layers: ok ($(echo "$files" | wc -l) files in $(ls -d src/*/ | wc -l) folders, includes only downwards)"
