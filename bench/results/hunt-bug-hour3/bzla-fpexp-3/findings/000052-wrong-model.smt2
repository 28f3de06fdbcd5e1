; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 520, from ite
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.019 s (exit 0)
; solver 2: z3 -T:3: sat in 0.481 s (exit 0)
; unreduced formula: formats 2.3,5.11, operators ite fp.sub*3 fp.rem fp.geq fp.eq fp.isSubnormal
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(declare-fun x0_5_11 () (_ FloatingPoint 5 11))
(assert (fp.isSubnormal x1_2_3))
(assert (fp.geq x0_5_11 (fp.rem x0_5_11 x0_5_11)))
(check-sat)
(get-model)
