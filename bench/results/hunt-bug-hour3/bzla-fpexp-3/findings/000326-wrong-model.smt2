; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 3043, from RNA
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.051 s (exit 0)
; solver 2: z3 -T:3: sat in 0.435 s (exit 0)
; unreduced formula: formats 2.3,5.8, operators not and or ite fp fp.abs fp.neg fp.add fp.fma fp.max fp.geq fp.gt fp.eq fp.isSubnormal fp.isZero to_fp(bv) fp.to_ubv*2
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (and (fp.isSubnormal x1_2_3) (fp.geq x0_2_3 (fp #b0 #b01 #b10))))
(check-sat)
(get-model)
