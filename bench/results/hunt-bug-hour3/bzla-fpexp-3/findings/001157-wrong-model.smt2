; ferret hunt finding: wrong-model by solver 2 (z3 -T:3)
; seed 3, shard 1/1, formula 7824, from generate
; solver 1: ../peers-build/bitwuzla/build-fpexp/src/main/bitwuzla --time-limit=3000: unsat in 0.019 s (exit 0)
; solver 2: z3 -T:3: sat in 0.071 s (exit 0)
; unreduced formula: formats 4.4,5.11, operators not*2 or fp.abs fp.mul fp.roundToIntegral*2 fp.eq fp.isSubnormal*2 to_fp(bv)*2 to_fp(sbv) fp.to_sbv
(set-option :produce-models true)
(set-logic QF_BVFP)
(declare-fun b1_56 () (_ BitVec 56))
(assert (fp.isSubnormal ((_ to_fp 4 4) RTN b1_56)))
(check-sat)
(get-model)
