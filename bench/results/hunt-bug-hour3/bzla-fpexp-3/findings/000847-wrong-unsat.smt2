; ferret hunt finding: wrong-unsat by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 5980, from fp.gt
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: unsat in 0.008 s (exit 0)
; solver 2: z3 -T:3: unknown in 0.021 s (exit 1)
; unreduced formula: formats 2.3, operators fp.fma fp.rem fp.roundToIntegral fp.gt fp.isZero
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun r0 () RoundingMode)
(assert (fp.gt x0_2_3 (fp.roundToIntegral r0 x0_2_3)))
(check-sat)
(get-model)
