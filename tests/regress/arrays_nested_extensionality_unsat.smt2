; Unsat: A is B with v written at (i, j), so A holds v there.
; expect: unsat
(set-logic QF_ABV)
(declare-fun A () (Array (_ BitVec 32) (Array (_ BitVec 32) (_ BitVec 8))))
(declare-fun B () (Array (_ BitVec 32) (Array (_ BitVec 32) (_ BitVec 8))))
(declare-fun i () (_ BitVec 32))
(declare-fun j () (_ BitVec 32))
(declare-fun v () (_ BitVec 8))
(assert (= A (store B i (store (select B i) j v))))
(assert (not (= (select (select A i) j) v)))
(check-sat)
