; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 10246, from =
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.031 s (exit 0)
; solver 2: z3 -T:3: sat in 0.060 s (exit 0)
; unreduced formula: formats 2.3,5.3, operators and =*2 fp.abs fp.mul fp.sqrt fp.isSubnormal fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_5_3 () (_ FloatingPoint 5 3))
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (= ((_ fp.to_sbv 31) RTZ x1_5_3) #b1111111111111111111111111111111))
(assert (fp.isSubnormal x0_2_3))
(check-sat)
(get-model)
