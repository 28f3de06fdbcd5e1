; Sat, found by search: fp_overflow_tie_float16_sat.smt2 as a symbolic
; executor writes it, the two numbers read from 16-bit vectors (the
; slots are bit-vectors, the search moves them as integers and as floats).
; Every model: b is the pattern of the rounded bound, and a is not in the
; top binade of either sign (checked with z3: tools/regress-entail.py).
; expect: sat
; check: (= ((_ to_fp 5 11) b) (ite (fp.isNegative ((_ to_fp 5 11) a)) (fp.add RNE ((_ to_fp 5 11) a) ((_ to_fp 5 11) #x7bff)) (fp.sub RNE ((_ to_fp 5 11) a) ((_ to_fp 5 11) #x7bff))))
; check: (bvult (bvand a #x7fff) #x7800)
(set-logic QF_BVFP)
(declare-fun a () (_ BitVec 16))
(declare-fun b () (_ BitVec 16))
(define-fun x () Float16 ((_ to_fp 5 11) a))
(define-fun y () Float16 ((_ to_fp 5 11) b))
(define-fun hmax () Float16 ((_ to_fp 5 11) #x7bff))
(assert (not (fp.isNaN x)))
(assert (not (fp.isInfinite x)))
(assert (not (fp.isNaN y)))
(assert (not (fp.isInfinite y)))
(assert (ite (fp.isNegative x) (fp.leq y (fp.add RNE x hmax)) (fp.geq y (fp.sub RNE x hmax))))
(assert (fp.isInfinite (fp.sub RNE x y)))
(check-sat)
