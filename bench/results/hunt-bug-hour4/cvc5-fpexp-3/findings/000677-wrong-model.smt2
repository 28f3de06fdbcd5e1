; ferret hunt finding: wrong-model by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 3, shard 1/1, formula 3654, from fp.roundToIntegral
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.145 s (exit 0)
; solver 2: z3 -T:3: unknown in 0.211 s (exit 1)
; unreduced formula: formats 2.3,15.113, operators = bvsgt fp.abs fp.roundToIntegral to_fp(sbv) fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (= (fp.roundToIntegral RTZ x1_2_3) (fp.abs x0_2_3)))
(check-sat)
(get-model)
