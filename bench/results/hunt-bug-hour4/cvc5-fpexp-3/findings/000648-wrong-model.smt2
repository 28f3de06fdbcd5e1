; ferret hunt finding: wrong-model by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 3, shard 1/1, formula 3495, from fp.roundToIntegral
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.090 s (exit 0)
; solver 2: z3 -T:3: sat in 0.236 s (exit 0)
; unreduced formula: formats 2.3,8.8, operators or*2 =*2 fp.abs*2 fp.mul*2 fp.sqrt fp.rem fp.roundToIntegral*2 fp.leq fp.isNaN to_fp_unsigned
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (= x1_2_3 (fp #b0 #b00 #b01)))
(check-sat)
(get-model)
