; ferret hunt finding: wrong-model by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 5, shard 1/1, formula 3031, from fp.sub
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.063 s (exit 0)
; solver 2: z3 -T:3: sat in 0.082 s (exit 0)
; unreduced formula: formats 2.3,8.24, operators bvugt fp.sub fp.isSubnormal fp.to_ubv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun r0 () RoundingMode)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.isSubnormal (fp.sub r0 x1_2_3 (fp #b1 #b00 #b01))))
(check-sat)
(get-model)
