; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 1736, from RNE
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.032 s (exit 0)
; solver 2: z3 -T:3: sat in 0.135 s (exit 0)
; unreduced formula: formats 2.3,8.24, operators not and or = ite fp.abs fp.roundToIntegral fp.min fp.geq*2 fp.isSubnormal fp.isInfinite to_fp(bv) to_fp(fp)*2 fp.to_ubv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (and (fp.isSubnormal x0_2_3) (fp.geq x1_2_3 (fp #b0 #b01 #b11))))
(check-sat)
(get-model)
