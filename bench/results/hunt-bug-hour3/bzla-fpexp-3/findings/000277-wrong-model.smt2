; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 2739, from fp.gt
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.029 s (exit 0)
; solver 2: z3 -T:3: sat in 0.104 s (exit 0)
; unreduced formula: formats 2.3,5.8, operators fp.neg*2 fp.sqrt*2 fp.gt fp.isSubnormal
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_5_8 () (_ FloatingPoint 5 8))
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (fp.gt x0_5_8 (fp #b0 #b00000 #b1111111)))
(assert (fp.isSubnormal x0_2_3))
(check-sat)
(get-model)
