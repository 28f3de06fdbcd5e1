; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 2999, from fp.to_ubv
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.055 s (exit 0)
; solver 2: z3 -T:3: sat in 0.146 s (exit 0)
; unreduced formula: formats 2.3, operators not and or = fp.abs*2 fp.sqrt fp.rem fp.roundToIntegral fp.gt fp.isSubnormal fp.isPositive fp.to_ubv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (and (fp.isSubnormal x0_2_3) (= ((_ fp.to_ubv 33) RTN x1_2_3) #b000000000000000000000000000000001)))
(check-sat)
(get-model)
