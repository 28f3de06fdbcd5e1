; ferret quick start: two Float32 numbers whose product is 6.0.
;   ferret examples/quickstart.smt2     (exit code 10 when sat)
(set-logic QF_FP)
(set-option :produce-models true)
(declare-const x Float32)
(declare-const y Float32)
(define-fun six () Float32 ((_ to_fp 8 24) RNE 6.0))
; x * y = 6.0 (rounded to nearest, ties to even), both in [1, 4]
(assert (fp.eq (fp.mul RNE x y) six))
(assert (fp.leq ((_ to_fp 8 24) RNE 1.0) x ((_ to_fp 8 24) RNE 4.0)))
(assert (fp.leq ((_ to_fp 8 24) RNE 1.0) y ((_ to_fp 8 24) RNE 4.0)))
; x is not an integer, so the obvious 2 * 3 is excluded
(assert (not (fp.eq x (fp.roundToIntegral RNE x))))
(check-sat)
(get-model)
(get-value ((fp.mul RNE x y)))
