; ferret hunt finding: wrong-model by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 5, shard 1/1, formula 1275, from fp.isNegative
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.245 s (exit 0)
; solver 2: z3 -T:3: sat in 0.302 s (exit 0)
; unreduced formula: formats 2.3, operators not or bvsgt fp.sub fp.div fp.sqrt fp.rem fp.isZero fp.isNegative to_fp(bv)*2 fp.to_ubv*2 fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.isZero (fp.rem (fp.div RTZ x1_2_3 x1_2_3) x1_2_3)))
(check-sat)
(get-model)
