; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 1462, from fp.min
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.096 s (exit 0)
; solver 2: z3 -T:3: sat in 0.316 s (exit 0)
; unreduced formula: formats 2.3,5.3,8.24, operators bvule fp.min fp.isSubnormal to_fp(fp) fp.to_ubv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_8_24 () (_ FloatingPoint 8 24))
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (bvule ((_ fp.to_ubv 50) RTZ ((_ to_fp 5 3) RTN (fp.min x1_8_24 (fp #b1 #b00000001 #b00000000000000000000000)))) #b10000000000000000000000000000000000000000000000000))
(assert (fp.isSubnormal x1_2_3))
(check-sat)
(get-model)
