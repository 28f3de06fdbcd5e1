#!/bin/sh
# make install into a temporary prefix: the binary runs, the man page is
# there, and a small program builds and runs against the installed library
# through pkg-config, linked shared (found by its SONAME) and static; then
# make uninstall leaves no file behind.
command -v pkg-config >/dev/null 2>&1 || { echo "pkg-config not found (apt-get install pkg-config)"; exit 77; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail=0
prefix="$dir/prefix"
make -s --no-print-directory install PREFIX="$prefix" > "$dir/make.log" 2>&1 ||
  { echo "make install failed"; cat "$dir/make.log"; exit 1; }
"$prefix/bin/ferret" --version | grep -q '^ferret ' || { echo "installed ferret does not run"; fail=1; }
[ -f "$prefix/share/man/man1/ferret.1" ] || { echo "no man page"; fail=1; }
grep -q '^\.B \\-t, \\-\\-timeout S$' "$prefix/share/man/man1/ferret.1" || { echo "man page lacks the option table"; fail=1; }
for sub in "solve" "sample" "concolic" "hunt gen" "bench merge"; do
  grep -q "^\.SS ferret $sub\$" "$prefix/share/man/man1/ferret.1" || { echo "man page lacks ferret $sub"; fail=1; }
done
soname=$(readelf -d "$prefix/lib/libferret.so" 2>/dev/null | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
case "$soname" in libferret.so.[0-9]*) ;; *) echo "no versioned SONAME ($soname)"; fail=1 ;; esac
[ -e "$prefix/lib/$soname" ] || { echo "no $soname link"; fail=1; }
cat > "$dir/use.c" <<'C'
#include <ferret.h>
#include <stdio.h>
#include <string.h>
static void sink(void *u, const char *t, size_t n) { (void)u, (void)t, (void)n; }
int main(void) {
  ferret *f = ferret_new();
  ferret_set_output(f, sink, NULL);
  ferret_sort s = ferret_sort_fp(f, 8, 24);
  ferret_term x = ferret_mk_var(f, "x", s);
  ferret_term isinf = ferret_mk_term(f, FERRET_KIND_FP_IS_INF, &x, 1, NULL, 0);
  ferret_assert(f, isinf);
  ferret_result r = ferret_check_sat(f);
  uint64_t v = 0;
  ferret_get_value(f, x, &v, 1, NULL);
  printf("%s %s %llx\n", ferret_version(), r == FERRET_SAT ? "sat" : "other",
         (unsigned long long)(v & 0x7fffffff));
  ferret_delete(f);
  return 0;
}
C
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
cc -o "$dir/use" "$dir/use.c" $(pkg-config --cflags --libs ferret) ||
  { echo "cannot build against the installed library"; fail=1; }
LD_LIBRARY_PATH="$prefix/lib" "$dir/use" > "$dir/out" 2>&1
grep -q ' sat 7f800000$' "$dir/out" || { echo "shared: unexpected output:"; cat "$dir/out"; fail=1; }
cc -o "$dir/use-static" "$dir/use.c" $(pkg-config --cflags ferret) "$prefix/lib/libferret.a" \
  $(pkg-config --libs-only-other --static ferret) -lm -lpthread ||
  { echo "cannot link the static library"; fail=1; }
"$dir/use-static" | grep -q ' sat 7f800000$' || { echo "static: unexpected output"; fail=1; }
make -s --no-print-directory uninstall PREFIX="$prefix" > "$dir/make.log" 2>&1 || { echo "make uninstall failed"; fail=1; }
left=$(find "$prefix" -type f -o -type l)
[ -z "$left" ] || { echo "left after uninstall: $left"; fail=1; }
exit $fail
