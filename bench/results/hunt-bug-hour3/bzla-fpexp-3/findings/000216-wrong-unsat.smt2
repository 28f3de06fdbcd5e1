; ferret hunt finding: wrong-unsat by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 2299, from fp.roundToIntegral
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: unsat in 0.013 s (exit 0)
; solver 2: z3 -T:3: unknown in 0.021 s (exit 1)
; unreduced formula: formats 2.3, operators not or =*2 ite fp.add fp.sub fp.div fp.sqrt fp.rem fp.roundToIntegral*2 fp.gt fp.isSubnormal
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (fp.isSubnormal (fp.rem x0_2_3 (fp.roundToIntegral RTZ x0_2_3))))
(check-sat)
(get-model)
