; Unsat before any search: x = 3 propagates, and 3 + 1 = 5 folds to
; false.  64-bit and Float64 variables make enumeration impossible, so
; only preprocessing can answer.
; expect: unsat
; found-by: preprocess
(set-logic QF_BVFP)
(declare-const x (_ BitVec 64))
(declare-const y Float64)
(declare-const p Bool)
(assert (= x #x0000000000000003))
(assert (= (bvadd x #x0000000000000001) #x0000000000000005))
(assert (fp.lt y ((_ to_fp 11 53) RNE 1.0)))
(check-sat)
