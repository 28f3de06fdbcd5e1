; cvc5 1.0.3 --fp-exp wrong model (hand-reduced from hunt finding
; cvc5-fpexp-random-4/000187 of bench/results/hunt-bug-hour2).
; In (2,3) (bias 1) the subnormals are +-0.25, +-0.5, +-0.75.  x = -0.5 or -0.75
; satisfies both assertions (-0.5 / -0.25 = 2 >= 1.25), so the formula is sat
; (ferret's and Bitwuzla's model: x = -0.75).  cvc5 answers sat with
; x = (fp #b1 #b00 #b00) = -0, which is no subnormal (SMT-LIB: zeros are not
; subnormal), and -0 / -0.25 = +0 is less than 1.25.  With x fixed to -0 cvc5 itself
; answers unsat, and with (= x (fp #b1 #b00 #b10)) it answers sat and prints it:
; the printed value is not the assignment cvc5 found.  Without the division
; (fp.isSubnormal x) alone, or with fp.isNegative, cvc5's model is right.
(set-option :produce-models true)
(set-logic QF_FP)
(declare-fun x () (_ FloatingPoint 2 3))
(assert (fp.isSubnormal x))
(assert (fp.geq (fp.div RTZ x (fp #b1 #b00 #b01)) (fp #b0 #b01 #b01)))
(check-sat)
(get-model)
