; ferret hunt finding: wrong-unsat by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 5, shard 1/1, formula 3082, from fp.sub
; solver 1: cvc5 --fp-exp --tlimit=3000: unsat in 0.156 s (exit 0)
; solver 2: z3 -T:3: sat in 0.200 s (exit 0)
; unreduced formula: formats 2.3,3.5, operators and or fp.neg fp.sub*4 fp.leq*2 fp.isSubnormal fp.isZero
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (fp.isZero (fp.sub RTZ (fp #b0 #b00 #b11) x0_2_3)))
(check-sat)
(get-model)
