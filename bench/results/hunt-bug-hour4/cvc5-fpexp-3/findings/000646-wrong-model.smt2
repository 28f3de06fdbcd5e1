; ferret hunt finding: wrong-model by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 3, shard 1/1, formula 3493, from fp.abs
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.244 s (exit 0)
; solver 2: z3 -T:3: sat in 0.509 s (exit 0)
; unreduced formula: formats 2.3,8.8, operators or*2 = fp.abs*2 fp.mul*2 fp.sqrt fp.rem fp.roundToIntegral fp.leq fp.isNormal fp.isNaN to_fp(bv) to_fp_unsigned
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (= x1_2_3 (fp #b0 #b00 #b01)))
(check-sat)
(get-model)
