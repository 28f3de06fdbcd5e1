; ferret hunt finding: wrong-model by solver 2 (z3 -T:3)
; seed 3, shard 1/1, formula 2892, from fp.fma
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.594 s (exit 0)
; solver 2: z3 -T:3: sat in 0.760 s (exit 0)
; unreduced formula: formats 3.2,3.5, operators bvugt fp.sub fp.fma fp.max fp.geq to_fp(sbv) fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_3_2 () (_ FloatingPoint 3 2))
(declare-fun b0_31 () (_ BitVec 31))
(declare-fun x1_3_5 () (_ FloatingPoint 3 5))
(assert (bvugt ((_ fp.to_sbv 14) RTN x0_3_2) #b10000000000000))
(assert (fp.geq ((_ to_fp 3 5) RNA b0_31) x1_3_5))
(check-sat)
(get-model)
