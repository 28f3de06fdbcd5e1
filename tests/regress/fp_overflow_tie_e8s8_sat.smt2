; Sat, found by search: the overflow-on-a-tie shape of
; fp_overflow_tie_float16_sat.smt2 in a format with Float32's exponent
; range and an 8-bit significand (the difference overflows only when
; x - max is a tie rounded away from zero).  Without restarts, seeds 1, 5
; and 7 of ten find no model in 2M executions; with restart_unit=65536 all
; ten do (seed 1, the default, in 118k).  With the comparison operands
; (option cmp_snap, on by default) all ten solve without restarts too, in
; at most 38k executions.
; Every model: y is the rounded bound and x lies below the top binade
; (checked with z3: tools/regress-entail.py).
; expect: sat
; options: restart_unit=65536
; check: (= y (ite (fp.isNegative x) (fp.add RNE x m) (fp.sub RNE x m)))
; check: (fp.lt (fp.abs x) (fp #b0 #xfe #b0000000))
(set-logic QF_FP)
(declare-fun x () (_ FloatingPoint 8 8))
(declare-fun y () (_ FloatingPoint 8 8))
(define-fun m () (_ FloatingPoint 8 8) (fp #b0 #xfe #b1111111))
(assert (not (or (fp.isNaN x) (fp.isInfinite x))))
(assert (not (or (fp.isNaN y) (fp.isInfinite y))))
(assert (ite (fp.isNegative x) (fp.leq y (fp.add RNE x m)) (fp.geq y (fp.sub RNE x m))))
(assert (fp.isInfinite (fp.sub RNE x y)))
(check-sat)
