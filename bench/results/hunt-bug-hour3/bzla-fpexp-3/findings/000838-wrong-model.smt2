; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 5948, from fp.add
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.049 s (exit 0)
; solver 2: z3 -T:3: sat in 0.174 s (exit 0)
; unreduced formula: formats 2.3, operators not fp.add fp.sub fp.rem fp.max fp.isNormal fp.isNaN
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (fp.isNormal (fp.rem (fp.add RTP (fp #b1 #b01 #b00) x0_2_3) x0_2_3)))
(check-sat)
(get-model)
