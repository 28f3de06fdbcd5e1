; ferret hunt finding: wrong-model by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 5, shard 1/1, formula 29, from fp.to_ubv
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.129 s (exit 0)
; solver 2: z3 -T:3: unsat in 0.115 s (exit 1)
; unreduced formula: formats 2.3,5.11, operators not or = fp.sub fp.fma fp.sqrt fp.min fp.lt fp.isNegative to_fp(sbv) to_fp_unsigned fp.to_ubv*2
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun r0 () RoundingMode)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.lt (_ +zero 2 3) (fp.sub r0 x1_2_3 x1_2_3)))
(check-sat)
(get-model)
