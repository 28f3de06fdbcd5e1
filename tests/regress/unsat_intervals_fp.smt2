; Proved by interval propagation (found_by=intervals): n >= 1 makes n/2
; at least 0.5, never below zero; Float64 so enumeration cannot do it.
; expect: unsat
(set-logic QF_FP)
(declare-const n Float64)
(declare-const m Float64)
(assert (fp.geq n ((_ to_fp 11 53) RNE 1.0)))
(assert (fp.leq m ((_ to_fp 11 53) RNE 4.0)))
(assert (fp.lt (fp.div RNE n ((_ to_fp 11 53) RNE 2.0)) (_ +zero 11 53)))
(check-sat)
