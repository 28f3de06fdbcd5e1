; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 7719, from fp.add
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.035 s (exit 0)
; solver 2: z3 -T:3: sat in 0.077 s (exit 0)
; unreduced formula: formats 2.3, operators fp.add*3 fp.div fp.rem*2 fp.max*2 fp.eq fp.isNormal
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.eq (fp.add RNA x0_2_3 (fp.div RTP x1_2_3 x1_2_3)) x1_2_3))
(check-sat)
(get-model)
