; ferret hunt finding: wrong-model by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 2, shard 1/1, formula 1220, from rm variable
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.176 s (exit 0)
; solver 2: z3 -T:3: unknown in 0.187 s (exit 1)
; unreduced formula: formats 2.3,11.53, operators and = fp.abs fp.rem fp.roundToIntegral*2 fp.geq fp.isZero
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun r0 () RoundingMode)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (fp.geq (fp #b1 #b00 #b01) (fp.roundToIntegral r0 x0_2_3)))
(check-sat)
(get-model)
