; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 10331, from RTZ
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.017 s (exit 0)
; solver 2: z3 -T:3: sat in 0.105 s (exit 0)
; unreduced formula: formats 2.3,8.24, operators not or = fp.div*2 fp.fma fp.min fp.max fp.lt fp.isInfinite to_fp(fp) fp.to_ubv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.lt (_ +zero 2 3) x0_2_3))
(assert (or (not (fp.isInfinite (fp.max x1_2_3 x0_2_3))) (= ((_ fp.to_ubv 31) RTN x1_2_3) #b0110010100000001010100010001011)))
(check-sat)
(get-model)
