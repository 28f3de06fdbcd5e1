; ferret hunt finding: wrong-model by solver 2 (z3 -T:3)
; seed 3, shard 1/1, formula 9142, from fp.isZero
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.014 s (exit 0)
; solver 2: z3 -T:3: sat in 0.125 s (exit 0)
; unreduced formula: formats 2.3, operators not or = ite fp fp.abs fp.add fp.div fp.max fp.geq fp.isZero*2 to_fp_unsigned*2 fp.to_ubv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun b0_10 () (_ BitVec 10))
(declare-fun x1_2_3 () (_ FloatingPoint 2 3))
(assert (fp.isZero ((_ to_fp_unsigned 2 3) RNA b0_10)))
(assert (fp.geq x1_2_3 (_ +zero 2 3)))
(check-sat)
(get-model)
