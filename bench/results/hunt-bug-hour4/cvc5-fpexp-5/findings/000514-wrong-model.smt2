; ferret hunt finding: wrong-model by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 5, shard 1/1, formula 2573, from fp.fma
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.325 s (exit 0)
; solver 2: z3 -T:3: crash in 0.048 s (exit 114)
; unreduced formula: formats 2.3,11.53, operators not = ite fp.fma fp.rem fp.lt fp.isSubnormal
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun r0 () RoundingMode)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (= (fp.rem (fp.fma r0 x0_2_3 x0_2_3 x1_2_3) x0_2_3) (_ +zero 2 3)))
(check-sat)
(get-model)
