; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 9817, from fp.add
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.053 s (exit 0)
; solver 2: z3 -T:3: unknown in 0.033 s (exit 1)
; unreduced formula: formats 2.3, operators not*2 or bvule bvsle fp fp.add fp.roundToIntegral fp.max fp.isNormal to_fp(real) fp.to_ubv*2 fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (not (bvsle ((_ fp.to_ubv 37) RTN (fp.roundToIntegral RTP (fp.add RTZ x0_2_3 x1_2_3))) #b0000000000000000000000000000000000001)))
(check-sat)
(get-model)
