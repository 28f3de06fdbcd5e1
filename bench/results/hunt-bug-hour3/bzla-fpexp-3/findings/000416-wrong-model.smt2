; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 3434, from fp.add
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.056 s (exit 0)
; solver 2: z3 -T:3: sat in 0.125 s (exit 0)
; unreduced formula: formats 2.3, operators = fp.neg fp.add fp.roundToIntegral fp.isSubnormal
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.isSubnormal (fp.add RTP x1_2_3 x1_2_3)))
(check-sat)
(get-model)
