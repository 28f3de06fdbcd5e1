; Sat: arrays of arrays over an uninterpreted sort; two equal rows and a
; third that differs.
; expect: sat
; check: (distinct a b c)
; check: (= (select (select A a) b) c)
; check: (= (select A b) (select A c))
; check: (not (= (select A a) (select A c)))
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
