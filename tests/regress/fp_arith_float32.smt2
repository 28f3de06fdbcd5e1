; fp.add, fp.sub, fp.mul, fp.div on Float32 under RNE.
; expect: sat
; check: (fp.eq (fp.add RNE x y) ((_ to_fp 8 24) RNE 10.0))
; check: (fp.gt (fp.sub RNE x y) ((_ to_fp 8 24) RNE 1.0))
; check: (fp.lt (fp.mul RNE x y) ((_ to_fp 8 24) RNE 24.5))
; check: (fp.geq (fp.div RNE x y) ((_ to_fp 8 24) RNE 1.5))
(set-logic QF_FP)
(declare-const x Float32)
(declare-const y Float32)
(assert (fp.eq (fp.add RNE x y) ((_ to_fp 8 24) RNE 10.0)))
(assert (fp.gt (fp.sub RNE x y) ((_ to_fp 8 24) RNE 1.0)))
(assert (fp.lt (fp.mul RNE x y) ((_ to_fp 8 24) RNE 24.5)))
(assert (fp.geq (fp.div RNE x y) ((_ to_fp 8 24) RNE 1.5)))
(check-sat)
