; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 3420, from RTP
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.072 s (exit 0)
; solver 2: z3 -T:3: sat in 0.135 s (exit 0)
; unreduced formula: formats 2.3,5.8, operators and ite fp.abs fp.fma fp.min fp.geq fp.eq fp.isSubnormal fp.isNaN
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (fp.eq (fp #b0 #b01 #b00) (fp.fma RTP x1_2_3 (ite (fp.isNaN x1_2_3) (fp #b1 #b01 #b00) x0_2_3) x0_2_3)))
(check-sat)
(get-model)
