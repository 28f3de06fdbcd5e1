; fp.fma, fp.sqrt, fp.rem and fp.roundToIntegral on Float64.  The model
; is x = 2.25, y = 7 - 2.25 * 2.25 = 1.9375; 1.9375 rem 1 = -0.0625 (the
; quotient rounds to 2), 2.25 rem 1 = 0.25.
; expect: sat
; check: (= x ((_ to_fp 11 53) RNE 2.25))
; check: (fp.gt y ((_ to_fp 11 53) RNE 1.9))
; check: (fp.lt y ((_ to_fp 11 53) RNE 2.0))
; check: (fp.eq (fp.rem x ((_ to_fp 11 53) RNE 1.0)) ((_ to_fp 11 53) RNE 0.25))
; check: (fp.eq (fp.roundToIntegral RNE x) ((_ to_fp 11 53) RNE 2.0))
; check: (fp.eq (fp.roundToIntegral RTP x) ((_ to_fp 11 53) RNE 3.0))
; check: (fp.eq (fp.roundToIntegral RTZ y) ((_ to_fp 11 53) RNE 1.0))
; check: (fp.eq (fp.roundToIntegral RNE y) ((_ to_fp 11 53) RNE 2.0))
(set-logic QF_FP)
(declare-const x Float64)
(declare-const y Float64)
(assert (fp.eq (fp.sqrt RNE x) ((_ to_fp 11 53) RNE 1.5)))
(assert (fp.eq (fp.fma RNE x x y) ((_ to_fp 11 53) RNE 7.0)))
(assert (fp.isNegative (fp.rem y ((_ to_fp 11 53) RNE 1.0))))
(assert (fp.eq (fp.roundToIntegral RNA x) ((_ to_fp 11 53) RNE 2.0)))
(check-sat)
