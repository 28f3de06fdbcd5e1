; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 7055, from RTZ
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.004 s (exit 0)
; solver 2: z3 -T:3: unknown in 0.017 s (exit 1)
; unreduced formula: formats 2.3,8.24, operators and = fp.abs fp.neg fp.roundToIntegral fp.lt fp.geq to_fp(fp) to_fp(sbv) fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (= (fp.roundToIntegral RTZ x0_2_3) (fp #b0 #b10 #b11)))
(check-sat)
(get-model)
