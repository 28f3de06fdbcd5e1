; ferret hunt finding: wrong-model by solver 2 (z3 -T:3)
; seed 2, shard 1/1, formula 847, from RTZ
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.139 s (exit 0)
; solver 2: z3 -T:3: sat in 0.143 s (exit 0)
; unreduced formula: formats 3.5,5.3, operators not or = bvule fp fp.rem fp.isZero to_fp(sbv) fp.to_ubv fp.to_sbv*2
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun b1_31 () (_ BitVec 31))
(assert (= ((_ fp.to_sbv 33) RTZ ((_ to_fp 3 5) RTZ b1_31)) #b000000000000000000000000000000000))
(check-sat)
(get-model)
