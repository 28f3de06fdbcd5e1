; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 4007, from fp.to_sbv
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.041 s (exit 0)
; solver 2: z3 -T:3: sat in 0.068 s (exit 0)
; unreduced formula: formats 2.3, operators =*2 fp.sub fp.sqrt fp.rem fp.min fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (= x0_2_3 (fp.sub RTP (fp.sqrt RTZ x0_2_3) (fp #b1 #b00 #b01))))
(check-sat)
(get-model)
