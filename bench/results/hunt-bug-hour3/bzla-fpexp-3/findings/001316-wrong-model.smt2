; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 8789, from fp.add
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.012 s (exit 0)
; solver 2: z3 -T:3: sat in 0.043 s (exit 0)
; unreduced formula: formats 2.3, operators not fp.add*2 fp.div fp.fma fp.roundToIntegral*2 fp.lt fp.isNegative to_fp_unsigned*2
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.isNegative (fp.add RNE x1_2_3 (_ +zero 2 3))))
(assert (not (fp.lt (fp.add RNE (fp #b1 #b00 #b01) x1_2_3) x1_2_3)))
(check-sat)
(get-model)
