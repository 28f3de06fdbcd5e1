; Unsat: equal rows of an array of arrays over an uninterpreted sort read
; differently at one index.
; expect: unsat
(set-logic QF_AUF)
(declare-sort U 0)
(declare-fun A () (Array U (Array U U)))
(declare-fun a () U)
(declare-fun b () U)
(declare-fun c () U)
(assert (distinct a b c))
(assert (= (select (select A a) b) c))
(assert (= (select A b) (select A c)))
(assert (not (= (select (select A b) a) (select (select A c) a))))
(check-sat)
