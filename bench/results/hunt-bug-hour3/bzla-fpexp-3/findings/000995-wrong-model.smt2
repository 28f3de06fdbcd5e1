; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 6893, from fp.add
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.033 s (exit 0)
; solver 2: z3 -T:3: sat in 0.064 s (exit 0)
; unreduced formula: formats 2.3, operators not ite bvule fp.add*2 fp.fma fp.rem fp.min fp.max fp.lt*2 fp.to_ubv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (fp.lt x1_2_3 (fp.add RTZ x0_2_3 x0_2_3)))
(assert (not (fp.lt x0_2_3 x1_2_3)))
(check-sat)
(get-model)
