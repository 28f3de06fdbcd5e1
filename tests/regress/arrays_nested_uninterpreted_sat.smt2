; Sat: arrays of arrays over an uninterpreted sort; two equal rows and a
; third that differs.
; expect: sat
; check: (not (= (select A a) (select A b)))
; check: (= (select (select A b) a) (select (select A c) a))
; check: (not (= (select (select A a) b) a))
; check: (not (= (select (select A a) b) b))
(set-logic QF_AUF)
(declare-sort U 0)
(declare-fun A () (Array U (Array U U)))
(declare-fun a () U)
(declare-fun b () U)
(declare-fun c () U)
(assert (distinct a b c))
(assert (= (select (select A a) b) c))
(assert (= (select A b) (select A c)))
(assert (not (= (select A a) (select A c))))
(check-sat)
