; Unsat by relations and intervals together: x - y is zero under RTZ, so x
; and y are finite and numerically equal (a difference of two distinct
; finite floats is never rounded to zero); y > 1 then bounds x, and the
; square root of a number above 1 is not negative.  Neither intervals nor
; relations alone prove it; z3 agrees (unsat).
; expect: unsat
; found-by: relations
(set-logic QF_FP)
(declare-const x Float32)
(declare-const y Float32)
(assert (fp.eq (fp.sub RTZ x y) (_ +zero 8 24)))
(assert (fp.isNegative (fp.sqrt RNE x)))
(assert (fp.gt y ((_ to_fp 8 24) RNE 1.0)))
(check-sat)
