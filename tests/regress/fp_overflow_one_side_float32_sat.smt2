; Sat, found by search: the Float32 sibling with a one-sided bound, y at
; most x minus max (x positive) or x plus max (x negative); then any y far
; enough below the bound makes the difference overflow, which the search
; finds in a few hundred executions.
; Every model: x and y have opposite signs and y is not zero (checked with
; z3: tools/regress-entail.py).
; expect: sat
; check: (not (= (fp.isNegative x) (fp.isNegative y)))
; check: (not (fp.isZero y))
(set-logic QF_FP)
(define-fun is_finite ((f Float32)) Bool (or (fp.isNormal f) (fp.isSubnormal f) (fp.isZero f)))
(define-fun fmax () Float32 ((_ to_fp 8 24) #x7f7fffff))
(declare-fun x () Float32)
(declare-fun y () Float32)
(assert (is_finite x))
(assert (is_finite y))
(assert (fp.leq y (ite (fp.isNegative x) (fp.add RNE x fmax) (fp.sub RNE x fmax))))
(assert (fp.isInfinite (fp.sub RNE x y)))
(check-sat)
