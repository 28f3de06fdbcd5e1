; ferret hunt finding: wrong-model by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 5, shard 1/1, formula 2156, from fp.min
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.116 s (exit 0)
; solver 2: z3 -T:3: unknown in 0.106 s (exit 1)
; unreduced formula: formats 2.3,8.24, operators fp.roundToIntegral*2 fp.min fp.eq fp.isNormal to_fp_unsigned
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(declare-fun r0 () RoundingMode)
(assert (fp.eq x1_2_3 (fp.roundToIntegral r0 (fp #b1 #b00 #b11))))
(check-sat)
(get-model)
