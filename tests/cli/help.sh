#!/bin/sh
# ferret --help / SUB --help / --version: exit 0; the overview names every
# sub-command, each sub-command's help lists its options and exit codes; the
# version is the one in the public header.
set -e
: "${FERRET:=build-san/ferret}"
out=$("$FERRET" --help)
for want in "usage: ferret" "solve" "opt" "smt2c" "sample" "coverage" "concolic" \
    "hunt gen" "hunt replay" "hunt merge" "hunt report" "bench report" "bench merge" \
    "Exit codes" " 10 " " 20 " "2  usage error"; do
  case "$out" in
  *"$want"*) ;;
  *) echo "--help lacks '$want'"; exit 1 ;;
  esac
done
# -h is --help; a sub-command's --help wins wherever it is and is its own
[ "$("$FERRET" -h)" = "$out" ] || { echo "-h differs from --help"; exit 1; }
solve=$("$FERRET" solve --help)
for want in "--seed" "--timeout" "--max-memory" "--parse-only" "--model" "--portfolio" \
    "--seed-file" "Exit codes" "10  the last check-sat answered sat"; do
  case "$solve" in
  *"$want"*) ;;
  *) echo "solve --help lacks '$want'"; exit 1 ;;
  esac
done
opt=$("$FERRET" opt --bogus --help)
case "$opt" in
*"usage: ferret opt"*"--domains"*) ;;
*) echo "opt --bogus --help is not opt's help"; exit 1 ;;
esac
case "$opt" in
*"--backend"*) echo "opt --help lists --backend, which opt does not read"; exit 1 ;;
esac
version=$(sed -n 's/^#define FERRET_VERSION "\(.*\)"$/\1/p' include/ferret.h)
[ -n "$version" ] || { echo "no FERRET_VERSION in include/ferret.h"; exit 1; }
[ "$("$FERRET" --version)" = "ferret $version" ] || { echo "--version: $("$FERRET" --version)"; exit 1; }
[ "$("$FERRET" -V)" = "ferret $version" ] || { echo "-V differs"; exit 1; }
echo "help ok"
