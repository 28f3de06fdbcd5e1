; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 4442, from RTZ
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.009 s (exit 0)
; solver 2: z3 -T:3: sat in 0.024 s (exit 0)
; unreduced formula: formats 2.3, operators and fp fp.abs fp.div fp.leq fp.geq fp.isSubnormal fp.to_ubv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (and (fp.isSubnormal x1_2_3) (fp.geq x0_2_3 (fp #b0 #b01 #b11))))
(check-sat)
(get-model)
