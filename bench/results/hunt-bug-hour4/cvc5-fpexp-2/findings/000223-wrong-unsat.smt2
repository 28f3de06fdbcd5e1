; ferret hunt finding: wrong-unsat by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 2, shard 1/1, formula 1221, from fp.eq
; solver 1: cvc5 --fp-exp --tlimit=3000: unsat in 0.304 s (exit 0)
; solver 2: z3 -T:3: unknown in 0.162 s (exit 1)
; unreduced formula: formats 2.3,11.53, operators and = fp.abs fp.rem fp.roundToIntegral*2 fp.eq fp.isZero
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun r0 () RoundingMode)
(assert (fp.eq (fp.rem (fp #b1 #b00 #b01) x0_2_3) (fp.roundToIntegral r0 x0_2_3)))
(check-sat)
(get-model)
