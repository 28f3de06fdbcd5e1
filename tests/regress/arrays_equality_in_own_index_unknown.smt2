; Unknown: an array equality inside an index of its own index sort (the
; equality compares the arrays at every index term of that sort, this one
; included).  It used to recurse until the stack overflowed.
; expect: unknown
(set-logic QF_ABV)
(declare-const A (Array (_ BitVec 32) (_ BitVec 8)))
(declare-const B (Array (_ BitVec 32) (_ BitVec 8)))
(assert (= (select A (ite (= A B) #x00000001 #x00000002)) #x05))
(check-sat)
