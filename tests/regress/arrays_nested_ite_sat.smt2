; Sat: ite over arrays of arrays and over inner arrays.
; expect: sat
; check: (not c)
; check: (= (select (select B i) #x03) #x10)
; check: (= (select (select B #x01) #x05) #x12)
(set-logic QF_ABV)
(declare-fun A () (Array (_ BitVec 8) (Array (_ BitVec 8) (_ BitVec 8))))
(declare-fun B () (Array (_ BitVec 8) (Array (_ BitVec 8) (_ BitVec 8))))
(declare-fun c () Bool)
(declare-fun i () (_ BitVec 8))
(assert (= (select (select (ite c A B) i) #x03) #x10))
(assert (= (select (select A i) #x03) #x11))
(assert (= (select (ite c (select A #x00) (select B #x01)) #x05) #x12))
(check-sat)
