; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 4997, from fp.to_sbv
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.054 s (exit 0)
; solver 2: z3 -T:3: sat in 0.057 s (exit 0)
; unreduced formula: formats 2.3, operators or*2 =*2 fp.div fp.fma fp.rem*2 fp.roundToIntegral fp.min*3 fp.max fp.lt fp.isSubnormal to_fp(sbv) fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (or (fp.isSubnormal (fp.max (fp.rem x0_2_3 (fp #b1 #b00 #b11)) ((_ to_fp 2 3) RTZ #b111))) (= (fp.rem x1_2_3 (fp #b0 #b00 #b11)) (fp #b1 #b01 #b00))))
(check-sat)
(get-model)
