; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 7111, from fp.roundToIntegral
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.012 s (exit 0)
; solver 2: z3 -T:3: unknown in 0.031 s (exit 1)
; unreduced formula: formats 2.3,8.24, operators not and or = fp.add fp.mul fp.rem fp.roundToIntegral fp.geq fp.isSubnormal fp.isNegative to_fp(fp)*2
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.geq (fp.roundToIntegral RTN x1_2_3) (fp #b0 #b01 #b10)))
(check-sat)
(get-model)
