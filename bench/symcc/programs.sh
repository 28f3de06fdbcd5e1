#!/bin/sh
# Builds the real programs of the SymCC benchmark (bench/symcc-explore.sh)
# twice each: with SymCC's compiler (for the exploration; the runtime, ferret,
# QSYM or simple, is chosen at run time with LD_LIBRARY_PATH) and with
# clang's trace-pc-guard and bench/symcc/cov.c (for measuring edge coverage).
#
#   bench/symcc/programs.sh SYMCC SRC_DIR BUILD_DIR [NAME...]
#
# SYMCC is the compiler wrapper (e.g. OUT_DIR/symcc of contrib/symcc/build.sh,
# or SymCC's own build's symcc).  SRC_DIR holds the sources, none of them
# ferret's, each where its own snapshot unpacks:
#   SRC_DIR/jhead   github Matthias-Wandel/jhead (EXIF reader)
#   SRC_DIR/libpng  github glennrp/libpng (read by bench/symcc/png-read.c)
#   SRC_DIR/jq      github jqlang/jq (its JSON library, src/jv*.c, with David
#                   Gay's strtod/dtoa, driven by bench/symcc/jq-json.c)
#   SRC_DIR/stb     github nothings/stb (stb_image.h, bench/symcc/stb-load.c)
# A missing source or compiler is reported as "skipped: ..." and the rest is
# built.  Results: BUILD_DIR/sym/NAME and BUILD_DIR/cov/NAME, NAME one of
# jhead, libpng, jq-json, stb-image (all, or the NAMEs given).  Needs clang-14 (CLANG to override).
set -eu
[ $# -ge 3 ] || { sed -n '2,20p' "$0"; exit 2; }
symcc=$1 src=$(cd "$2" && pwd) here=$(cd "$(dirname "$0")" && pwd)
build_dir=$3
shift 3
only=" $* "
mkdir -p "$build_dir/sym" "$build_dir/cov"
out=$(cd "$build_dir" && pwd)
clang=${CLANG:-clang-14}
opt="-O2 -w"
command -v "$clang" >/dev/null || { echo "skipped: $clang not found (apt-get install -y clang-14)"; exit 77; }
[ -x "$symcc" ] || { echo "skipped: no SymCC compiler at $symcc"; exit 77; }
"$clang" -O2 -c "$here/cov.c" -o "$out/cov/cov.o"

# build NAME SOURCE_CHECK LIBS -- FLAGS_AND_SOURCES...
build() {
  name=$1 need=$2 libs=$3
  shift 4
  case $only in "  " | *" $name "*) ;; *) return 0 ;; esac
  if [ ! -e "$need" ]; then
    echo "skipped: $name ($need not found)"
    return 0
  fi
  rm -rf "$out/tmp" && mkdir -p "$out/tmp"
  (cd "$out/tmp" && "$symcc" $opt "$@" -o "$out/sym/$name" $libs) >"$out/$name.sym.log" 2>&1 ||
    { echo "failed: $name with $symcc (see $out/$name.sym.log)"; return 0; }
  (cd "$out/tmp" && "$clang" $opt -fsanitize-coverage=trace-pc-guard "$@" "$out/cov/cov.o" \
     -o "$out/cov/$name" $libs) >"$out/$name.cov.log" 2>&1 ||
    { echo "failed: $name coverage build (see $out/$name.cov.log)"; return 0; }
  echo "built: $name"
}

j=$src/jhead
build jhead "$j/jhead.c" -lm -- $j/jhead.c $j/imgfile.c $j/jpgfile.c $j/pngfile.c $j/webpfile.c \
  $j/jpgqguess.c $j/paths.c $j/exif.c $j/iptc.c $j/gpsinfo.c $j/makernote.c

p=$src/libpng
if [ -e "$p/png.c" ] && [ ! -e "$out/pnglibconf/pnglibconf.h" ]; then
  mkdir -p "$out/pnglibconf" && cp "$p/scripts/pnglibconf.h.prebuilt" "$out/pnglibconf/pnglibconf.h"
fi
build libpng "$p/png.c" "-lz -lm" -- -I"$p" -I"$out/pnglibconf" -DPNG_ARM_NEON_OPT=0 \
  -DPNG_INTEL_SSE_OPT=0 "$here/png-read.c" $p/png.c $p/pngerror.c $p/pngget.c $p/pngmem.c \
  $p/pngpread.c $p/pngread.c $p/pngrio.c $p/pngrtran.c $p/pngrutil.c $p/pngset.c $p/pngtrans.c \
  $p/pngwio.c $p/pngwrite.c $p/pngwtran.c $p/pngwutil.c

q=$src/jq/src
build jq-json "$q/jv_dtoa.c" "-lm -lpthread" -- -DIEEE_8087 -I"$q" "$here/jq-json.c" $q/jv.c \
  $q/jv_parse.c $q/jv_print.c $q/jv_dtoa.c $q/jv_dtoa_tsd.c $q/jv_unicode.c $q/jv_alloc.c $q/jv_aux.c

build stb-image "$src/stb/stb_image.h" -lm -- -I"$src/stb" "$here/stb-load.c"
rm -rf "$out/tmp"
