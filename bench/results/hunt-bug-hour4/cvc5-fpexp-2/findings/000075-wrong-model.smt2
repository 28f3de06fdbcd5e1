; ferret hunt finding: wrong-model by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 2, shard 1/1, formula 542, from fp.leq
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.206 s (exit 0)
; solver 2: z3 -T:3: sat in 0.160 s (exit 0)
; unreduced formula: formats 2.3,5.11,8.24, operators or*2 fp fp.abs*3 fp.min fp.leq*2 fp.lt fp.isNormal to_fp(fp)*2 to_fp_unsigned fp.to_ubv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(declare-fun x0_8_24 () (_ FloatingPoint 8 24))
(assert (fp.leq (fp.abs x1_2_3) (fp #b0 #b00 #b01)))
(assert (fp.leq x1_2_3 ((_ to_fp 2 3) RNA x0_8_24)))
(check-sat)
(get-model)
