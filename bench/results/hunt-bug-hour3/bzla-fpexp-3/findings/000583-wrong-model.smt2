; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 4488, from edge
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.019 s (exit 0)
; solver 2: z3 -T:3: sat in 0.045 s (exit 0)
; unreduced formula: formats 2.3, operators and bvule fp.abs fp.gt fp.isSubnormal to_fp(sbv) fp.to_ubv fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (and (fp.isSubnormal x0_2_3) (fp.gt x1_2_3 (fp #b0 #b10 #b01))))
(check-sat)
(get-model)
