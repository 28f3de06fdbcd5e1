; ferret hunt disagreement: sat by solver 2, unsat by solver 1, no checked model settles it
; seed 3, shard 1/1, formula 811, from fp.abs
; solver 1: cvc5 --fp-exp --tlimit=3000: unsat in 0.072 s (exit 0)
; solver 2: z3 -T:3: sat in 0.110 s (exit 0)
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_5_8 () (_ FloatingPoint 5 8))
(declare-fun r0 () RoundingMode)
(declare-fun x0_5_8 () (_ FloatingPoint 5 8))
(declare-fun b1_7 () (_ BitVec 7))
(assert (or (fp.isZero (fp #b1 #b00000 #b1111111)) (fp.isPositive (fp.min (fp.abs x1_5_8) (fp.div r0 x0_5_8 (fp #b0 #b01000 #b0000000))))))
(assert (bvsle ((_ fp.to_ubv 9) RNE ((_ to_fp 5 3) RNA b1_7)) #b110010111))
(check-sat)
(get-model)
