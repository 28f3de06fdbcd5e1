; ferret hunt disagreement: sat by solver 2, unsat by solver 1, no checked model settles it
; seed 5, shard 1/1, formula 2318, from fp.add
; solver 1: cvc5 --fp-exp --tlimit=3000: unsat in 0.154 s (exit 0)
; solver 2: z3 -T:3: sat in 0.218 s (exit 0)
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(declare-fun x0_4_4 () (_ FloatingPoint 4 4))
(assert (fp.isSubnormal (fp.sqrt RNE (fp.add RNE x1_2_3 (fp #b1 #b10 #b10)))))
(assert (bvsgt ((_ fp.to_ubv 22) RNE (fp.abs x0_4_4)) #b0001101001011101101011))
(check-sat)
(get-model)
