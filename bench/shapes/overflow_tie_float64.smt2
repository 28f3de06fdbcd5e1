; The overflow-on-a-tie shape in Float64 (sat; z3 finds a model): two
; finite numbers, y bounded by x minus (x positive) or plus (x negative)
; the largest finite Float64, whose difference must be infinite.  That
; happens only when x -+ max is a tie rounded away from zero (x below the
; top binade with exactly the right low bits) and y is the rounded bound
; itself.  Used by BENCHMARKS.md's seed-spread table; the Float16 and
; 8-bit-significand siblings are regressions in tests/regress/.
(set-info :status sat)
(set-logic QF_FP)
(define-fun is_finite ((f Float64)) Bool (or (fp.isNormal f) (fp.isSubnormal f) (fp.isZero f)))
(define-fun fmax () Float64 ((_ to_fp 11 53) #x7fefffffffffffff))
(declare-fun x () Float64)
(declare-fun y () Float64)
(assert (is_finite x))
(assert (is_finite y))
(assert (ite (fp.isNegative x) (fp.leq y (fp.add RNE x fmax)) (fp.geq y (fp.sub RNE x fmax))))
(assert (fp.isInfinite (fp.sub RNE x y)))
(check-sat)
