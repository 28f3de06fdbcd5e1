; ferret hunt finding: wrong-model by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 5, shard 1/1, formula 3181, from fp.sub
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.103 s (exit 0)
; solver 2: z3 -T:3: unsat in 0.124 s (exit 1)
; unreduced formula: formats 2.3,11.53, operators not and fp.sub*3 fp.lt fp.geq fp.isSubnormal to_fp(sbv) fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (fp.geq (fp.sub RTZ x0_2_3 x0_2_3) (fp #b0 #b01 #b00)))
(check-sat)
(get-model)
