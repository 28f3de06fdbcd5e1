; Sat, found only by search: the sum of two Float64 values in a narrow
; band, neither of them a formula constant.
; expect: sat
; check: (fp.lt x ((_ to_fp 11 53) RNE 0.71))
; check: (fp.lt y ((_ to_fp 11 53) RNE 0.71))
; check: (fp.isNormal x)
; check: (not (= x y))
; check: (fp.eq (fp.add RNE y x) ((_ to_fp 11 53) RNE 1.0))
(set-logic QF_FP)
(declare-const x Float64)
(declare-const y Float64)
(assert (fp.eq (fp.add RNE x y) ((_ to_fp 11 53) RNE 1.0)))
(assert (fp.gt x ((_ to_fp 11 53) RNE 0.3)))
(assert (fp.gt y ((_ to_fp 11 53) RNE 0.3)))
(assert (not (fp.eq x y)))
(check-sat)
