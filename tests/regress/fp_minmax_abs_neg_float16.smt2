; fp.min, fp.max, fp.abs and fp.neg on Float16 (an exact 2^-14 bound: the
; smallest normal).
; expect: sat
; check: (fp.eq (fp.min x y) x)
; check: (fp.eq (fp.max x y) y)
; check: (fp.lt (fp.abs x) ((_ to_fp 5 11) RNE 0.00006103515625))
; check: (fp.gt (fp.neg y) ((_ to_fp 5 11) RNE (- 4.0)))
; check: (not (fp.isZero x))
(set-logic QF_FP)
(declare-const x Float16)
(declare-const y Float16)
(assert (fp.lt x y))
(assert (fp.eq (fp.min x y) x))
(assert (fp.eq (fp.max x y) y))
(assert (fp.lt (fp.abs x) ((_ to_fp 5 11) RNE 0.00006103515625)))
(assert (not (fp.isZero x)))
(assert (fp.gt (fp.neg y) ((_ to_fp 5 11) RNE (- 4.0))))
(assert (fp.gt y ((_ to_fp 5 11) RNE 3.0)))
(check-sat)
