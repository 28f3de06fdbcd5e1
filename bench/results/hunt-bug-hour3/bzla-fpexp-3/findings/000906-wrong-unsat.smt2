; ferret hunt finding: wrong-unsat by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 6310, from RTZ
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: unsat in 0.009 s (exit 0)
; solver 2: z3 -T:3: sat in 0.025 s (exit 0)
; unreduced formula: formats 2.3, operators not fp.add fp.div fp.fma fp.sqrt fp.isSubnormal fp.isZero
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (fp.isZero (fp.add RNA (fp #b1 #b10 #b11) x0_2_3)))
(check-sat)
(get-model)
