; Unsat by preprocessing: an assertion and its negation (the
; contradiction pass), over a Float64 term nothing can enumerate.
; expect: unsat
; found-by: preprocess
(set-logic QF_FP)
(declare-const x Float64)
(declare-const y Float64)
(assert (fp.lt (fp.mul RNE x y) x))
(assert (fp.isNormal y))
(assert (not (fp.lt (fp.mul RNE x y) x)))
(check-sat)
