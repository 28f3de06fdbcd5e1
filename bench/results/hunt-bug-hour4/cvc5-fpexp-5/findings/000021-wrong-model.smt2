; ferret hunt finding: wrong-model by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 5, shard 1/1, formula 63, from fp.fma
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.147 s (exit 0)
; solver 2: z3 -T:3: sat in 0.189 s (exit 0)
; unreduced formula: formats 2.3,4.4, operators and fp.fma*2 fp.roundToIntegral fp.geq fp.isSubnormal*2
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (fp.isSubnormal (fp.fma RTP x0_2_3 x0_2_3 (fp #b0 #b00 #b01))))
(check-sat)
(get-model)
