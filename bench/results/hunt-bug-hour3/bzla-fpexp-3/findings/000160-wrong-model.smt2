; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 1770, from fp.mul
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.009 s (exit 0)
; solver 2: z3 -T:3: sat in 0.041 s (exit 0)
; unreduced formula: formats 2.3,5.11, operators not and = ite fp.add*2 fp.mul fp.rem fp.leq fp.geq fp.isSubnormal to_fp(fp) to_fp(sbv) fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun x1_5_11 () (_ FloatingPoint 5 11))
(assert (and (fp.isSubnormal x0_2_3) (fp.geq ((_ to_fp 2 3) RTP x1_5_11) (fp #b0 #b01 #b01))))
(check-sat)
(get-model)
