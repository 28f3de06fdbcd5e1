; Sat: equalities and a disequality between inner arrays of two arrays of
; arrays.
; expect: sat
; check: (= (select (select B k) #x00000005) #x07)
; check: (or (not (= i #x00000001)) (not (= k #x00000002)))
; check: (= (select (select A i) #x00000005) (select (select B #x00000002) #x00000005))
(set-logic QF_ABV)
(declare-fun A () (Array (_ BitVec 32) (Array (_ BitVec 32) (_ BitVec 8))))
(declare-fun B () (Array (_ BitVec 32) (Array (_ BitVec 32) (_ BitVec 8))))
(declare-fun i () (_ BitVec 32))
(declare-fun k () (_ BitVec 32))
(assert (= (select A i) (select B k)))
(assert (= (select (select A i) #x00000005) #x07))
(assert (not (= (select A #x00000001) (select B #x00000002))))
(assert (= (select (select B #x00000002) #x00000005) #x07))
(check-sat)
