; ferret hunt finding: wrong-model by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 2, shard 1/1, formula 661, from Float16
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.344 s (exit 0)
; solver 2: z3 -T:3: crash in 0.184 s (exit 114)
; unreduced formula: formats 2.3,5.11, operators and*2 fp.abs fp.fma fp.geq*2 fp.isSubnormal*2
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun r0 () RoundingMode)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (and (fp.isSubnormal x0_2_3) (fp.geq (fp.fma r0 x1_2_3 x1_2_3 x0_2_3) (fp #b0 #b01 #b10))))
(check-sat)
(get-model)
