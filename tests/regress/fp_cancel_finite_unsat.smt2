; Unsat (the corpus's schanda-crafted cancel_1, written anew): for a finite
; a, a + (-a) is exactly zero, and +0 under RNE.  The simplifier turns
; x + (-x) into (ite (or (fp.isNaN x) (fp.isInfinite x)) NaN +0), and case
; analysis of the or over one term tells intervals that a is finite.
; expect: unsat
(set-logic QF_FP)
(declare-const a Float64)
(assert (or (fp.isNormal a) (fp.isSubnormal a) (fp.isZero a)))
(assert (not (fp.eq (fp.add RNE (fp.neg a) a) (_ +zero 11 53))))
(check-sat)
