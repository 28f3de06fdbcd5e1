; Unsat with no variable (Bitwuzla's fp_max of the corpus, written anew):
; fp.max of +0 and -0 may be either zero, but it is one value, so it cannot
; equal both.  Evaluation alone leaves it open (the choice decides each
; assertion); interval propagation covers every choice and proves it.
; expect: unsat
(set-logic QF_FP)
(define-fun p () Float32 (_ +zero 8 24))
(define-fun n () Float32 (_ -zero 8 24))
(assert (= (fp.min n p) p))
(assert (= (fp.min n p) n))
(check-sat)
