; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 6758, from edge
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.056 s (exit 0)
; solver 2: z3 -T:3: unsat in 0.094 s (exit 1)
; unreduced formula: formats 2.3, operators not or = ite fp.abs fp.sub fp.rem fp.min*2 fp.gt fp.isNormal fp.isSubnormal
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (fp.gt x1_2_3 (fp #b0 #b00 #b11)))
(assert (= (fp.rem (fp #b0 #b10 #b10) x0_2_3) (fp #b1 #b10 #b11)))
(check-sat)
(get-model)
