; ferret hunt finding: wrong-unsat by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 6199, from fp.mul
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: unsat in 0.025 s (exit 0)
; solver 2: z3 -T:3: sat in 0.048 s (exit 0)
; unreduced formula: formats 2.3, operators not fp.add fp.mul fp.isZero*2
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun r0 () RoundingMode)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (not (fp.isZero x0_2_3)))
(assert (fp.isZero (fp.add r0 (fp #b0 #b10 #b11) x1_2_3)))
(check-sat)
(get-model)
