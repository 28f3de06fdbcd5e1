#!/bin/sh
# Documents that cannot drift from the program.
#
# 1. Every option `ferret SUB --help` lists is explained in SUB's guide: a
#    table row of docs/GUIDE.md whose first cell names it ("| `--name ..."
#    or "| `-x, --name ..."), with text in a later cell.  Guides: solve, opt
#    and smt2c in docs/solve.md; sample and coverage in docs/sample.md;
#    concolic.md; every hunt sub-command in hunt.md; every bench one in
#    bench.md.  A guide's row naming an option that none of its sub-commands
#    has any more fails too.
# 2. The man page (tools/manpage.c, compiled here against the sanitizer
#    build's objects) names every such option in SUB's section.
# 3. Every example marked runnable in README.md and docs/*.md runs and
#    prints what the document says.  A runnable example is a line
#    `<!-- doctest -->` (or `<!-- doctest needs TOOL... -->`: skipped when
#    a TOOL is not on PATH, or when a TOOL with a '/' is not a file of the
#    repository, e.g. build/libferret.a), then a ```sh block whose `$ `
#    lines are the commands, then a ```text block with the expected output
#    (stdout and stderr together; an exit code only where a command prints
#    it, as `echo "exit $?"`).  The commands run with sh in a fresh
#    directory holding examples/, include/ and build/, `ferret` being
#    $FERRET.  In the expected text `<...>` stands for any characters
#    within a line (times, paths) and a line of just `<...>` for any lines.
#
# Exit 77 only when every example was skipped and there was nothing to check.
: "${FERRET:=build-san/ferret}"
case "$FERRET" in /*) ;; *) FERRET="$(pwd)/$FERRET" ;; esac
[ -x "$FERRET" ] || { echo "no $FERRET"; exit 77; }
root=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

guide_of() {
  case "$1" in
  solve | opt | smt2c) echo docs/solve.md ;;
  sample | coverage) echo docs/sample.md ;;
  concolic) echo docs/concolic.md ;;
  hunt*) echo docs/hunt.md ;;
  bench*) echo docs/bench.md ;;
  esac
}

# The long names of the options SUB's --help lists (one a line, with --).
options_of() {
  # shellcheck disable=SC2086
  "$FERRET" $1 --help | sed -n 's/^  \(-[A-Za-z], \)\{0,1\}\(--[a-z0-9-]*\).*/\2/p' |
    grep -v '^--help$'
}

# ---- 1 and 2: options in the guides and the man page ----------------------
mandir="$tmp/man"
mkdir -p "$mandir"
if ! ${CC:-cc} -std=c11 -D_POSIX_C_SOURCE=200809L -fsanitize=address,undefined \
    -Iinclude -Isrc -Icli -o "$mandir/manpage" tools/manpage.c build-san/cli/args.o \
    build-san/libferret.a -lm 2>"$mandir/cc.log"; then
  cat "$mandir/cc.log"
  bad "could not build tools/manpage.c against build-san/ (run make san first)"
fi
man=""
if [ -x "$mandir/manpage" ]; then
  "$mandir/manpage" | sed 's/\\-/-/g; s/\\f[BRI]//g' > "$mandir/ferret.1" || bad "manpage failed"
  man="$mandir/ferret.1"
fi
checked=0
allopts="$tmp/allopts"
: > "$allopts"
for sub in solve opt smt2c sample coverage concolic hunt "hunt gen" "hunt replay" \
    "hunt merge" "hunt report" bench "bench report" "bench merge"; do
  guide=$(guide_of "$sub")
  [ -f "$guide" ] || { bad "$guide missing (guide of ferret $sub)"; continue; }
  opts=$(options_of "$sub")
  [ -n "$opts" ] || bad "ferret $sub --help lists no options"
  if [ -n "$man" ]; then
    # SUB's section of the man page: from ".SS ferret SUB" to the next .SS/.SH
    awk -v want=".SS ferret $sub" '$0 == want { on = 1; next }
      /^\.S[SH] / { on = 0 } on' "$man" > "$mandir/section"
    [ -s "$mandir/section" ] || bad "the man page has no section for ferret $sub"
  fi
  for o in $opts; do
    echo "$guide $o" >> "$allopts"
    checked=$((checked + 1))
    # a table row whose first cell names the option and a later cell says something
    grep -Eq "^\| \`(-[A-Za-z], )?$o( [^\`]*)?\` \|.*[a-z].*\|" "$guide" ||
      bad "ferret $sub: $o is not explained in $guide (a row | \`$o ...\` | what it does |)"
    if [ -n "$man" ]; then
      grep -Eq -- "(^|[ ,])$o([ ,.]|\$)" "$mandir/section" ||
        bad "ferret $sub: $o is not in the man page's section for it"
    fi
  done
done
# rows of a guide that name an option none of its sub-commands has
for guide in docs/solve.md docs/sample.md docs/concolic.md docs/hunt.md docs/bench.md; do
  [ -f "$guide" ] || continue
  sed -n 's/^| `\(-[A-Za-z], \)\{0,1\}\(--[a-z0-9-]*\).*/\2/p' "$guide" | sort -u |
    while read -r o; do
      grep -qx "$guide $o" "$allopts" || echo "FAIL: $guide explains $o, which no sub-command of it has"
    done > "$tmp/stale"
  [ -s "$tmp/stale" ] && { cat "$tmp/stale"; fail=1; }
