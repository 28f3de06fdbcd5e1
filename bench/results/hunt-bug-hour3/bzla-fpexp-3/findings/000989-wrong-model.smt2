; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 6855, from RNA
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.008 s (exit 0)
; solver 2: z3 -T:3: sat in 0.040 s (exit 0)
; unreduced formula: formats 2.3, operators and or fp.abs fp.neg fp.div*3 fp.sqrt fp.max fp.leq fp.geq fp.gt fp.isSubnormal to_fp(bv) to_fp(real)*2 fp.to_ubv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (and (fp.isSubnormal x1_2_3) (fp.geq x0_2_3 (fp #b0 #b01 #b01))))
(check-sat)
(get-model)
