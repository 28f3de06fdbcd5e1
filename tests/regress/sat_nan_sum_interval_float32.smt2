; Sat: y = NaN makes x + y NaN whatever x is, so the sum's range (in
; [0, 1] or NaN) bounds nothing about x = 5.  Interval propagation once
; narrowed x to the range minus y anyway and answered unsat (found by
; interval_exhaustive_fp in tests/test_interval.c).  z3: sat.
; expect: sat
; check: (fp.isNaN y)
(set-logic QF_FP)
(declare-const x Float32)
(declare-const y Float32)
(define-fun one () Float32 ((_ to_fp 8 24) RNE 1.0))
(assert (not (fp.gt (fp.add RNE x y) one)))
(assert (not (fp.lt (fp.add RNE x y) (_ +zero 8 24))))
(assert (not (fp.gt y one)))
(assert (not (fp.lt y one)))
(assert (fp.eq x ((_ to_fp 8 24) RNE 5.0)))
(check-sat)
