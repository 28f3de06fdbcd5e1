; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 5384, from fp.gt
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.033 s (exit 0)
; solver 2: z3 -T:3: sat in 0.239 s (exit 0)
; unreduced formula: formats 2.3, operators not = ite*2 fp.add fp.sub fp.fma*2 fp.min fp.max fp.geq fp.gt fp.isZero to_fp(bv) fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.isZero (ite (fp.gt (_ +zero 2 3) x0_2_3) x0_2_3 x1_2_3)))
(assert (not (fp.geq (fp.fma RTZ x0_2_3 ((_ to_fp 2 3) ((_ fp.to_sbv 5) RTN x0_2_3)) (fp.sub RTP (_ +zero 2 3) x0_2_3)) (fp.max (ite (= x0_2_3 (_ +zero 2 3)) x1_2_3 (fp #b1 #b01 #b10)) x1_2_3))))
(check-sat)
(get-model)
