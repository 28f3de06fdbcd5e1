; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 6301, from RTZ
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.020 s (exit 0)
; solver 2: z3 -T:3: sat in 0.061 s (exit 0)
; unreduced formula: formats 2.3,8.24, operators = fp.abs*2 fp.add fp.leq to_fp(fp) fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun r0 () RoundingMode)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(declare-fun x1_8_24 () (_ FloatingPoint 8 24))
(assert (= ((_ fp.to_sbv 2) r0 (fp #b1 #b00 #b11)) #b11))
(assert (fp.leq (fp.add r0 x1_2_3 x1_2_3) ((_ to_fp 2 3) RTZ x1_8_24)))
(check-sat)
(get-model)
