; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 5935, from RTZ
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.055 s (exit 0)
; solver 2: z3 -T:3: sat in 0.096 s (exit 0)
; unreduced formula: formats 2.3, operators not =*2 ite*2 fp.abs fp.neg fp.sub fp.min fp.max fp.eq fp.isZero to_fp(sbv) to_fp_unsigned fp.to_ubv fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (= ((_ fp.to_ubv 9) RNA (fp.max x1_2_3 (fp.sub RNE x0_2_3 x1_2_3))) #b100000000))
(check-sat)
(get-model)
