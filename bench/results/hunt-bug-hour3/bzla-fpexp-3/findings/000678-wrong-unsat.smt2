; ferret hunt finding: wrong-unsat by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 5035, from RTZ
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: unsat in 0.015 s (exit 0)
; solver 2: z3 -T:3: sat in 0.072 s (exit 0)
; unreduced formula: formats 2.3, operators or = ite fp fp.add fp.sqrt*2 fp.gt fp.isSubnormal fp.isNaN to_fp_unsigned fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.isSubnormal (ite (fp.gt (fp #b0 #b01 #b00) (fp.add RTZ x1_2_3 x1_2_3)) (_ +zero 2 3) x1_2_3)))
(check-sat)
(get-model)
