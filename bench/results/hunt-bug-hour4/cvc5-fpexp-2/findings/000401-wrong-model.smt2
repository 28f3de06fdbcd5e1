; ferret hunt finding: wrong-model by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 2, shard 1/1, formula 2416, from generate
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.407 s (exit 0)
; solver 2: z3 -T:3: unsat in 0.269 s (exit 1)
; unreduced formula: formats 2.3,11.53, operators and fp.abs fp.sub fp.mul fp.sqrt fp.rem*2 fp.geq fp.eq fp.isSubnormal to_fp_unsigned
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (fp.eq x1_2_3 (fp.rem x0_2_3 x1_2_3)))
(check-sat)
(get-model)
