; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 5850, from edge
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.012 s (exit 0)
; solver 2: z3 -T:3: unknown in 0.033 s (exit 1)
; unreduced formula: formats 2.3, operators and = bvule fp.abs fp.div fp.roundToIntegral fp.isPositive to_fp(sbv)*2 fp.to_ubv fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (= (fp.roundToIntegral RTP x1_2_3) (fp #b0 #b00 #b11)))
(check-sat)
(get-model)
