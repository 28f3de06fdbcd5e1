; An unspecified conversion (fp.to_sbv of NaN or an infinity) that sits in
; the branch of an ite that is NOT taken must not block enumeration's
; proof: every 8-bit x is refuted by the reference evaluator whatever the
; choice, because for NaN and infinities the ite takes #b00000, and finite
; x in (3,5) converts to -15..15, never -16.  (z3, cvc5, Bitwuzla: unsat.)
; expect: unsat
(set-logic QF_BVFP)
(declare-const x (_ FloatingPoint 3 5))
(assert (= (ite (or (fp.isNaN x) (fp.isInfinite x)) #b00000
                ((_ fp.to_sbv 5) RTZ x))
           #b10000))
(check-sat)
