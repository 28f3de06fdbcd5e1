; Unsat by enumeration only: x * x = 2 has no solution modulo 256 (an
; even square is a multiple of 4), which no rewrite sees; 8 bits are
; enumerated.
; expect: unsat
; found-by: enumeration
(set-logic QF_BV)
(declare-const x (_ BitVec 8))
(assert (= (bvmul x x) #x02))
(check-sat)
