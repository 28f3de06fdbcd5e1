; z3 4.8.12 wrong sat (and cvc5 1.0.3 --fp-exp wrong sat): hunt finding
; cvc5-fpexp-1/000643 of this directory, found as cvc5's wrong model.
; (fp #b0 #b00 #b01) is 0.25 in (2,3) (bias 1, a subnormal), and
; roundToIntegral RNE of 0.25 is +0 (0.25 is nearer 0 than 1).  +0 times a
; finite x is a zero, times an infinity NaN, so the product is never <= -2.5:
; unsat (ferret answers unsat; it tries all 32 values of x).  z3 answers sat
; with x = -oo: its constant folding gives roundToIntegral RNE 0.25 = 1.0
; (`(simplify (fp.roundToIntegral RNE (fp #b0 #b00 #b01)))` prints
; (fp #b0 #b01 #b00)), and 1 x -oo = -oo.  The same under RNA (right: +0), and
; for 0.5 under RNE (a tie: the even integer is 0), in every format with EB = 2
; tried ((2,3), (2,4), (2,6)); RTZ and RTN give +0 and RTP 1.0, as they should;
; in (3,3) and (3,2) z3 gives +0 under RNE and RNA.  cvc5 answers
; sat as well (its roundToIntegral of (2,3) subnormals does not round, W6).
(set-option :produce-models true)
(set-logic QF_FP)
(declare-fun x () (_ FloatingPoint 2 3))
(assert (fp.leq (fp.mul RNA (fp.roundToIntegral RNE (fp #b0 #b00 #b01)) x) (fp #b1 #b10 #b01)))
(check-sat)
(get-model)
