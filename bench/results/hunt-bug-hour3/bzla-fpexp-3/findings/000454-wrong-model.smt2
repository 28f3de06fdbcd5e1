; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 3679, from fp.roundToIntegral
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.044 s (exit 0)
; solver 2: z3 -T:3: sat in 0.322 s (exit 0)
; unreduced formula: formats 2.3, operators not or = fp.add fp.rem fp.roundToIntegral fp.gt fp.isZero fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (or (not (fp.isZero x0_2_3)) (fp.gt x0_2_3 x1_2_3)))
(assert (= ((_ fp.to_sbv 63) RTZ (fp.rem x0_2_3 (fp.add RTZ x1_2_3 x1_2_3))) #b000000000000000000000000000000000000000000000000000000000000000))
(check-sat)
(get-model)
