; fp.eq with a NaN is false whatever x is, so its negation holds in every
; model; x + NaN is NaN and x itself is free (here: not NaN, below 1).
; expect: sat
; check: (fp.isNaN (fp.add RNE x (_ NaN 8 24)))
; check: (not (fp.isNaN x))
; check: (fp.leq x ((_ to_fp 8 24) RNE 1.0))
(set-logic QF_FP)
(declare-const x Float32)
(assert (not (fp.eq x (_ NaN 8 24))))
(assert (fp.lt x ((_ to_fp 8 24) RNE 1.0)))
(check-sat)
