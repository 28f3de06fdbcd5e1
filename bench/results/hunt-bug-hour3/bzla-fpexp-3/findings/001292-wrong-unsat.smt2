; ferret hunt finding: wrong-unsat by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 8644, from RTP
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: unsat in 0.016 s (exit 0)
; solver 2: z3 -T:3: sat in 0.035 s (exit 0)
; unreduced formula: formats 2.3,15.113, operators fp.add fp.mul fp.div*2 fp.roundToIntegral fp.eq fp.isZero
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.isZero (fp.div RTP (fp.add RNE x0_2_3 x1_2_3) x1_2_3)))
(check-sat)
(get-model)
