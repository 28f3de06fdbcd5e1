; ferret hunt finding: wrong-model by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 3, shard 1/1, formula 3864, from fp.isSubnormal
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.245 s (exit 0)
; solver 2: z3 -T:3: unsat in 0.242 s (exit 1)
; unreduced formula: formats 2.3, operators not bvsgt fp.sqrt fp.roundToIntegral fp.max fp.isSubnormal fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (fp.isSubnormal (fp.roundToIntegral RTN (fp #b1 #b00 #b11))))
(assert (bvsgt ((_ fp.to_sbv 32) RTP x0_2_3) #xffffffff))
(check-sat)
(get-model)
