; The SMT-LIB 2.7 overflow predicates on 8 bits: x = #x80, the signed
; minimum.  cvc5 1.0 knows all but bvnego (true iff its argument is the
; signed minimum, checked by hand), z3 4.8 none of them.
; expect: sat
; check: (= x #x80)
; check: (= (bvneg x) x)
; check: (bvuaddo x x)
; check: (bvsaddo x #xff)
; check: (not (bvsaddo x #x01))
; check: (bvumulo x #x02)
; check: (bvsmulo x #xff)
; check: (not (bvsmulo x #x01))
; check: (bvusubo #x00 x)
; check: (bvssubo x #x01)
; check: (bvsdivo x #xff)
; check: (not (bvsdivo x #x01))
(set-logic QF_BV)
(declare-const x (_ BitVec 8))
(assert (bvnego x))
(check-sat)
