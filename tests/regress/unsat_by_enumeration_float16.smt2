; Unsat by enumeration over every Float16: no x has x * x = 3 under RNE
; (z3 agrees; with 2 in place of 3 it is sat).
; expect: unsat
; found-by: enumeration
(set-logic QF_FP)
(declare-const x Float16)
(assert (fp.eq (fp.mul RNE x x) ((_ to_fp 5 11) RNE 3.0)))
(check-sat)
