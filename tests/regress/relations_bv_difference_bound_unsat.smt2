; Unsat by relations and intervals together: the double of a - b is zero,
; so a = b (a nonzero integer converts to a nonzero double); b <= 50 then
; bounds a, and 3a <= 150 cannot reach 1000, which the intervals see only
; once the bound on b has been carried over to a.  Neither intervals nor
; relations alone prove it; z3 agrees (unsat).
; expect: unsat
; found-by: relations
(set-logic QF_BVFP)
(declare-const a (_ BitVec 32))
(declare-const b (_ BitVec 32))
(assert (fp.eq ((_ to_fp 11 53) RNE (bvsub a b)) (_ +zero 11 53)))
(assert (bvule b #x00000032))
(assert (bvuge (bvmul a #x00000003) #x000003e8))
(check-sat)
