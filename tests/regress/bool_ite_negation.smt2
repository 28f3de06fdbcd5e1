; (ite p false true) is (not p): with q = (ite p false true) and q
; asserted, p is false in every model, and r = (ite q #x01 #x02) is #x01.
; expect: sat
; check: (not p)
; check: (= r #x01)
; check: (= (ite p r #x03) #x03)
(set-logic QF_BV)
(declare-const p Bool)
(declare-const r (_ BitVec 8))
(assert (ite p false true))
(assert (= r (ite (ite p false true) #x01 #x02)))
(check-sat)
