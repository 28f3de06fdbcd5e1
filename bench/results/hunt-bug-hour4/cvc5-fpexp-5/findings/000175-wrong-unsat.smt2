; ferret hunt finding: wrong-unsat by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 5, shard 1/1, formula 875, from ite
; solver 1: cvc5 --fp-exp --tlimit=3000: unsat in 0.218 s (exit 0)
; solver 2: z3 -T:3: sat in 0.268 s (exit 0)
; unreduced formula: formats 2.3,5.3, operators not =*2 ite*3 fp*2 fp.add*2 fp.max fp.lt fp.isZero fp.isPositive fp.to_ubv fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.isZero (fp.add RTP x1_2_3 (fp ((_ fp.to_ubv 1) RNA (fp #b0 #b00 #b01)) #b10 #b10))))
(check-sat)
(get-model)
