; ferret hunt finding: wrong-model by solver 1 (../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000)
; seed 3, shard 1/1, formula 2870, from fp.isNormal
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: sat in 0.084 s (exit 0)
; solver 2: z3 -T:3: unsat in 0.448 s (exit 1)
; unreduced formula: formats 2.3,8.24, operators or bvule fp.add fp.sub fp.fma fp.isNormal fp.isSubnormal to_fp(bv) to_fp(fp) to_fp(sbv) fp.to_ubv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun b0_64 () (_ BitVec 64))
(assert (fp.isSubnormal (fp.sub RTP (fp #b0 #b01 #b00) ((_ to_fp 2 3) RTN b0_64))))
(check-sat)
(get-model)
