; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 10114, from RTZ
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.025 s (exit 0)
; solver 2: z3 -T:3: unsat in 0.179 s (exit 1)
; unreduced formula: formats 2.3,5.11, operators or bvsle fp.abs fp.rem fp.min fp.lt fp.eq to_fp(bv) to_fp(sbv)*2 fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun b0_5 () (_ BitVec 5))
(assert (fp.eq (fp.rem (fp.min x0_2_3 (fp #b1 #b10 #b01)) ((_ to_fp 2 3) b0_5)) (fp #b0 #b01 #b01)))
(check-sat)
(get-model)
