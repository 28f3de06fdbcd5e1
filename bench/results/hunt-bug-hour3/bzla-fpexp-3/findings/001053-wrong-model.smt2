; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 7122, from RTZ
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.031 s (exit 0)
; solver 2: z3 -T:3: sat in 0.044 s (exit 0)
; unreduced formula: formats 2.3,3.2, operators or fp.sub fp.sqrt fp.min fp.max fp.lt fp.geq fp.isSubnormal to_fp(bv) to_fp(sbv) to_fp_unsigned fp.to_sbv*2
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_3_2 () (_ FloatingPoint 3 2))
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (or (fp.geq (_ +zero 3 2) (fp.min (_ +zero 3 2) (fp #b0 #b000 #b1))) (fp.lt ((_ to_fp 3 2) RTP ((_ fp.to_sbv 66) RTZ x0_3_2)) (fp #b1 #b000 #b1))))
(assert (fp.isSubnormal x1_2_3))
(check-sat)
(get-model)
