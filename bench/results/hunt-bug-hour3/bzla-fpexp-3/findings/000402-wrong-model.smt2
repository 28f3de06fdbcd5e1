; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 3382, from generate
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.051 s (exit 0)
; solver 2: z3 -T:3: sat in 0.435 s (exit 0)
; unreduced formula: formats 2.3,3.2,15.113, operators not or ite*2 fp.add fp.sub fp.mul fp.fma fp.roundToIntegral fp.leq fp.geq fp.isNormal*2 fp.isNegative to_fp(fp) to_fp(sbv) to_fp_unsigned
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.isNegative (fp.fma RTZ x1_2_3 x1_2_3 x1_2_3)))
(check-sat)
(get-model)
