; ferret hunt finding: wrong-model by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 5, shard 1/1, formula 1463, from fp.div
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.141 s (exit 0)
; solver 2: z3 -T:3: sat in 0.172 s (exit 0)
; unreduced formula: formats 2.3,3.5, operators and bvsgt fp.div fp.fma fp.geq fp.isSubnormal fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (and (fp.isSubnormal x0_2_3) (fp.geq (fp.fma RTZ x1_2_3 x0_2_3 (fp #b1 #b00 #b11)) (fp #b0 #b01 #b11))))
(check-sat)
(get-model)
