; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 8015, from fp.to_sbv
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.036 s (exit 0)
; solver 2: z3 -T:3: sat in 0.152 s (exit 0)
; unreduced formula: formats 2.3, operators not*2 or bvsle fp.abs fp.neg fp.div fp.min fp.eq fp.isInfinite fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun r0 () RoundingMode)
(declare-fun x0_2_3 () (_ FloatingPoint 2 3))
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.eq (fp.div r0 (fp #b1 #b00 #b01) x0_2_3) (fp #b1 #b01 #b00)))
(assert (bvsle ((_ fp.to_sbv 66) RTN x1_2_3) #b000000000000000000000000000000000000000000000000000000000000001101))
(check-sat)
(get-model)
