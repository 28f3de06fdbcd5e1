; ferret hunt finding: wrong-model by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 5, shard 1/1, formula 251, from fp.sqrt
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.099 s (exit 0)
; solver 2: z3 -T:3: sat in 0.135 s (exit 0)
; unreduced formula: formats 2.3, operators not fp.neg fp.sqrt fp.leq fp.isZero
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (not (fp.isZero x0_2_3)))
(assert (fp.leq x1_2_3 x0_2_3))
(check-sat)
(get-model)
