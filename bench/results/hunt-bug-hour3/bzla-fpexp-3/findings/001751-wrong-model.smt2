; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 11077, from RTP
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.035 s (exit 0)
; solver 2: z3 -T:3: sat in 0.104 s (exit 0)
; unreduced formula: formats 2.3,8.24, operators or bvule fp.add*2 fp.sub fp.div*2 fp.sqrt fp.rem fp.max fp.eq fp.isNormal to_fp(fp) fp.to_ubv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun x0_8_24 () (_ FloatingPoint 8 24))
(assert (fp.isNormal (fp.rem x1_2_3 x0_2_3)))
(assert (fp.eq ((_ to_fp 2 3) RTP x0_8_24) x1_2_3))
(check-sat)
(get-model)
