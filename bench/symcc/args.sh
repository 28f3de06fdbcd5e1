# Sourced by bench/symcc-explore.sh, bench/symcc-afl.sh, bench/symcc/replay.sh.
# input_args FILE: the program's arguments for input FILE in $args ($prog_args
# with @@ replaced by FILE) and its stdin in $stdin (FILE, or /dev/null
# with @@).
input_args() {
  args="" stdin=$1
  for a in $prog_args; do
    [ "$a" = @@ ] && { a=$1; stdin=/dev/null; }
    args="$args $a"
  done
}
