; ferret hunt finding: wrong-unsat by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 5, shard 1/1, formula 878, from fp.to_ubv
; solver 1: cvc5 --fp-exp --tlimit=3000: unsat in 0.161 s (exit 0)
; solver 2: z3 -T:3: sat in 0.243 s (exit 0)
; unreduced formula: formats 2.3,5.3, operators not = ite bvsle fp fp.add fp.isZero to_fp(sbv) fp.to_ubv*3
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.isZero (fp.add RTP x1_2_3 (fp ((_ fp.to_ubv 1) RNA (fp #b0 #b00 #b01)) #b10 #b10))))
(check-sat)
(get-model)
