; ferret hunt disagreement: sat by solver 2, unsat by solver 1, no checked model settles it
; seed 5, shard 1/1, formula 3222, from fp.sub
; solver 1: cvc5 --fp-exp --tlimit=3000: unsat in 0.918 s (exit 0)
; solver 2: z3 -T:3: sat in 0.857 s (exit 0)
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_4_4 () (_ FloatingPoint 4 4))
(declare-fun r0 () RoundingMode)
(declare-fun x0_4_4 () (_ FloatingPoint 4 4))
(assert (fp.isSubnormal ((_ to_fp 2 3) RTZ ((_ fp.to_sbv 15) RTZ (fp.sqrt RTN (fp #b1 #b01 #b00))))))
(assert (= (fp.sub RNA (fp.div RNA x1_4_4 (fp #b1 #b0110 #b000)) (fp.sub r0 x1_4_4 x0_4_4)) (ite (fp.leq (fp.sub RTN x1_4_4 x0_4_4) (fp.max x1_4_4 x1_4_4)) (fp.sub RTZ (fp #b1 #b0001 #b000) x0_4_4) (ite (fp.isPositive (fp #b0 #b1110 #b110)) (fp #b0 #b0111 #b001) x0_4_4))))
(check-sat)
(get-model)
