; An odd format, (_ FloatingPoint 3 5): bias 3, largest finite 15.5
; (fp #b0 #b110 #b1111), smallest subnormal 2^-6.  x + x overflows to +oo
; under RNE from 8 on, and the smallest subnormal halved is a tie to 0.
; expect: sat
; check: (fp.geq (fp.abs x) ((_ to_fp 3 5) RNE 8.0))
; check: (fp.isNormal x)
; check: (= (fp.abs y) (fp #b0 #b000 #x1))
; check: (fp.isZero (fp.mul RNE y y))
; check: (= (fp.abs (fp.add RNE y y)) (fp #b0 #b000 #x2))
; check: (= (fp.add RTZ (fp.abs x) (fp.abs x)) (fp #b0 #b110 #b1111))
(set-logic QF_FP)
(declare-const x (_ FloatingPoint 3 5))
(declare-const y (_ FloatingPoint 3 5))
(assert (fp.isInfinite (fp.add RNE x x)))
(assert (not (fp.isInfinite x)))
(assert (fp.isSubnormal y))
(assert (fp.isZero (fp.div RNE y ((_ to_fp 3 5) RNE 2.0))))
(check-sat)
