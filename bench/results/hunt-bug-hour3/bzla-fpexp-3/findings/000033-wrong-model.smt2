; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 453, from fp.sub
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.031 s (exit 0)
; solver 2: z3 -T:3: sat in 0.038 s (exit 0)
; unreduced formula: formats 2.3, operators not or fp.sub fp.div fp.leq fp.gt fp.isPositive to_fp(bv)*2
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (not (fp.leq (_ -zero 2 3) (fp.sub RTN x1_2_3 (fp #b1 #b01 #b00)))))
(check-sat)
(get-model)
