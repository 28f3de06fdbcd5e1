; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 5010, from fp.rem
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.117 s (exit 0)
; solver 2: z3 -T:3: sat in 0.267 s (exit 0)
; unreduced formula: formats 2.3,5.8, operators fp.fma fp.rem fp.lt fp.isSubnormal
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (fp.lt (fp.rem x0_2_3 (fp.fma RNE (fp #b1 #b01 #b00) x0_2_3 (fp #b0 #b00 #b11))) (fp #b1 #b01 #b00)))
(check-sat)
(get-model)
