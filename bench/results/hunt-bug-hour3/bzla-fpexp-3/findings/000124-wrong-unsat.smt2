; ferret hunt finding: wrong-unsat by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 1439, from fp.add
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: unsat in 0.034 s (exit 0)
; solver 2: z3 -T:3: sat in 0.114 s (exit 0)
; unreduced formula: formats 2.3, operators not or = fp.neg fp.add fp.sub fp.rem fp.max*2 fp.isSubnormal fp.isZero
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (fp.isSubnormal (fp.rem x0_2_3 (fp.add RTZ x0_2_3 x0_2_3))))
(check-sat)
(get-model)
