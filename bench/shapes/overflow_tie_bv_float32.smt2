; The overflow-on-a-tie shape of overflow_tie_float32.smt2 as a symbolic
; executor writes it (sat): the two numbers read from 32-bit vectors
; with (_ to_fp 8 24), so the variables are bit-vectors and the
; comparisons read them through the conversion (the same bits).
(set-info :status sat)
(set-logic QF_BVFP)
(declare-fun a () (_ BitVec 32))
(declare-fun b () (_ BitVec 32))
(define-fun x () Float32 ((_ to_fp 8 24) a))
(define-fun y () Float32 ((_ to_fp 8 24) b))
(define-fun fmax () Float32 ((_ to_fp 8 24) #x7f7fffff))
(assert (not (fp.isNaN x)))
(assert (not (fp.isInfinite x)))
(assert (not (fp.isNaN y)))
(assert (not (fp.isInfinite y)))
(assert (ite (fp.isNegative x) (fp.leq y (fp.add RNE x fmax)) (fp.geq y (fp.sub RNE x fmax))))
(assert (fp.isInfinite (fp.sub RNE x y)))
(check-sat)
