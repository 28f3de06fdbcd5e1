; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 7199, from edge
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.023 s (exit 0)
; solver 2: z3 -T:3: sat in 0.052 s (exit 0)
; unreduced formula: formats 2.3, operators and bvule fp.abs fp.mul fp.div fp.rem fp.eq fp.isSubnormal fp.to_ubv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (and (fp.isSubnormal x0_2_3) (fp.eq x1_2_3 (fp #b0 #b01 #b00))))
(assert (bvule ((_ fp.to_ubv 58) RNE (fp.div RTZ x0_2_3 (fp #b0 #b10 #b10))) #b0000010110101111111011000100010110001010100101110010110101))
(check-sat)
(get-model)
