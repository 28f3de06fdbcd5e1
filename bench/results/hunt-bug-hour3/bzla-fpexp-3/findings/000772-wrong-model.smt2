; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 5550, from RTZ
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.197 s (exit 0)
; solver 2: z3 -T:3: unsat in 0.499 s (exit 1)
; unreduced formula: formats 2.3, operators fp.mul fp.fma fp.rem fp.max fp.lt fp.isPositive to_fp(sbv) fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.lt (fp.fma RTZ (fp.rem x0_2_3 (fp #b0 #b01 #b01)) x1_2_3 (fp #b0 #b10 #b10)) (fp.mul RNA x1_2_3 (_ +zero 2 3))))
(assert (fp.isPositive x1_2_3))
(check-sat)
(get-model)
