; Sat, found by search: two finite Float16 numbers, y bounded by x minus
; (x positive) or plus (x negative) the largest finite Float16, whose
; difference overflows.  Exactly, |x - y| <= max + (the rounding error of
; the bound), and the difference rounds to infinity only when that error
; is half an ULP of 2^15's binade, i.e. when x +- max is a tie rounded away
; from zero: x needs exactly the right low bits and y must be the rounded
; bound itself.  Coverage does not tell a near miss from the rest, so the
; search used to keep a wrong region for a long time on some seeds.
; Every model: y is the rounded bound, x lies below the top binade, and
; x and y have opposite signs (checked with z3: tools/regress-entail.py).
; expect: sat
; check: (= y (ite (fp.isNegative x) (fp.add RNE x hmax) (fp.sub RNE x hmax)))
; check: (fp.lt (fp.abs x) ((_ to_fp 5 11) #x7800))
; check: (not (= (fp.isNegative x) (fp.isNegative y)))
(set-logic QF_FP)
(define-fun is_finite ((f Float16)) Bool (or (fp.isNormal f) (fp.isSubnormal f) (fp.isZero f)))
(define-fun hmax () Float16 ((_ to_fp 5 11) #x7bff))
(declare-fun x () Float16)
(declare-fun y () Float16)
(assert (is_finite x))
(assert (is_finite y))
(assert (ite (fp.isNegative x) (fp.leq y (fp.add RNE x hmax)) (fp.geq y (fp.sub RNE x hmax))))
(assert (fp.isInfinite (fp.sub RNE x y)))
(check-sat)
