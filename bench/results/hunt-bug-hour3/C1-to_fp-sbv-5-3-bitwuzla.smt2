; Bitwuzla 0.9.1 (this build, SymFPU 22d993d) and cvc5 1.0.3 --fp-exp wrong sat:
; hand-reduced from hunt finding bzla-fpexp-3/000011 (run directory
; /work/peers-build/results-hunt36-hour3).  to_fp of a bit-vector with a
; rounding mode reads it as a signed integer: #b1111111 is -1, which is -1.0 in
; (5,3) under every rounding mode, and -0 <= -1.0 is false: unsat (z3 and ferret
; answer unsat; ferret tries the five rounding modes).  Bitwuzla answers sat, and
; so does cvc5; with the rounding mode a constant (RTZ) Bitwuzla's default
; configuration answers unsat (its constant folding is right) but its bit-blasted
; encoding (--rewrite-level 0) answers sat, and it answers unsat to
; (fp.eq ((_ to_fp 5 3) RNE #b1111111) (fp #b1 #b01111 #b00)), which holds.
; The conversion into (5,3), more exponent than significand bits, that cvc5's
; B1/C1 findings show: the same SymFPU code in both solvers.
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun r () RoundingMode)
(assert (fp.leq (_ -zero 5 3) ((_ to_fp 5 3) r #b1111111)))
(check-sat)
(get-model)
