; ferret hunt finding: wrong-model by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 3, shard 1/1, formula 684, from fp.mul
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.064 s (exit 0)
; solver 2: z3 -T:3: sat in 0.177 s (exit 0)
; unreduced formula: formats 2.3,5.8, operators and = ite bvugt fp fp.abs fp.neg fp.mul fp.roundToIntegral fp.gt fp.isSubnormal fp.to_ubv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun b1_1 () (_ BitVec 1))
(declare-fun b1_2 () (_ BitVec 2))
(declare-fun b0_2 () (_ BitVec 2))
(assert (= (fp b1_1 b1_2 b0_2) (fp.roundToIntegral RNA (fp #b1 #b00 #b11))))
(check-sat)
(get-model)
