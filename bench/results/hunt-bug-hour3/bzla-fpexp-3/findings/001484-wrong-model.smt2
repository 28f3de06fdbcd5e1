; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 9613, from RTZ
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.013 s (exit 0)
; solver 2: z3 -T:3: sat in 0.056 s (exit 0)
; unreduced formula: formats 2.3,3.5, operators and or fp fp.fma fp.rem fp.geq fp.eq fp.isSubnormal fp.isPositive to_fp(bv) to_fp(fp) fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun x1_3_5 () (_ FloatingPoint 3 5))
(assert (and (fp.isSubnormal x0_2_3) (fp.geq ((_ to_fp 2 3) RTN x1_3_5) (fp #b0 #b01 #b00))))
(check-sat)
(get-model)
