; ferret hunt finding: wrong-model by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 3, shard 1/1, formula 720, from generate
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.333 s (exit 0)
; solver 2: z3 -T:3: unknown in 0.255 s (exit 1)
; unreduced formula: formats 2.3,5.8, operators or ite fp.add fp.sub fp.div fp.rem fp.roundToIntegral*2 fp.max fp.leq*2 fp.lt fp.isNaN to_fp(sbv) to_fp_unsigned
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.lt (fp #b0 #b00 #b01) (fp.rem (fp.roundToIntegral RTP x0_2_3) x1_2_3)))
(check-sat)
(get-model)