done

# ---- 3: the runnable examples ---------------------------------------------
# Split every document into examples: $tmp/ex/N.cmd, N.want, N.needs, N.where
mkdir -p "$tmp/ex"
for doc in README.md docs/*.md; do
  [ -f "$doc" ] || continue
  awk -v doc="$doc" -v dir="$tmp/ex" -v base="$(ls "$tmp/ex" | wc -l)" '
    function out(ext) { return dir "/" sprintf("%04d", n) "." ext }
    state == 0 && /^<!-- doctest( needs [^>]*)? -->$/ {
      n = base + (++k); needs = $0
      sub(/^<!-- doctest( needs)? ?/, "", needs); sub(/ ?-->$/, "", needs)
      printf "%s", needs > out("needs"); close(out("needs"))
      print doc ":" NR > out("where"); close(out("where"))
      printf "" > out("cmd"); printf "" > out("want")
      state = 1; next
    }
    state == 1 { if ($0 == "```sh") { state = 2; next }
                 print doc ":" NR ": a doctest marker must be followed by a ```sh block" > "/dev/stderr"
                 bad = 1; state = 0; next }
    state == 2 { if ($0 == "```") { state = 3; next }
                 if (substr($0, 1, 2) == "$ ") print substr($0, 3) >> out("cmd")
                 next }
    state == 3 { if ($0 == "") next
                 if ($0 == "```text") { state = 4; next }
                 print doc ":" NR ": a doctest ```sh block must be followed by a ```text block" > "/dev/stderr"
                 bad = 1; state = 0; next }
    state == 4 { if ($0 == "```") { state = 0; close(out("cmd")); close(out("want")); next }
                 print >> out("want"); next }
    END { if (state) { print doc ": unterminated doctest" > "/dev/stderr"; bad = 1 }
          exit bad }' "$doc" || fail=1
done

# Does $1 (actual) match $2 (expected, with <...> wildcards)?
matches() {
  awk '
    function pattern(s,   r, i, c) {
      r = ""
      while ((i = index(s, "<...>")) > 0) {
        r = r quote(substr(s, 1, i - 1)) ".*"; s = substr(s, i + 5)
      }
      return "^" r quote(s) "$"
    }
    function quote(s,   r, i, c) {
      r = ""
      for (i = 1; i <= length(s); i++) {
        c = substr(s, i, 1)
        if (index("\\^$.[]|()*+?{}/", c)) r = r "\\" c; else r = r c
      }
      return r
    }
    FNR == NR { want[++nw] = $0; next }
    { got[++ng] = $0 }
    END {
      i = 1; j = 1
      while (i <= nw) {
        if (want[i] == "<...>") {
          if (i == nw) exit 0
          while (j <= ng && got[j] !~ pattern(want[i + 1])) j++
          i++; continue
        }
        if (j > ng || got[j] !~ pattern(want[i])) {
          printf "  expected line %d: %s\n  got: %s\n", i, want[i], (j > ng ? "(end of output)" : got[j])
          exit 1
        }
        i++; j++
      }
      if (j <= ng) { printf "  unexpected line: %s\n", got[j]; exit 1 }
    }' "$2" "$1"
}

ran=0
skipped=0
for cmd in "$tmp"/ex/*.cmd; do
  [ -f "$cmd" ] || continue
  ex=${cmd%.cmd}
  where=$(cat "$ex.where")
  missing=""
  for tool in $(cat "$ex.needs"); do
    case "$tool" in
    */*) [ -e "$root/$tool" ] || missing="$missing $tool" ;; # a file of the build
    *) command -v "$tool" >/dev/null 2>&1 || missing="$missing $tool" ;;
    esac
  done
  if [ -n "$missing" ]; then
    echo "skip $where (needs$missing)"
    skipped=$((skipped + 1))
    continue
  fi
  [ -s "$cmd" ] || { bad "$where: a doctest without a \$ command"; continue; }
  work="$tmp/run"
  rm -rf "$work" && mkdir -p "$work/bin"
  for d in examples include build; do ln -s "$root/$d" "$work/$d"; done
  printf '#!/bin/sh\nexec "%s" "$@"\n' "$FERRET" > "$work/bin/ferret"
  chmod +x "$work/bin/ferret"
  (cd "$work" && PATH="$work/bin:$PATH" sh "$cmd") > "$ex.got" 2>&1
  ran=$((ran + 1))
  if ! matches "$ex.got" "$ex.want" > "$ex.diff"; then
    bad "$where: the example prints something else"
    cat "$ex.diff"
    sed 's/^/  | /' "$ex.got" | head -40
  fi
done
echo "docs: $checked options checked, $ran examples run, $skipped skipped"
[ "$fail" = 0 ] || exit 1
[ "$checked" = 0 ] && [ "$ran" = 0 ] && exit 77
exit 0
