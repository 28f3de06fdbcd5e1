#!/bin/sh
# Check the layering of src/ (docs/architecture.md): its #include lines and
# its calls of the public API.
#
# Every library file lives one folder below src/, and the folders are layers,
# lowest first:
#
#   base  bv  fp  smt  engine  backends  {solve sample concolic hunt}  api
#
# 1. A file may include a header of its own folder or of a LOWER layer, never
#    of a higher one; the job folders (solve, sample, concolic, hunt) share a
#    rank and may not include each other.  A quoted include must name its
#    folder ("smt/term.h"), so the layer of every dependency is visible in
#    the line itself; the exceptions are the public header "ferret.h" and the
#    files generated into the build directory (smt2c_runtime.inc).
# 2. Of another folder, a file may include only the headers that folder
#    offers to others (public() below: its interface); every other header of
#    a folder (its *_internal.h, the headers of one concept inside it) is
#    private to the folder.  A new header is private until it is listed.
# 3. No file outside src/api/ uses a ferret_* function defined in src/api/
#    (the public API of include/ferret.h): ferret.h is exempt from rule 1 so
#    that every layer can name its types and status codes, but a call from a
#    lower layer up into the API would be a dependency rule 1 cannot see.
#    A use is the function's name in code (comments and string literals do
#    not count), a call or a pointer taken; a lower layer that needs the
#    API's work takes a callback or is handed the result instead.
# 4. cli/ is a client of the public API and includes "ferret.h" and its own
#    headers only ("cli.h", "args.h": the command line's tables), plus
#    "base/process.h": the one module that starts child processes, which
#    needs no context, so bench starts its solvers the way the library does.
# Every folder says what it owns in a README.md.  Since ranks strictly
# order the folders, no circle between folders can pass.
#
# Usage: tools/check-layers.sh [ROOT]     exit 0 when clean, 1 otherwise.
# tests/cli/layers.sh plants a violation of each rule in a copy of the tree.
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
# The headers of each folder that other folders may include (rule 2).
public() {
  case "$1" in
    base) echo "arena.h context.h dtoa.h map.h nat.h ops.h options.h outcome.h process.h rng.h stack.h stats.h u128.h" ;;
    bv) echo "bv.h bvw.h" ;;
    fp) echo "fp.h env.h fast.h fpw.h" ;;
    smt) echo "term.h array.h eval.h model.h model_read.h parse.h print.h rewrite.h" ;;
    engine) echo "engine.h query.h pre.h search.h judge.h prog.h interval.h" ;;
    backends) echo "libfuzzer.h partner.h smt2c.h" ;;
    solve) echo "solve.h" ;;
    sample) echo "sample.h coverage.h format.h read.h" ;;
    concolic) echo "concolic.h" ;;
    hunt) echo "hunt.h" ;;
    *) echo "" ;;
  esac
}
is_public() { # FOLDER HEADER
  for h in $(public "$1"); do [ "$h" = "$2" ] && return 0; done
  return 1
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
      elif ! is_public "$to" "${path#*/}"; then
        complain "$f:$line: #include \"$path\": private to $to/ (its headers for other folders: $(public "$to"))"
      fi
    fi
  done < "${TMPDIR:-/tmp}/layers.$$"
  rm -f "${TMPDIR:-/tmp}/layers.$$"
done

# Rule 3: the ferret_* functions src/api/ defines (a definition starts in
# the first column), then their uses in the code of every other folder.
api_fns=$(cat src/api/*.c 2>/dev/null |
  sed -n 's/^[A-Za-z_][^(;=]*[ *]\(ferret_[A-Za-z0-9_]*\)(.*/\1/p' | sort -u | tr '\n' '|')
api_fns=${api_fns%|}
if [ -z "$api_fns" ]; then
  complain "src/api/: no ferret_* function defined (the API check has nothing to check against)"
else
  # the code of every file outside src/api/, comments and string and
  # character literals blanked: one "FILE:LINE:code" line per line
  awk 'FNR == 1 { incomment = 0 }
    {
      out = ""; n = length($0); i = 1
      while (i <= n) {
        c = substr($0, i, 1); d = substr($0, i, 2)
        if (incomment) { if (d == "*/") { incomment = 0; i += 2 } else i++; continue }
        if (d == "/*") { incomment = 1; i += 2; continue }
        if (d == "//") break
        if (c == "\"" || c == "\047") {
          q = c; i++
          while (i <= n && substr($0, i, 1) != q) { if (substr($0, i, 1) == "\\") i++; i++ }
          i++; out = out q q; continue
        }
        out = out c; i++
      }
      print FILENAME ":" FNR ": " out
    }' $(echo "$files" | grep -v '^src/api/') |
    grep -E "^[^:]*:[0-9]*: (.*[^A-Za-z0-9_])?($api_fns)([^A-Za-z0-9_]|\$)" > "${TMPDIR:-/tmp}/layers-api.$$"
  while IFS=: read -r f line code; do
    name=$(echo "$code" | grep -oE "(^|[^A-Za-z0-9_])($api_fns)([^A-Za-z0-9_]|\$)" |
      head -1 | tr -cd 'A-Za-z0-9_')
    complain "$f:$line: uses $name, a function of the public API (src/api/): a lower layer must not call up into the API"
  done < "${TMPDIR:-/tmp}/layers-api.$$"
  rm -f "${TMPDIR:-/tmp}/layers-api.$$"
fi

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
echo "check-layers: ok ($(echo "$files" | wc -l) files in $(ls -d src/*/ | wc -l) folders, includes only downwards and only of public headers, no call up into the API)"
