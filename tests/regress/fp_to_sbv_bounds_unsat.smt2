; Unsat by a chain of bounds through a conversion (the shape of the
; corpus's cvc5 word-blast, written anew): x in [0, 1000] makes
; fp.to_sbv of |x| a number in [0, 1000], never negative.
; expect: unsat
(set-logic QF_BVFP)
(declare-const b (_ BitVec 64))
(define-fun x () Float64 ((_ to_fp 11 53) b))
(assert (fp.leq (_ +zero 11 53) x))
(assert (fp.leq x ((_ to_fp 11 53) RNE 1000.0)))
(assert (bvslt ((_ sign_extend 32) ((_ fp.to_sbv 32) RTZ (fp.abs x))) #x0000000000000000))
(check-sat)
