; z3 4.8.12 wrong model (hunt finding cvc5-fpexp-2/000139 of bench/results/hunt-bug-hour).
; sat is right (b1_31 = 0), but z3's model b1_31 = #b1011110100010110101100100000100
; is the signed integer -561,293,052: to (3,5) under RTZ that overflows to
; the largest finite magnitude, -15.5, and fp.to_sbv RTZ of -15.5 is -15,
; not 0.  z3's own simplifier gives -15; z3 model_validate=true rejects the model.
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun b1_31 () (_ BitVec 31))
(assert (= ((_ fp.to_sbv 33) RTZ ((_ to_fp 3 5) RTZ b1_31)) #b000000000000000000000000000000000))
(check-sat)
(get-model)
