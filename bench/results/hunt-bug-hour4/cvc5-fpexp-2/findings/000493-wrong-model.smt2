; ferret hunt finding: wrong-model by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 2, shard 1/1, formula 2664, from RNE
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.201 s (exit 0)
; solver 2: z3 -T:3: sat in 0.251 s (exit 0)
; unreduced formula: formats 2.3,8.24,11.53, operators not or fp.neg fp.add fp.mul fp.sqrt fp.rem fp.min fp.lt*2 fp.isNaN to_fp(bv) to_fp(fp) to_fp_unsigned
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (fp.lt (fp.min (fp.mul RNE x1_2_3 (fp #b1 #b10 #b01)) ((_ to_fp_unsigned 2 3) RTP #b01)) x0_2_3))
(check-sat)
(get-model)
