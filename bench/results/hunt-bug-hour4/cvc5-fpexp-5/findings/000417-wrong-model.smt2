; ferret hunt finding: wrong-model by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 5, shard 1/1, formula 2015, from fp.rem
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.158 s (exit 0)
; solver 2: z3 -T:3: sat in 0.247 s (exit 0)
; unreduced formula: formats 2.3,3.5, operators ite fp.rem fp.isInfinite fp.isNegative*2
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.isNegative (fp.rem (fp #b1 #b00 #b11) x1_2_3)))
(check-sat)
(get-model)
