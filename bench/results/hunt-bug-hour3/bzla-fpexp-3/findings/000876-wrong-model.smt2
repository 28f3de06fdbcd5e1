; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 6116, from RTZ
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.032 s (exit 0)
; solver 2: z3 -T:3: sat in 0.088 s (exit 0)
; unreduced formula: formats 2.3, operators bvule fp.abs fp.sqrt fp.isSubnormal fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (bvule ((_ fp.to_sbv 2) RTP (fp.sqrt RTZ x1_2_3)) #b01))
(assert (fp.isSubnormal x0_2_3))
(check-sat)
(get-model)
