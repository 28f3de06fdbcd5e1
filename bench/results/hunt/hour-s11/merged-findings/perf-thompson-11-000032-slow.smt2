; ferret hunt finding: slow by solver 1 (z3 -T:3)
; seed 11, shard 1/1, formula 1223, from fp.rem
; solver 1: z3 -T:3: sat in 0.019 s (exit 0)
; solver 2: cvc5 --fp-exp --tlimit=3000: sat in 0.014 s (exit 0)
(set-option :produce-models true)
(set-logic QF_BVFP)
(assert (fp.isZero (_ +zero 11 53)))
(check-sat)
(get-model)
