; ferret hunt finding: wrong-model by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 3, shard 1/1, formula 805, from fp.fma
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.158 s (exit 0)
; solver 2: z3 -T:3: sat in 0.216 s (exit 0)
; unreduced formula: formats 5.3,5.8, operators or = fp.div fp.fma fp.roundToIntegral fp.min fp.lt fp.isPositive to_fp(sbv)*2
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun b1_7 () (_ BitVec 7))
(assert (= ((_ to_fp 5 3) RNA b1_7) (_ +zero 5 3)))
(check-sat)
(get-model)
