; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 5003, from fp.sub
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.030 s (exit 0)
; solver 2: z3 -T:3: crash in 0.040 s (exit 114)
; unreduced formula: formats 2.3, operators not*2 fp.sub fp.fma fp.min fp.leq fp.isNegative
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun r0 () RoundingMode)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (not (fp.leq (fp.fma r0 x1_2_3 (fp.sub RTZ x1_2_3 x1_2_3) x1_2_3) x0_2_3)))
(check-sat)
(get-model)
