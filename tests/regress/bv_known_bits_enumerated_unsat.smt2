; Unsat by enumerating the values the known bits leave (16: the top four
; bits of a), where its unsigned interval has 2^32 - 2^28 + 1 values; no one
; of the 16 is a multiple of 23.
; expect: unsat
(set-logic QF_BV)
(declare-const a (_ BitVec 32))
(assert (= (bvand a #x0fffffff) #x01234567))
(assert (= (bvurem a #x00000017) #x00000000))
(check-sat)
