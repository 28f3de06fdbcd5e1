; ferret hunt disagreement: sat by solver 2, unsat by solver 1, no checked model settles it
; seed 3, shard 1/1, formula 9029, from fp.add
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: unsat in 0.085 s (exit 0)
; solver 2: z3 -T:3: sat in 0.096 s (exit 0)
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (and (fp.isSubnormal x1_2_3) (fp.geq (fp.abs x0_2_3) (fp #b0 #b01 #b00))))
(assert (not (bvsle ((_ fp.to_ubv 18) RNE (fp.add RTZ (fp.add RTN (fp #b0 #b01 #b10) (fp #b0 #b01 #b01)) (fp.add RTP x1_2_3 (fp #b0 #b10 #b10)))) #b000000000000001101)))
(check-sat)
(get-model)
