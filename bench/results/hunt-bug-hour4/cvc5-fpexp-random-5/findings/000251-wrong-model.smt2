; ferret hunt finding: wrong-model by solver 1 (cvc5 --fp-exp --tlimit=3000)
; seed 5, shard 1/1, formula 1307, from fp.add
; solver 1: cvc5 --fp-exp --tlimit=3000: sat in 0.113 s (exit 0)
; solver 2: z3 -T:3: sat in 0.132 s (exit 0)
; unreduced formula: formats 2.3,5.8, operators = bvugt fp.neg fp.add fp.to_sbv*2
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (= ((_ fp.to_sbv 25) RTP (fp.add RTN (fp.neg x1_2_3) x1_2_3)) #b0000000000000000000000001))
(check-sat)
(get-model)
