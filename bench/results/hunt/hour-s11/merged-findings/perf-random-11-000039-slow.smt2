; ferret hunt finding: slow by solver 1 (z3 -T:3)
; seed 11, shard 1/1, formula 1956, from Float16
; solver 1: z3 -T:3: unsat in 0.048 s (exit 1)
; solver 2: cvc5 --fp-exp --tlimit=3000: unsat in 0.013 s (exit 0)
(set-option :produce-models true)
(set-logic QF_BVFP)
(assert (fp.isNaN (_ +zero 11 53)))
(check-sat)
(get-model)
