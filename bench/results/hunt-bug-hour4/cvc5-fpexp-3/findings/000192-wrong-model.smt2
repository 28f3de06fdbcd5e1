; ferret hunt finding: wrong-model by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 3, shard 1/1, formula 841, from fp.mul
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.388 s (exit 0)
; solver 2: z3 -T:3: sat in 0.294 s (exit 0)
; unreduced formula: formats 2.3,5.3, operators and fp.abs fp.add*2 fp.mul fp.fma fp.rem fp.geq*2 fp.isSubnormal
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.geq (fp.add RTP (fp #b1 #b10 #b11) x1_2_3) (fp #b0 #b01 #b10)))
(check-sat)
(get-model)
