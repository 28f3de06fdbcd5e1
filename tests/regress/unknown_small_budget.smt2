; Unknown under a budget of 1000 executions: no Float64 x has x * x = 2
; under RNE (z3 proves it unsat), but 64 bits cannot be enumerated, so
; ferret must neither claim sat nor unsat.
; options: max_execs=1000
; expect: unknown
(set-logic QF_FP)
(declare-const x Float64)
(assert (fp.eq (fp.mul RNE x x) ((_ to_fp 11 53) RNE 2.0)))
(check-sat)
