; ferret hunt finding: wrong-model by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 3, shard 1/1, formula 722, from fp.max
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.448 s (exit 0)
; solver 2: z3 -T:3: unknown in 0.243 s (exit 1)
; unreduced formula: formats 2.3,5.8, operators or ite fp.sub fp.div fp.rem fp.roundToIntegral*2 fp.max*2 fp.leq fp.lt fp.isNaN fp.isPositive to_fp(sbv) to_fp_unsigned
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.lt (fp #b1 #b01 #b00) (fp.rem (fp.roundToIntegral RTP x0_2_3) x1_2_3)))
(check-sat)
(get-model)
