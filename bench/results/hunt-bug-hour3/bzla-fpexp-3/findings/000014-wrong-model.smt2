; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 173, from rm variable
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.038 s (exit 0)
; solver 2: z3 -T:3: unsat in 0.334 s (exit 1)
; unreduced formula: formats 2.3,5.8, operators ite bvugt fp.rem fp.leq fp.lt fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (fp.leq (fp #b0 #b00 #b01) (fp.rem x0_2_3 (fp #b1 #b00 #b01))))
(check-sat)
(get-model)
