; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 3116, from fp.geq
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.028 s (exit 0)
; solver 2: z3 -T:3: unknown in 0.053 s (exit 1)
; unreduced formula: formats 2.3, operators = ite fp fp.rem fp.roundToIntegral fp.min fp.geq fp.isInfinite to_fp(real) to_fp_unsigned fp.to_ubv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun r0 () RoundingMode)
(assert (fp.geq (fp.roundToIntegral r0 ((_ to_fp_unsigned 2 3) RTN #x80000000)) ((_ to_fp 2 3) RTN 5699.0)))
(check-sat)
(get-model)
