; Unsat (Bitwuzla's regrarray10 of the corpus): Bool-indexed arrays of
; arrays, every index compared.
; expect: unsat
(set-logic QF_AFP)
(declare-fun a () (Array Bool (Array Bool Bool)))
(assert (= a (store a true (store (select a false) false true))))
(assert (= (select (select a true) false) false))
(check-sat)
