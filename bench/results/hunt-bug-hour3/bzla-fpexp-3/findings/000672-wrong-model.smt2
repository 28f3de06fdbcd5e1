; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 5012, from fp.sub
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.061 s (exit 0)
; solver 2: z3 -T:3: sat in 0.234 s (exit 0)
; unreduced formula: formats 2.3, operators fp.sub fp.rem fp.lt fp.isNegative
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (fp.lt (fp.rem x0_2_3 (fp.sub RTN (fp #b1 #b01 #b00) x0_2_3)) (fp #b1 #b01 #b00)))
(check-sat)
(get-model)
