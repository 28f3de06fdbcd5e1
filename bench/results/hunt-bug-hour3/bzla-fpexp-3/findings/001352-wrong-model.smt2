; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 9053, from fp.add
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.030 s (exit 0)
; solver 2: z3 -T:3: sat in 0.114 s (exit 0)
; unreduced formula: formats 2.3, operators and fp.neg fp.add*2 fp.rem fp.geq fp.eq fp.isSubnormal to_fp(bv) fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.eq (fp #b0 #b00 #b01) (fp.rem x0_2_3 x1_2_3)))
(check-sat)
(get-model)
