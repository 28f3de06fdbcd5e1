; ferret hunt finding: wrong-model by solver 2 (z3 -T:3)
; seed 3, shard 1/1, formula 2100, from RNE
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.046 s (exit 0)
; solver 2: z3 -T:3: sat in 0.169 s (exit 0)
; unreduced formula: formats 4.4,5.8,8.24,15.113, operators not or =*2 fp.sqrt*2 fp.rem fp.roundToIntegral fp.gt to_fp(fp)*2 to_fp_unsigned
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun r0 () RoundingMode)
(declare-fun x0_15_113 () (_ FloatingPoint 15 113))
(declare-fun x1_5_8 () (_ FloatingPoint 5 8))
(assert (= (_ +zero 4 4) ((_ to_fp 4 4) r0 x0_15_113)))
(assert (not (fp.gt ((_ to_fp_unsigned 5 8) r0 #b100000000000000000000000000000000000000000000000000000000000000000) x1_5_8)))
(check-sat)
(get-model)
