; ferret hunt finding: wrong-unsat by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 5, shard 1/1, formula 876, from fp.eq
; solver 1: cvc5 --fp-exp --tlimit=3000: unsat in 0.117 s (exit 0)
; solver 2: z3 -T:3: sat in 0.249 s (exit 0)
; unreduced formula: formats 2.3,5.3,5.8, operators not = ite*3 fp fp.add*2 fp.max*2 fp.lt fp.eq fp.isZero fp.isPositive to_fp(sbv) fp.to_ubv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.isZero (fp.add RTP x1_2_3 (fp ((_ fp.to_ubv 1) RNA (fp #b0 #b00 #b01)) #b10 #b10))))
(check-sat)
(get-model)
