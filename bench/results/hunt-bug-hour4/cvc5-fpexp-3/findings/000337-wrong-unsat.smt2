; ferret hunt finding: wrong-unsat by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 3, shard 1/1, formula 1696, from generate
; solver 1: cvc5 --fp-exp --tlimit=3000: unsat in 0.147 s (exit 0)
; solver 2: z3 -T:3: sat in 0.178 s (exit 0)
; unreduced formula: formats 5.3,8.24, operators or fp.neg fp.sub fp.leq fp.eq fp.isNormal to_fp_unsigned
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun r0 () RoundingMode)
(assert (fp.isNormal ((_ to_fp_unsigned 5 3) r0 #x7)))
(check-sat)
(get-model)
