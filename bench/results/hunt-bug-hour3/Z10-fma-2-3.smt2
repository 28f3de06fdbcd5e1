; z3 4.8.12 wrong model: hunt finding cvc5-fpexp-1/000637 of this directory.
; In (2,3): (fp #b1 #b00 #b10) = -0.5 and (fp #b0 #b00 #b11) = 0.75, so the fma
; is exactly -0.375 + 0.75 = 0.375, halfway between the subnormals 0.25 and
; 0.5; RNA rounds away from zero to 0.5, and x = 0.5 makes the difference a
; zero: sat (ferret's model x = 0.5).  z3 answers sat with x = 2.0: its constant
; folding gives this fma 2.0 under every rounding mode
; (`(simplify (fp.fma RNA (fp #b1 #b00 #b10) (fp #b0 #b00 #b11) (fp #b0 #b00 #b11)))`
; prints (fp #b0 #b10 #b00)), and 0.5 - 2 = -1.5 is no zero; with x fixed to
; 2.0 z3 answers unsat, and model_validate=true reports an invalid model.
; Upstream: z3's mpf fma for significands of two or three bits, fixed by
; Z3Prover/z3 pull request #10628 (2026-08, from issue #9319).  cvc5 1.0.3
; --fp-exp answers unsat here (a wrong unsat, its fp.sub in (2,3), W4).
(set-option :produce-models true)
(set-logic QF_FP)
(declare-fun x () (_ FloatingPoint 2 3))
(assert (fp.isZero (fp.sub RNA (fp.fma RNA (fp #b1 #b00 #b10) (fp #b0 #b00 #b11) (fp #b0 #b00 #b11)) x)))
(check-sat)
(get-model)
