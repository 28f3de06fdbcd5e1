; Sat, found by search: the overflow-on-a-tie shape of
; fp_overflow_tie_float32_sat.smt2 in Float64 read from 64-bit vectors,
; as a symbolic executor writes it (the comparisons read the bit-vector
; slots through to_fp, the same bits).  The comparison operands (option
; cmp_snap) put b on the pattern of the rounded bound: seeds 1-10 solve
; it in at most 78k executions; without them seeds 1 and 2 do not in 2M (the
; Float64 shape of bench/shapes/ read from bit-vectors).
; Every model: b is the pattern of the rounded bound, and a is not in the
; top binade of either sign (checked with z3: tools/regress-entail.py; the
; first check takes z3 4.8.12 about 17 s of CPU, past the script's 30 s
; limit on a loaded machine: `z3 -T:480` on the assertions and its
; negation answers unsat).
; expect: sat
; options: max_execs=150000
; check: (= ((_ to_fp 11 53) b) (ite (fp.isNegative ((_ to_fp 11 53) a)) (fp.add RNE ((_ to_fp 11 53) a) m) (fp.sub RNE ((_ to_fp 11 53) a) m)))
; check: (bvult (bvand a #x7fffffffffffffff) #x7fe0000000000000)
(set-logic QF_BVFP)
(declare-fun a () (_ BitVec 64))
(declare-fun b () (_ BitVec 64))
(define-fun x () Float64 ((_ to_fp 11 53) a))
(define-fun y () Float64 ((_ to_fp 11 53) b))
(define-fun m () Float64 ((_ to_fp 11 53) #x7fefffffffffffff))
(assert (not (or (fp.isNaN x) (fp.isInfinite x))))
(assert (not (or (fp.isNaN y) (fp.isInfinite y))))
(assert (ite (fp.isNegative x) (fp.leq y (fp.add RNE x m)) (fp.geq y (fp.sub RNE x m))))
(assert (fp.isInfinite (fp.sub RNE x y)))
(check-sat)
