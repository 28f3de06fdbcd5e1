; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 10135, from RNA
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.091 s (exit 0)
; solver 2: z3 -T:3: sat in 0.128 s (exit 0)
; unreduced formula: formats 2.3,8.24, operators bvule fp.add*2 fp.mul fp.fma fp.rem fp.roundToIntegral*2 fp.eq to_fp(fp) fp.to_ubv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_8_24 () (_ FloatingPoint 8 24))
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (fp.eq ((_ to_fp 2 3) RTN x0_8_24) (fp.add RTN x1_2_3 (fp.fma RTN x0_2_3 (fp #b1 #b00 #b11) (fp #b0 #b01 #b01)))))
(check-sat)
(get-model)
