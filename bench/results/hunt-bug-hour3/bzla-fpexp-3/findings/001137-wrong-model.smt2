; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 7631, from fp.lt
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.032 s (exit 0)
; solver 2: z3 -T:3: unsat in 0.088 s (exit 1)
; unreduced formula: formats 2.3, operators and or ite bvsgt fp.abs fp.fma fp.rem*2 fp.min fp.lt*2 fp.isSubnormal fp.isNegative to_fp_unsigned fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.lt (fp #b0 #b01 #b01) (fp.rem (fp #b0 #b00 #b11) x1_2_3)))
(check-sat)
(get-model)
