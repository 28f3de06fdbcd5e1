; ferret hunt finding: wrong-unsat by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 5, shard 1/1, formula 1958, from fp.lt
; solver 1: cvc5 --fp-exp --tlimit=3000: unsat in 0.021 s (exit 0)
; solver 2: z3 -T:3: sat in 0.027 s (exit 0)
; unreduced formula: formats 5.3,8.8, operators or = bvsgt fp.min fp.lt to_fp(real) fp.to_ubv*2
(set-option :produce-models true)
(set-logic QF_BVFP)
(assert (fp.lt (fp #b0 #b00001 #b00) ((_ to_fp 5 3) RNE 0.08203125)))
(check-sat)
(get-model)
