; ferret hunt finding: wrong-model by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 5, shard 1/1, formula 472, from fp.lt
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.101 s (exit 0)
; solver 2: z3 -T:3: sat in 0.166 s (exit 0)
; unreduced formula: formats 2.3,5.3,8.24, operators and fp.add fp.sub*2 fp.lt fp.gt fp.isInfinite to_fp(bv) to_fp(fp) to_fp(real) fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun r0 () RoundingMode)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (fp.lt ((_ to_fp 5 3) RTP 0.0000286102294921875) ((_ to_fp 5 3) r0 x0_2_3)))
(check-sat)
(get-model)
