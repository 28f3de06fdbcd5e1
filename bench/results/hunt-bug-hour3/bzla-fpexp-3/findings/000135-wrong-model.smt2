; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 1517, from fp.rem
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.122 s (exit 0)
; solver 2: z3 -T:3: unsat in 0.191 s (exit 1)
; unreduced formula: formats 2.3, operators and ite fp.abs fp.mul fp.rem fp.geq fp.eq fp.isNormal fp.isSubnormal to_fp_unsigned
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun r0 () RoundingMode)
(declare-fun b1_29 () (_ BitVec 29))
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.eq (fp.rem ((_ to_fp_unsigned 2 3) r0 b1_29) x1_2_3) x1_2_3))
(check-sat)
(get-model)
