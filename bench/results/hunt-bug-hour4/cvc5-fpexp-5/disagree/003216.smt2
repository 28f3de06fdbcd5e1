; ferret hunt disagreement: sat by solver 2, unsat by solver 1, no checked model settles it
; seed 5, shard 1/1, formula 3216, from generate
; solver 1: cvc5 --fp-exp --tlimit=3000: unsat in 0.228 s (exit 0)
; solver 2: z3 -T:3: sat in 0.233 s (exit 0)
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun r0 () RoundingMode)
(declare-fun x1_4_4 () (_ FloatingPoint 4 4))
(declare-fun b1_8 () (_ BitVec 8))
(declare-fun b0_4 () (_ BitVec 4))
(assert (fp.isSubnormal ((_ to_fp 2 3) RTZ ((_ fp.to_sbv 15) RTZ (fp.sqrt r0 (fp #b1 #b01 #b00))))))
(assert (= (fp.add RNA (fp.div RNA x1_4_4 (fp #b1 #b0110 #b000)) (fp.abs x1_4_4)) (ite (fp.leq (fp.neg x1_4_4) (fp.max x1_4_4 x1_4_4)) ((_ to_fp 4 4) b1_8) (fp ((_ fp.to_ubv 1) RTZ (fp #b1 #b0111 #b000)) b0_4 #b011))))
(check-sat)
(get-model)
