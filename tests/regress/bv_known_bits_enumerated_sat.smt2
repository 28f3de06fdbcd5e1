; Sat: one of the 16 values the known bits leave is a multiple of 17
; (found by enumerating them).
; expect: sat
; check: (= a #x41234567)
; check: (= ((_ extract 27 0) a) #x1234567)
(set-logic QF_BV)
(declare-const a (_ BitVec 32))
(assert (= (bvand a #x0fffffff) #x01234567))
(assert (= (bvurem a #x00000011) #x00000000))
(check-sat)
