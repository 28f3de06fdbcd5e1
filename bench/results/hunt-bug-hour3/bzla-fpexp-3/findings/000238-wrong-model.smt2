; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 2461, from fp.to_sbv
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.108 s (exit 0)
; solver 2: z3 -T:3: crash in 0.107 s (exit 114)
; unreduced formula: formats 2.3, operators and bvugt fp.abs fp.sub fp.fma fp.roundToIntegral fp.geq fp.isZero fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun r0 () RoundingMode)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.isZero (fp.fma r0 (fp.sub RTZ x1_2_3 x1_2_3) x1_2_3 x1_2_3)))
(assert (bvugt ((_ fp.to_sbv 66) RTP x1_2_3) #b000000000000000000000000000000000000000000000000000000000000000001))
(check-sat)
(get-model)
