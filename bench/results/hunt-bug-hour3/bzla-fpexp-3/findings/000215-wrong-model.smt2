; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 2298, from fp.gt
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.026 s (exit 0)
; solver 2: z3 -T:3: unsat in 0.119 s (exit 1)
; unreduced formula: formats 2.3, operators not or =*2 ite fp.add fp.sub*2 fp.div fp.sqrt fp.rem fp.roundToIntegral fp.gt fp.isSubnormal
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (fp.isSubnormal (fp.sub RNA x0_2_3 x0_2_3)))
(check-sat)
(get-model)
