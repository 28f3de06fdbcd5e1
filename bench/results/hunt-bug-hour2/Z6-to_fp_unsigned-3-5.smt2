; z3 4.8.12 wrong model (hunt finding cvc5-fpexp-1/000185 of bench/results/hunt-bug-hour).
; sat is right (b1_31 = 0 gives +0), but z3's model b1_31 = 278590 overflows (3,5)
; (largest finite 15.5) to +oo under RNA, which is no zero.  With b1_31 fixed to
; z3's value z3 itself answers unsat, and z3 model_validate=true says
; "an invalid model was generated".
; (Renaming the variable changes z3's search: named b, it finds b = 0.)
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun b1_31 () (_ BitVec 31))
(assert (fp.isZero ((_ to_fp_unsigned 3 5) RNA b1_31)))
(check-sat)
(get-model)
