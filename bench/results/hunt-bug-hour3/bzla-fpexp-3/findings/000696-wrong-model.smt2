; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 5113, from fp.sub
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.016 s (exit 0)
; solver 2: z3 -T:3: sat in 0.134 s (exit 0)
; unreduced formula: formats 2.3, operators not and fp.sub*2 fp.geq*2 fp.isSubnormal
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (not (fp.geq x0_2_3 (fp.sub RTP x1_2_3 (fp #b0 #b00 #b11)))))
(assert (fp.isSubnormal x0_2_3))
(check-sat)
(get-model)
