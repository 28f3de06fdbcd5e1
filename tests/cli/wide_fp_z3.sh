#!/bin/sh
# Floating-point formats wider than 128 bits against z3
# (tests/wide_fp_z3.py): random terms over every FP operator, rounding
# mode and conversion on (19,237), (11,200) and (5,300), evaluated under
# one assignment by both solvers; the values must be the same bits.  Then
# the search on random constraints over wide variables: every model ferret
# finds is confirmed by z3, no unsat that z3 does not share.
# Skipped (77) without python3 or z3.
: "${FERRET:=build-san/ferret}"
command -v python3 >/dev/null 2>&1 || { echo "python3 not found"; exit 77; }
command -v z3 >/dev/null 2>&1 || { echo "z3 not found"; exit 77; }
python3 "$(dirname "$0")/../wide_fp_z3.py" "$FERRET" "${WIDE_FP_Z3_ROUNDS:-40}" 11
