; ferret hunt disagreement: sat by solver 2, unsat by solver 1, no checked model settles it
; seed 3, shard 1/1, formula 813, from fp.sqrt
; solver 1: cvc5 --fp-exp --tlimit=3000: unsat in 0.338 s (exit 0)
; solver 2: z3 -T:3: sat in 0.166 s (exit 0)
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_5_8 () (_ FloatingPoint 5 8))
(declare-fun x0_5_8 () (_ FloatingPoint 5 8))
(declare-fun b1_7 () (_ BitVec 7))
(assert (or (fp.isZero (fp #b1 #b00000 #b1111111)) (fp.isPositive (fp.min ((_ to_fp 5 8) RNA ((_ fp.to_sbv 6) RTZ x1_5_8)) (fp.sqrt RNA x0_5_8)))))
(assert (bvsle ((_ fp.to_ubv 9) RNE ((_ to_fp 5 3) RNA b1_7)) #b110010111))
(check-sat)
(get-model)
