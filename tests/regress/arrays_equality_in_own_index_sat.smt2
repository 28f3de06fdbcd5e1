; Sat: an array equality inside an index of its own index sort (the
; equality compares the arrays at every index term of that sort, this one
; included: it is defined once those keys are made).  It used to recurse
; until the stack overflowed.
; expect: sat
; check: (or (= (select A #x00000001) #x05) (= (select A #x00000002) #x05))
; check: (=> (= A B) (= (select B #x00000001) #x05))
; check: (=> (not (= A B)) (not (= (select A #x00000002) (select B #x00000002))))
(set-logic QF_ABV)
(declare-const A (Array (_ BitVec 32) (_ BitVec 8)))
(declare-const B (Array (_ BitVec 32) (_ BitVec 8)))
(assert (= (select A (ite (= A B) #x00000001 #x00000002)) #x05))
(assert (not (= (select B #x00000002) #x05)))
(check-sat)
