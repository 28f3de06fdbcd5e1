; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 3574, from fp.add
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.207 s (exit 0)
; solver 2: z3 -T:3: crash in 0.129 s (exit 114)
; unreduced formula: formats 2.3,8.8,8.24, operators or fp fp.add*3 fp.fma fp.rem*2 fp.min fp.leq fp.gt fp.isInfinite to_fp(fp)*2 to_fp_unsigned fp.to_ubv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun r0 () RoundingMode)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun b0_8 () (_ BitVec 8))
(assert (fp.leq ((_ to_fp 2 3) RNE (fp #b0 #b01111110 #b00000000000000000000000)) (fp.fma r0 (fp.add RNA x1_2_3 x1_2_3) (fp.rem x0_2_3 x1_2_3) ((_ to_fp_unsigned 2 3) RNE b0_8))))
(check-sat)
(get-model)
