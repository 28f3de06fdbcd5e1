#!/bin/sh
# tools/check-layers.sh: the tree passes, and a copy of it with one
# violation planted at a time fails, naming the file and the rule:
#   a header private to its folder included from another folder,
#   a function of the public API (src/api/) called from a lower layer,
#   the same function's pointer taken there (a use without a call),
#   an upward include, an include between two jobs;
# while a mention of an API function in a comment or a string is no use.
cd "$(dirname "$0")/../.." || exit 1
check=$(pwd)/tools/check-layers.sh
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail=0
out=$("$check" 2>&1) || { echo "the tree fails the check:"; echo "$out"; fail=1; }
mkdir "$dir/tree"
cp -r src cli "$dir/tree/" || exit 1

# plant FILE LINE: LINE appended to FILE of the copy
plant() {
  cp "$dir/tree/$1" "$dir/saved"
  printf '%s\n' "$2" >> "$dir/tree/$1"
}
unplant() { cp "$dir/saved" "$dir/tree/$1"; }

# expect_fail FILE LINE PATTERN: the check fails with PATTERN on FILE's line
expect_fail() {
  plant "$1" "$2"
  n=$(wc -l < "$dir/tree/$1" | tr -d ' ')
  if out=$("$check" "$dir/tree" 2>&1); then
    echo "not caught: '$2' in $1"
    fail=1
  elif ! echo "$out" | grep -q "^check-layers: $1:$n: .*$3"; then
    echo "caught without '$3' at $1:$n:"
    echo "$out"
    fail=1
  fi
  unplant "$1"
}

# the copy passes as it is
"$check" "$dir/tree" > /dev/null 2>&1 || { echo "the copy fails the check"; fail=1; }
expect_fail src/api/hunt.c '#include "hunt/hunt_internal.h"' 'private to hunt/'
expect_fail src/concolic/values.c '#include "engine/relate.h"' 'private to engine/'
expect_fail src/engine/query.c 'void fer_planted(void) { (void)ferret_version(); }' \
  'uses ferret_version, a function of the public API'
expect_fail src/solve/solve.c 'static const char *(*fer_planted)(void) = ferret_version;' \
  'uses ferret_version'
expect_fail src/base/map.c 'void fer_planted(ferret *f) { ferret_delete(f); }' 'uses ferret_delete'
expect_fail src/smt/term.c '#include "engine/engine.h"' 'upward'
expect_fail src/sample/sample.c '#include "hunt/hunt.h"' 'another job'

# mentions that are no use: a comment, a string, a longer name
plant src/engine/query.c '/* ferret_version() is the API'"'"'s; "ferret_delete(f)" too */
static const char *fer_planted = "ferret_version()";
// ferret_new(NULL)
int fer_planted_ferret_version_count(void);'
out=$("$check" "$dir/tree" 2>&1) || { echo "a mention in a comment or string failed:"; echo "$out"; fail=1; }
unplant src/engine/query.c
# a public header of another folder is fine
plant src/api/hunt.c '#include "engine/query.h"'
out=$("$check" "$dir/tree" 2>&1) || { echo "a public header failed:"; echo "$out"; fail=1; }
unplant src/api/hunt.c
exit $fail
