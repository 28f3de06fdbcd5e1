; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 6910, from fp.gt
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.024 s (exit 0)
; solver 2: z3 -T:3: unsat in 0.063 s (exit 1)
; unreduced formula: formats 2.3, operators not fp.abs fp.mul fp.sqrt fp.rem fp.min fp.geq fp.gt
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.geq (fp.rem (fp.sqrt RTZ x1_2_3) x1_2_3) x1_2_3))
(check-sat)
(get-model)
