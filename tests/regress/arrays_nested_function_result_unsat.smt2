; Unsat: congruence through a function returning arrays.
; expect: unsat
(set-logic QF_AUFBV)
(declare-fun f ((_ BitVec 8)) (Array (_ BitVec 8) (_ BitVec 8)))
(declare-fun x () (_ BitVec 8))
(declare-fun y () (_ BitVec 8))
(assert (= x y))
(assert (not (= (select (f x) #x01) (select (f y) #x01))))
(check-sat)
