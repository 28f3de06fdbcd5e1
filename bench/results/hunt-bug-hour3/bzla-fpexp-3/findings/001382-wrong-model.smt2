; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 9144, from RTZ
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.021 s (exit 0)
; solver 2: z3 -T:3: unsat in 0.093 s (exit 1)
; unreduced formula: formats 2.3, operators or = ite fp.add fp.div fp.fma fp.roundToIntegral fp.min fp.isZero*3 to_fp_unsigned
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (= (fp.add RNA x1_2_3 (fp #b1 #b10 #b11)) (fp #b0 #b10 #b11)))
(check-sat)
(get-model)
