; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 10664, from fp.isZero
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.014 s (exit 0)
; solver 2: z3 -T:3: sat in 0.053 s (exit 0)
; unreduced formula: formats 2.3,8.24, operators and or ite bvsgt fp.abs fp.neg*2 fp.sqrt*2 fp.rem fp.eq*2 fp.isSubnormal fp.isZero to_fp(fp)*2 fp.to_ubv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun x0_8_24 () (_ FloatingPoint 8 24))
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(assert (bvsgt ((_ fp.to_ubv 8) RTN ((_ to_fp 2 3) RTP x0_8_24)) #x00))
(assert (fp.isSubnormal x0_2_3))
(check-sat)
(get-model)
