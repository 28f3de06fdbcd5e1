; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 9789, from generate
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.013 s (exit 0)
; solver 2: z3 -T:3: sat in 0.103 s (exit 0)
; unreduced formula: formats 2.3,5.3, operators = fp fp.abs*2 fp.add fp.div fp.max*2 fp.isNormal to_fp(real) fp.to_ubv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun r0 () RoundingMode)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (= (fp.add RTN x0_2_3 x0_2_3) (fp.div r0 x1_2_3 x0_2_3)))
(check-sat)
(get-model)
