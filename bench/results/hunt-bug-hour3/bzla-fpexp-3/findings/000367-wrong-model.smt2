; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 3244, from fp.isNormal
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.059 s (exit 0)
; solver 2: z3 -T:3: sat in 0.584 s (exit 0)
; unreduced formula: formats 2.3,8.8, operators not and fp.isNormal*2 fp.isSubnormal to_fp(sbv) fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (and (fp.isSubnormal x1_2_3) (fp.isNormal ((_ to_fp 2 3) RNE ((_ fp.to_sbv 32) RNE x0_2_3)))))
(check-sat)
(get-model)
