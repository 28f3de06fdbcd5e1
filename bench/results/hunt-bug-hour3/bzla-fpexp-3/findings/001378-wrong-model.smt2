; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 9139, from RNA
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.009 s (exit 0)
; solver 2: z3 -T:3: unsat in 0.033 s (exit 1)
; unreduced formula: formats 2.3,8.8, operators or*2 =*2 ite*3 fp fp.neg*2 fp.add*2 fp.sub fp.div*2 fp.fma fp.rem fp.roundToIntegral fp.min fp.lt fp.eq fp.isZero fp.isInfinite fp.isNaN to_fp(bv) to_fp_unsigned fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (= (fp.add RNA x1_2_3 (fp #b1 #b10 #b11)) (fp #b0 #b10 #b11)))
(check-sat)
(get-model)
