; No Float64 x has x * x = 2 under RNE (z3 proves it unsat), but 64 bits
; cannot be enumerated: under a budget of 1000 executions ferret answers
; unknown, or unsat if it proves it some other way, never sat.
; options: max_execs=1000
; expect: unknown|unsat
(set-logic QF_FP)
(declare-const x Float64)
(assert (fp.eq (fp.mul RNE x x) ((_ to_fp 11 53) RNE 2.0)))
(check-sat)
