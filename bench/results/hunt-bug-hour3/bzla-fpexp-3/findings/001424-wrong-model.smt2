; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 9332, from fp.add
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.014 s (exit 0)
; solver 2: z3 -T:3: unsat in 0.029 s (exit 1)
; unreduced formula: formats 2.3, operators = ite*2 fp fp.abs*2 fp.add fp.mul fp.rem fp.gt*2 fp.isNormal fp.to_ubv fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.gt x0_2_3 (fp.add RTZ (fp.abs x1_2_3) x0_2_3)))
(check-sat)
(get-model)
