; Unsat (the first query of cvc5's issue12648 in the corpus): four
; pairwise distinct inner arrays of sort (Array Bool Bool) built from one
; array of arrays; z3 and cvc5 agree.
; expect: unsat
(set-logic QF_AFP)
(declare-const a Bool)
(declare-const b (Array Bool (Array Bool Bool)))
(assert (distinct (select b false) (store (select b a) false true) (select b (select (select b a) a)) (select (store b a (select b (select (select b false) (select (select b a) a)))) (select (store (select b false) a (select (select b false) (select (select b false) false))) false))))
(check-sat)
