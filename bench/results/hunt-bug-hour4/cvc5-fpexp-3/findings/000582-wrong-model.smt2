; ferret hunt finding: wrong-model by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 3, shard 1/1, formula 3141, from RTP
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.373 s (exit 0)
; solver 2: z3 -T:3: sat in 0.505 s (exit 0)
; unreduced formula: formats 2.3, operators and fp.abs fp.fma fp.geq fp.isSubnormal*2
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (and (fp.isSubnormal x0_2_3) (fp.geq (fp.fma RTP x1_2_3 x0_2_3 x1_2_3) (fp #b0 #b01 #b10))))
(check-sat)
(get-model)
