; ferret hunt finding: wrong-unsat by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 5, shard 1/1, formula 3074, from fp.isZero
; solver 1: cvc5 --fp-exp --tlimit=3000: unsat in 0.130 s (exit 0)
; solver 2: z3 -T:3: sat in 0.140 s (exit 0)
; unreduced formula: formats 2.3,3.5, operators and or ite fp.abs fp.neg fp.sub fp.geq fp.eq fp.isSubnormal fp.isZero*2
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.isZero (fp.sub RNE x1_2_3 (fp #b0 #b00 #b11))))
(check-sat)
(get-model)
