; Unsat: an array equal to a constant array of constant arrays holds the
; constant at every pair of indices (extensionality over both levels).
; expect: unsat
(set-logic QF_ABV)
(declare-fun v () (_ BitVec 8))
(declare-fun i () (_ BitVec 16))
(declare-fun j () (_ BitVec 16))
(declare-fun A () (Array (_ BitVec 16) (Array (_ BitVec 16) (_ BitVec 8))))
(assert (= A ((as const (Array (_ BitVec 16) (Array (_ BitVec 16) (_ BitVec 8)))) ((as const (Array (_ BitVec 16) (_ BitVec 8))) v))))
(assert (not (= (select (select A i) j) v)))
(check-sat)
