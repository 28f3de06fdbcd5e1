; ferret hunt finding: wrong-model by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 2, shard 1/1, formula 959, from to_fp_unsigned
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.180 s (exit 0)
; solver 2: z3 -T:3: unsat in 0.501 s (exit 1)
; unreduced formula: formats 2.3,8.8, operators fp.sub fp.geq fp.isNegative to_fp_unsigned fp.to_ubv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (fp.isNegative (fp.sub RTP x0_2_3 x0_2_3)))
(check-sat)
(get-model)
