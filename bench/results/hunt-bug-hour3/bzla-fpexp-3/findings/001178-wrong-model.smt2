; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 7985, from edge
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.016 s (exit 0)
; solver 2: z3 -T:3: sat in 0.047 s (exit 0)
; unreduced formula: formats 2.3,11.53, operators not and = fp.abs fp.add fp.geq fp.isSubnormal
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (and (fp.isSubnormal x1_2_3) (fp.geq x0_2_3 (fp #b0 #b01 #b11))))
(check-sat)
(get-model)
