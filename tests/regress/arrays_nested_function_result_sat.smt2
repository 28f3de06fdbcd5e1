; Sat: a function returning arrays, read, compared with a store over
; another of its results (issue 18).
; expect: sat
; check: (not (= x y))
; check: (= (select (f x) #x02) #x30)
; check: (= (select (f #x05) #x01) #x10)
; check: (not (= (f x) (f y)))
(set-logic QF_AUFBV)
(declare-fun f ((_ BitVec 8)) (Array (_ BitVec 8) (_ BitVec 8)))
(declare-fun x () (_ BitVec 8))
(declare-fun y () (_ BitVec 8))
(assert (= (select (f x) #x01) #x10))
(assert (= (select (f y) #x01) #x20))
(assert (= (f x) (store (f #x05) #x02 #x30)))
(check-sat)
