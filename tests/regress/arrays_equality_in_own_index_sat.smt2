; Sat: an array equality inside an index of its own index sort (the
; equality compares the arrays at every index term of that sort, this one
; included: it is defined once those keys are made).  It used to recurse
; until the stack overflowed.
; expect: sat
; check: (= (select A (ite (= A B) #x00000001 #x00000002)) #x05)
; check: (not (= (select B #x00000002) #x05))
(set-logic QF_ABV)
(declare-const A (Array (_ BitVec 32) (_ BitVec 8)))
(declare-const B (Array (_ BitVec 32) (_ BitVec 8)))
(assert (= (select A (ite (= A B) #x00000001 #x00000002)) #x05))
(assert (not (= (select B #x00000002) #x05)))
(check-sat)
