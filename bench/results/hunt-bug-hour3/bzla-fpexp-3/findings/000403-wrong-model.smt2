; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 3383, from fp.to_sbv
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.160 s (exit 0)
; solver 2: z3 -T:3: sat in 0.253 s (exit 0)
; unreduced formula: formats 2.3,3.2,15.113, operators not or bvule fp.add fp.sub fp.fma fp.roundToIntegral fp.isNormal fp.isNegative to_fp(fp) fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.isNegative (fp.fma RTZ x1_2_3 x1_2_3 x1_2_3)))
(check-sat)
(get-model)
