; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 4109, from fp.sqrt
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.035 s (exit 0)
; solver 2: z3 -T:3: sat in 0.054 s (exit 0)
; unreduced formula: formats 2.3, operators bvule fp fp.add fp.mul fp.sqrt fp.max fp.gt fp.to_ubv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (fp.gt (fp.mul RTP x1_2_3 (_ +zero 2 3)) x0_2_3))
(assert (bvule ((_ fp.to_ubv 1) RTP (fp.add RTP x0_2_3 x1_2_3)) #b0))
(check-sat)
(get-model)
