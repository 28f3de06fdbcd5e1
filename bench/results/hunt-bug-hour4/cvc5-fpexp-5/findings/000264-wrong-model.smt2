; ferret hunt finding: wrong-model by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 5, shard 1/1, formula 1349, from fp.sub
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.219 s (exit 0)
; solver 2: z3 -T:3: sat in 0.336 s (exit 0)
; unreduced formula: formats 2.3,8.24, operators and fp.abs fp.neg fp.sub fp.min fp.lt fp.geq fp.isSubnormal
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.lt (fp.sub RNA x1_2_3 x1_2_3) x1_2_3))
(check-sat)
(get-model)
