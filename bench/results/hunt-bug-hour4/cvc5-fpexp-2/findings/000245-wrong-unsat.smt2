; ferret hunt finding: wrong-unsat by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 2, shard 1/1, formula 1436, from =
; solver 1: cvc5 --fp-exp --tlimit=3000: unsat in 0.241 s (exit 0)
; solver 2: z3 -T:3: sat in 0.289 s (exit 0)
; unreduced formula: formats 2.3,8.8, operators not or =*2 ite fp.neg fp.add*2 fp.mul fp.div fp.rem fp.roundToIntegral*2 fp.leq fp.lt fp.to_ubv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (= (fp.div RNA (fp.add RNE x0_2_3 (fp #b0 #b00 #b11)) (fp.neg x0_2_3)) (fp #b1 #b01 #b01)))
(check-sat)
(get-model)
