; ferret hunt finding: wrong-unsat by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 5, shard 1/1, formula 1960, from RTN
; solver 1: cvc5 --fp-exp --tlimit=3000: unsat in 0.076 s (exit 0)
; solver 2: z3 -T:3: sat in 0.093 s (exit 0)
; unreduced formula: formats 5.3,5.8, operators or = fp.sub fp.div fp.min*2 fp.lt fp.isNormal to_fp(real) fp.to_ubv
(set-option :produce-models true)
(set-logic QF_BVFP)
(assert (fp.lt (fp #b0 #b00001 #b00) ((_ to_fp 5 3) RTN 0.08203125)))
(check-sat)
(get-model)
