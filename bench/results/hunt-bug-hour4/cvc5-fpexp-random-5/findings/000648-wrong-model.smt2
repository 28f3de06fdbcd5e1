; ferret hunt finding: wrong-model by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 5, shard 1/1, formula 3578, from rm variable
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.153 s (exit 0)
; solver 2: z3 -T:3: sat in 0.352 s (exit 0)
; unreduced formula: formats 2.3,8.24, operators fp.sub fp.div fp.leq fp.isNegative to_fp_unsigned fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(declare-fun r0 () RoundingMode)
(assert (fp.leq x1_2_3 ((_ to_fp_unsigned 2 3) r0 ((_ fp.to_sbv 31) RTZ (fp.sub RTN x1_2_3 (fp #b0 #b10 #b10))))))
(check-sat)
(get-model)
