; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 2346, from fp.to_sbv
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.097 s (exit 0)
; solver 2: z3 -T:3: unsat in 0.184 s (exit 1)
; unreduced formula: formats 2.3,3.5, operators not or bvugt fp fp.neg fp.min fp.max fp.leq fp.gt to_fp_unsigned fp.to_sbv*2
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun b1_2 () (_ BitVec 2))
(declare-fun b0_2 () (_ BitVec 2))
(assert (not (fp.leq (fp.max (fp #b1 #b01 #b00) (fp ((_ fp.to_sbv 1) RTP (fp #b1 #b01 #b01)) b1_2 b0_2)) (_ +zero 2 3))))
(check-sat)
(get-model)
