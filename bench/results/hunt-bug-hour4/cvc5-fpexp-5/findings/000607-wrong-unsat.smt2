; ferret hunt finding: wrong-unsat by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 5, shard 1/1, formula 3072, from generate
; solver 1: cvc5 --fp-exp --tlimit=3000: unsat in 0.141 s (exit 0)
; solver 2: z3 -T:3: sat in 0.083 s (exit 0)
; unreduced formula: formats 2.3,3.5, operators and or fp fp.abs fp.neg fp.sub fp.geq fp.isSubnormal fp.isZero fp.isNegative fp.to_ubv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(declare-fun b1_1 () (_ BitVec 1))
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (fp.isZero (fp.sub RNE x1_2_3 (fp b1_1 #b01 ((_ fp.to_ubv 2) RTN x0_2_3)))))
(check-sat)
(get-model)
