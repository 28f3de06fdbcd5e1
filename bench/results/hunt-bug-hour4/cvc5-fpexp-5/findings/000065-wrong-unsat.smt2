; ferret hunt finding: wrong-unsat by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 5, shard 1/1, formula 246, from fp.isZero
; solver 1: cvc5 --fp-exp --tlimit=3000: unsat in 0.123 s (exit 0)
; solver 2: z3 -T:3: sat in 0.237 s (exit 0)
; unreduced formula: formats 2.3, operators not ite fp fp.add fp.sub fp.isZero*2 fp.isPositive
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(declare-fun b0_1 () (_ BitVec 1))
(declare-fun b1_2 () (_ BitVec 2))
(assert (fp.isZero (fp.sub RTN x1_2_3 (fp b0_1 b1_2 #b01))))
(check-sat)
(get-model)
