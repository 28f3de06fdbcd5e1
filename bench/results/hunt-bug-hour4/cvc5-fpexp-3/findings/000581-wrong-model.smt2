; ferret hunt finding: wrong-model by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 3, shard 1/1, formula 3138, from fp.roundToIntegral
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.270 s (exit 0)
; solver 2: z3 -T:3: unknown in 0.361 s (exit 1)
; unreduced formula: formats 2.3, operators and fp.abs fp.roundToIntegral fp.geq fp.isSubnormal*2
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (fp.isSubnormal (fp.roundToIntegral RTN x0_2_3)))
(check-sat)
(get-model)
