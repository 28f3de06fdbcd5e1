; The overflow-on-a-tie shape of overflow_tie_float64.smt2 as a symbolic
; executor writes it (sat): the two numbers read from 64-bit vectors
; with (_ to_fp 11 53), so the variables are bit-vectors and the
; comparisons read them through the conversion (the same bits).
(set-info :status sat)
(set-logic QF_BVFP)
(declare-fun a () (_ BitVec 64))
(declare-fun b () (_ BitVec 64))
(define-fun x () Float64 ((_ to_fp 11 53) a))
(define-fun y () Float64 ((_ to_fp 11 53) b))
(define-fun fmax () Float64 ((_ to_fp 11 53) #x7fefffffffffffff))
(assert (not (fp.isNaN x)))
(assert (not (fp.isInfinite x)))
(assert (not (fp.isNaN y)))
(assert (not (fp.isInfinite y)))
(assert (ite (fp.isNegative x) (fp.leq y (fp.add RNE x fmax)) (fp.geq y (fp.sub RNE x fmax))))
(assert (fp.isInfinite (fp.sub RNE x y)))
(check-sat)
