; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 6123, from rm variable
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.023 s (exit 0)
; solver 2: z3 -T:3: sat in 0.068 s (exit 0)
; unreduced formula: formats 2.3,4.4, operators and fp.abs*2 fp.rem fp.geq fp.eq fp.isSubnormal to_fp(real)*2
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun r0 () RoundingMode)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun x0_4_4 () (_ FloatingPoint 4 4))
(assert (fp.eq ((_ to_fp 2 3) r0 0.07421875) x0_2_3))
(assert (fp.geq x0_4_4 (fp #b0 #b1010 #b010)))
(check-sat)
(get-model)
