; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 1011, from Float64
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.095 s (exit 0)
; solver 2: z3 -T:3: unsat in 0.147 s (exit 1)
; unreduced formula: formats 2.3,11.53, operators bvsgt fp.rem*2 fp.max fp.geq fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.geq (fp.rem x0_2_3 (fp.rem x1_2_3 (fp #b1 #b00 #b01))) (fp #b1 #b01 #b00)))
(check-sat)
(get-model)
