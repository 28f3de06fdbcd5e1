; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 7727, from edge
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.012 s (exit 0)
; solver 2: z3 -T:3: unsat in 0.086 s (exit 1)
; unreduced formula: formats 2.3, operators or fp.add fp.mul fp.rem fp.lt fp.gt fp.isInfinite
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.lt (fp.rem x1_2_3 (fp #b1 #b01 #b01)) (fp #b1 #b01 #b00)))
(check-sat)
(get-model)
