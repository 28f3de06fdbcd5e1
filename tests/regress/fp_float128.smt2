; Float128: 1 + 2^-112 is exact there (and not in Float64); its square
; root under RTP is 1 + 2^-112 again, under RTZ 1.
; expect: sat
; check: (fp.lt x (fp #b0 #b011111111111111 #x0000000000000000000000000003))
; check: (fp.isNormal x)
; check: (= ((_ to_fp 15 113) RNE ((_ to_fp 11 53) RNE x)) ((_ to_fp 15 113) RNE 1.0))
; check: (= (fp.sqrt RTN x) ((_ to_fp 15 113) RNE 1.0))
; check: (= (fp.sqrt RTP x) (fp #b0 #b011111111111111 #x0000000000000000000000000001))
(set-logic QF_FP)
(declare-const x Float128)
(assert (fp.gt x ((_ to_fp 15 113) RNE 1.0)))
(assert (fp.lt x ((_ to_fp 15 113) RNE 1.0000000001)))
(assert (= (fp.sqrt RTZ x) ((_ to_fp 15 113) RNE 1.0)))
(check-sat)
