; Unsat: two equal inner arrays read at the same index differ.
; expect: unsat
(set-logic QF_ABV)
(declare-fun A () (Array (_ BitVec 32) (Array (_ BitVec 32) (_ BitVec 8))))
(declare-fun B () (Array (_ BitVec 32) (Array (_ BitVec 32) (_ BitVec 8))))
(declare-fun i () (_ BitVec 32))
(declare-fun k () (_ BitVec 32))
(declare-fun j () (_ BitVec 32))
(assert (= (select A i) (select B k)))
(assert (= (select (select A i) j) #x07))
(assert (= (select (select B k) j) #x08))
(check-sat)
