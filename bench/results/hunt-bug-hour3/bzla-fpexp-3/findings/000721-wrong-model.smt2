; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 5201, from fp.to_sbv
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.075 s (exit 0)
; solver 2: z3 -T:3: sat in 0.170 s (exit 0)
; unreduced formula: formats 2.3,8.24, operators and bvugt*2 fp.abs fp.sub fp.roundToIntegral fp.geq fp.to_ubv fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun r0 () RoundingMode)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (bvugt ((_ fp.to_ubv 7) r0 (fp.sub RTP x1_2_3 x1_2_3)) #b0001101))
(check-sat)
(get-model)
