; ferret hunt finding: wrong-unsat by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 2, shard 1/1, formula 3055, from fp.abs
; solver 1: cvc5 --fp-exp --tlimit=3000: unsat in 0.197 s (exit 0)
; solver 2: z3 -T:3: sat in 0.257 s (exit 0)
; unreduced formula: formats 2.3,5.11, operators or*2 bvsgt fp.abs fp.neg fp.add fp.sub fp.roundToIntegral fp.lt fp.isSubnormal fp.isNegative to_fp_unsigned*2 fp.to_ubv*2
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (fp.isSubnormal (fp.sub RTP x0_2_3 (fp #b0 #b10 #b11))))
(check-sat)
(get-model)
