; ferret hunt finding: wrong-model by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 5, shard 1/1, formula 26, from rm variable
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.044 s (exit 0)
; solver 2: z3 -T:3: unsat in 0.051 s (exit 1)
; unreduced formula: formats 2.3,5.11, operators not or fp.sub*3 fp.div fp.fma*2 fp.sqrt fp.min fp.lt fp.gt fp.isNegative to_fp(sbv) to_fp_unsigned
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun r0 () RoundingMode)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.lt (_ +zero 2 3) (fp.sub r0 x1_2_3 x1_2_3)))
(check-sat)
(get-model)
