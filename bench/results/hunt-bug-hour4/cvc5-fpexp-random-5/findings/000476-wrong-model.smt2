; ferret hunt finding: wrong-model by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 5, shard 1/1, formula 2839, from fp.eq
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.055 s (exit 0)
; solver 2: z3 -T:3: sat in 0.093 s (exit 0)
; unreduced formula: formats 3.2,5.3, operators ite fp.sqrt fp.eq fp.isNegative fp.isPositive to_fp(sbv) to_fp(real) fp.to_ubv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_5_3 () (_ FloatingPoint 5 3))
(assert (fp.eq ((_ to_fp 5 3) RTZ 120.0) x1_5_3))
(check-sat)
(get-model)
