; ferret hunt finding: wrong-unsat by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 5, shard 1/1, formula 2960, from generate
; solver 1: cvc5 --fp-exp --tlimit=3000: unsat in 0.116 s (exit 0)
; solver 2: z3 -T:3: sat in 0.101 s (exit 0)
; unreduced formula: formats 5.3,5.8, operators fp.rem*2 fp.lt fp.isSubnormal to_fp(sbv)*2
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun b0_7 () (_ BitVec 7))
(assert (fp.lt (_ +zero 5 3) ((_ to_fp 5 3) RTZ b0_7)))
(check-sat)
(get-model)
