; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 5772, from fp.sub
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.007 s (exit 0)
; solver 2: z3 -T:3: unsat in 0.117 s (exit 1)
; unreduced formula: formats 2.3, operators not*2 or ite fp.sub*3 fp.div fp.geq fp.isSubnormal fp.isInfinite fp.isPositive
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.isSubnormal (fp.sub RTZ x1_2_3 x1_2_3)))
(check-sat)
(get-model)
