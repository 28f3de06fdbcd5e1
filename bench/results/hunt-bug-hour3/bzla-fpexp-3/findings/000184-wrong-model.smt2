; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 1994, from fp.to_ubv
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.013 s (exit 0)
; solver 2: z3 -T:3: sat in 0.078 s (exit 0)
; unreduced formula: formats 2.3,8.8, operators and = fp.abs fp.add fp.isSubnormal fp.isNaN to_fp(real) fp.to_ubv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (and (fp.isSubnormal x1_2_3) (= ((_ fp.to_ubv 31) RNE (fp.abs x0_2_3)) #b1000000000000000000000000000000)))
(check-sat)
(get-model)
