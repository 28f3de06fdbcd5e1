; Unsat by BV interval propagation: known bits (an odd number is not twice
; anything) and a signed range across zero meeting an unsigned one.
; expect: unsat
(set-logic QF_BV)
(declare-const a (_ BitVec 32))
(declare-const b (_ BitVec 32))
(assert (bvsge b #xfffffff0))
(assert (bvsle b #x00000010))
(assert (bvugt b #x00000010))
(assert (bvult b #xfffffff0))
(assert (= (bvadd (bvmul a #x00000006) #x00000002) #x00000103))
(check-sat)
