; The (fp sign exponent significand) literal and constructor, on BFloat16
; (_ FloatingPoint 8 8): 1.5 is (fp #b0 #x7f #b1000000).
; expect: sat
; check: (= x (fp #b0 #x7f #b1000000))
; check: (= s #b1)
; check: (= e #x7f)
; check: (= m #b1000000)
; check: (= (fp.add RNE x x) ((_ to_fp 8 8) RNE 3.0))
(set-logic QF_BVFP)
(declare-const x (_ FloatingPoint 8 8))
(declare-const s (_ BitVec 1))
(declare-const e (_ BitVec 8))
(declare-const m (_ BitVec 7))
(assert (= (fp.mul RNE x x) ((_ to_fp 8 8) RNE 2.25)))
(assert (fp.isPositive x))
(assert (= (fp s e m) (fp.neg x)))
(check-sat)
