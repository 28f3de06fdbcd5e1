; ferret hunt disagreement: sat by solver 2, unsat by solver 1, no checked model settles it
; seed 3, shard 1/1, formula 6714, from fp.sqrt
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: unsat in 0.019 s (exit 0)
; solver 2: z3 -T:3: sat in 0.105 s (exit 0)
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.isSubnormal (fp.add RTN (fp.add RTN (fp #b0 #b10 #b11) x1_2_3) (fp.min x1_2_3 (_ +zero 2 3)))))
(assert (bvsgt ((_ fp.to_sbv 23) RTP (fp.rem ((_ to_fp 2 3) #b01111) (fp.sqrt RNA (fp #b0 #b00 #b11)))) #b00000000000000000000000))
(check-sat)
(get-model)
