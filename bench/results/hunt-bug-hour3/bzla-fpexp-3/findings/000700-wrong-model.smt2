; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 5129, from RNE
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.012 s (exit 0)
; solver 2: z3 -T:3: sat in 0.051 s (exit 0)
; unreduced formula: formats 2.3, operators not fp.abs*2 fp.fma fp.max fp.leq fp.gt to_fp_unsigned
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (not (fp.leq x0_2_3 (_ +zero 2 3))))
(assert (fp.gt ((_ to_fp_unsigned 2 3) RTZ #b00000000000000000000000000000000000000000000000000000000000000001) x0_2_3))
(check-sat)
(get-model)
