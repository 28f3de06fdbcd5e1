; ferret hunt finding: wrong-model by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 5, shard 1/1, formula 1277, from fp.isSubnormal
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.197 s (exit 0)
; solver 2: z3 -T:3: sat in 0.230 s (exit 0)
; unreduced formula: formats 2.3, operators not or bvsgt fp.neg fp.sub fp.div fp.sqrt fp.rem fp.isSubnormal fp.isZero to_fp(bv) fp.to_ubv fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.isZero (fp.rem (fp.div RTZ x1_2_3 x1_2_3) x1_2_3)))
(check-sat)
(get-model)
