; Sat, found by search: the overflow-on-a-tie shape of
; fp_overflow_tie_float16_sat.smt2 in Float32 (bench/shapes/).  The
; difference x - y is infinite only when x -+ max is a tie rounded away
; from zero and y is that rounded bound itself.  A search that moves one
; variable at a time almost never puts y there after x moved; the
; comparison operands (option cmp_snap) set y to the bound's value: seeds
; 1-10 solve it in at most 15k executions; without them seeds 1 and 2 do
; not in 2M.
; Every model: y is the rounded bound and x lies below the top binade
; (checked with z3: tools/regress-entail.py).
; expect: sat
; options: max_execs=150000
; check: (= y (ite (fp.isNegative x) (fp.add RNE x m) (fp.sub RNE x m)))
; check: (fp.lt (fp.abs x) ((_ to_fp 8 24) #x7f000000))
(set-logic QF_FP)
(declare-fun x () Float32)
(declare-fun y () Float32)
(define-fun m () Float32 ((_ to_fp 8 24) #x7f7fffff))
(assert (not (or (fp.isNaN x) (fp.isInfinite x))))
(assert (not (or (fp.isNaN y) (fp.isInfinite y))))
(assert (ite (fp.isNegative x) (fp.leq y (fp.add RNE x m)) (fp.geq y (fp.sub RNE x m))))
(assert (fp.isInfinite (fp.sub RNE x y)))
(check-sat)
