; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 10215, from =
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.044 s (exit 0)
; solver 2: z3 -T:3: sat in 0.112 s (exit 0)
; unreduced formula: formats 2.3,11.53, operators = fp.sub*2 fp.mul fp.isSubnormal
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun r0 () RoundingMode)
(assert (fp.isSubnormal (fp.mul RTN x0_2_3 (fp.sub r0 x0_2_3 (fp #b1 #b00 #b11)))))
(check-sat)
(get-model)
