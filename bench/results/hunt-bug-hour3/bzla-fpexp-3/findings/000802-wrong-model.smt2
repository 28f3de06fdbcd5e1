; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 5800, from fp.gt
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.013 s (exit 0)
; solver 2: z3 -T:3: unsat in 0.103 s (exit 1)
; unreduced formula: formats 2.3, operators = fp.add fp.sqrt fp.gt
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (= (fp.add RTZ x1_2_3 x1_2_3) (fp #b0 #b00 #b01)))
(check-sat)
(get-model)
