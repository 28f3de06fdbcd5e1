; ferret hunt finding: wrong-model by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 5, shard 1/1, formula 2172, from fp.isSubnormal
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.053 s (exit 0)
; solver 2: z3 -T:3: unknown in 0.066 s (exit 1)
; unreduced formula: formats 2.3,3.5, operators or bvsle bvsgt fp.abs fp.neg fp.sub fp.rem fp.roundToIntegral fp.isSubnormal to_fp(bv) fp.to_ubv*2 fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun r0 () RoundingMode)
(assert (fp.isSubnormal (fp.roundToIntegral r0 (fp #b0 #b00 #b01))))
(check-sat)
(get-model)
