; Sat, found only by search: the sum of two Float64 values in a narrow
; band, neither of them a formula constant.
; expect: sat
; check: (fp.eq (fp.add RNE x y) ((_ to_fp 11 53) RNE 1.0))
; check: (fp.gt x ((_ to_fp 11 53) RNE 0.3))
; check: (fp.gt y ((_ to_fp 11 53) RNE 0.3))
; check: (not (fp.eq x y))
(set-logic QF_FP)
(declare-const x Float64)
(declare-const y Float64)
(assert (fp.eq (fp.add RNE x y) ((_ to_fp 11 53) RNE 1.0)))
(assert (fp.gt x ((_ to_fp 11 53) RNE 0.3)))
(assert (fp.gt y ((_ to_fp 11 53) RNE 0.3)))
(assert (not (fp.eq x y)))
(check-sat)
