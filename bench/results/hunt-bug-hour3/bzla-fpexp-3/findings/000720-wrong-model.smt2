; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 5200, from generate
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.019 s (exit 0)
; solver 2: z3 -T:3: sat in 0.064 s (exit 0)
; unreduced formula: formats 2.3,8.24, operators and bvugt fp.abs fp.sub fp.roundToIntegral fp.geq fp.isSubnormal fp.to_ubv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun r0 () RoundingMode)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (bvugt ((_ fp.to_ubv 7) r0 (fp.sub RTP x1_2_3 x1_2_3)) #b0001101))
(check-sat)
(get-model)
