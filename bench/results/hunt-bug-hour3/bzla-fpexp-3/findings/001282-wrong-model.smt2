; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 8571, from fp.add
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.015 s (exit 0)
; solver 2: z3 -T:3: unknown in 0.038 s (exit 1)
; unreduced formula: formats 2.3, operators and fp.add fp.roundToIntegral fp.geq fp.isSubnormal*2
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (fp.isSubnormal (fp.roundToIntegral RTZ x0_2_3)))
(check-sat)
(get-model)
