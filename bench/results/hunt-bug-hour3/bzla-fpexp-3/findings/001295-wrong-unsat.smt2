; ferret hunt finding: wrong-unsat by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 8647, from RTZ
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: unsat in 0.032 s (exit 0)
; solver 2: z3 -T:3: sat in 0.060 s (exit 0)
; unreduced formula: formats 2.3, operators not fp fp.add fp.div*2 fp.fma*2 fp.isNormal fp.isZero to_fp_unsigned
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.isZero (fp.div RTP (fp.add RNE x0_2_3 x1_2_3) x1_2_3)))
(check-sat)
(get-model)
