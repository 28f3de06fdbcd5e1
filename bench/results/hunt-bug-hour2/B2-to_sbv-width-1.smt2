; Bitwuzla 0.9.1 (this build, SymFPU 22d993d; std and experimental-format
; builds alike) wrong sat, from the hunt's finding bzla-3/000208 (Float128),
; here in Float32.  (_ fp.to_sbv 1) gives a 1-bit two's complement integer,
; range [-1, 0]; -1.0 is an integer in that range, so the result is #b1 under
; every rounding mode and the assertion is unsat (z3, cvc5 and ferret: unsat).
; Bitwuzla answers sat (with #b1 in place of #b0 too: it treats -1.0 as out of
; range, where the value is unspecified); with --rewrite-level 0 it aborts
; with std::bad_alloc, the width-1 conversion bug of bitwuzla#36 / symfpu#8.
(set-logic QF_BVFP)
(assert (= #b0 ((_ fp.to_sbv 1) RNE (fp #b1 #x7f #b00000000000000000000000))))
(check-sat)
