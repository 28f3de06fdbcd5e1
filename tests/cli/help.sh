#!/bin/sh
# ferret --help / --version: exit 0, every sub-command, option and exit code
# is documented; the version is the one in the public header.
set -e
: "${FERRET:=build-san/ferret}"
out=$("$FERRET" --help)
for want in "usage: ferret" "solve" "opt" "Exit codes" "--seed" "--timeout" \
    "--max-memory" "--parse-only" "--model" " 10 " " 20 " "  2  usage error"; do
  case "$out" in
  *"$want"*) ;;
  *) echo "--help lacks '$want'"; exit 1 ;;
  esac
done
# -h is --help, and --help wins wherever it is
[ "$("$FERRET" -h)" = "$out" ] || { echo "-h differs from --help"; exit 1; }
[ "$("$FERRET" opt --bogus --help)" = "$out" ] || { echo "--help not first"; exit 1; }
version=$(sed -n 's/^#define FERRET_VERSION "\(.*\)"$/\1/p' include/ferret.h)
[ -n "$version" ] || { echo "no FERRET_VERSION in include/ferret.h"; exit 1; }
[ "$("$FERRET" --version)" = "ferret $version" ] || { echo "--version: $("$FERRET" --version)"; exit 1; }
[ "$("$FERRET" -V)" = "ferret $version" ] || { echo "-V differs"; exit 1; }
echo "help ok"
