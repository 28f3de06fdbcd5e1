; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 2759, from RNE
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.049 s (exit 0)
; solver 2: z3 -T:3: sat in 0.100 s (exit 0)
; unreduced formula: formats 2.3, operators =*2 fp.abs fp.sub*2 to_fp(bv) fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (= (fp #b0 #b10 #b01) (fp.sub RNE (fp #b0 #b00 #b11) x1_2_3)))
(check-sat)
(get-model)
