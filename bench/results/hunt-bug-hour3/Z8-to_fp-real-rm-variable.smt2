; z3 4.8.12 wrong model (hunt finding cvc5-fpexp-4/000244 of bench/results/hunt-bug-hour2).
; z3's model: x0_2_3 = NaN, x1_2_3 = (fp #b1 #b00 #b11) = -0.75, r0 = RTZ, and a
; Float32 x0_8_24.  Under RTZ, 0.359375 converts to 0.25 in (2,3) (values 0.25, 0.5);
; fp.max(NaN, -0.75) = -0.75; -0.75 / 0.25 = -3 exactly, so fp.rem gives a zero
; with the sign of x, -0, and fp.isPositive(-0) is false.  The formula is sat
; (cvc5's and ferret's models pass); z3 with its own values fixed answers unsat,
; and z3 model_validate=true says "an invalid model was generated".  The first
; assertion alone gets a right model: the rounding-mode variable r0 shared with
; the Float32 subtraction matters (under RTP the conversion gives 0.5, and the
; remainder of -0.75 by 0.5 is +0.25, positive).  z3's tracker: to_fp of a real
; with a rounding-mode variable gave invalid models (Z3Prover/z3#5769, fixed by
; pull request #6074 in 2022, after 4.8.12).
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(declare-fun r0 () RoundingMode)
(declare-fun x0_8_24 () (_ FloatingPoint 8 24))
(assert (fp.isPositive (fp.rem (fp.max x0_2_3 x1_2_3) ((_ to_fp 2 3) r0 0.359375))))
(assert (fp.isNormal (fp.sub r0 (fp #b1 #b01101000 #b00000000000000000000000) x0_8_24)))
(check-sat)
(get-model)
