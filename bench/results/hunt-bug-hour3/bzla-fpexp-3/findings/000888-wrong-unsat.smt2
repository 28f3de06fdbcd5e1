; ferret hunt finding: wrong-unsat by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 6198, from fp.add
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: unsat in 0.015 s (exit 0)
; solver 2: z3 -T:3: sat in 0.062 s (exit 0)
; unreduced formula: formats 2.3, operators not fp.add fp.max fp.isZero*2
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun r0 () RoundingMode)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.isZero (fp.add r0 (fp #b0 #b10 #b11) x1_2_3)))
(check-sat)
(get-model)
