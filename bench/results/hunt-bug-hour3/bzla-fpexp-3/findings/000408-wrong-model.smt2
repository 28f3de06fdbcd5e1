; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 3391, from RTZ
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.068 s (exit 0)
; solver 2: z3 -T:3: sat in 0.367 s (exit 0)
; unreduced formula: formats 2.3, operators not*2 ite fp fp.neg fp.add fp.sub fp.mul fp.div fp.rem fp.max*2 fp.leq fp.geq fp.isNegative fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun r0 () RoundingMode)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (not (fp.geq (_ +zero 2 3) (fp.add r0 x0_2_3 (fp.neg x1_2_3)))))
(assert (fp.leq x1_2_3 x1_2_3))
(check-sat)
(get-model)
