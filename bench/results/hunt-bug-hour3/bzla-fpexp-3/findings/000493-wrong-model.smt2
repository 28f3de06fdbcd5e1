; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 3914, from fp.sqrt
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.023 s (exit 0)
; solver 2: z3 -T:3: unsat in 0.100 s (exit 1)
; unreduced formula: formats 2.3, operators ite bvsle fp.sub fp.mul fp.sqrt fp.rem fp.roundToIntegral fp.min fp.isNormal fp.isSubnormal fp.to_ubv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun r0 () RoundingMode)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.isNormal (fp.sub r0 x1_2_3 x1_2_3)))
(check-sat)
(get-model)
