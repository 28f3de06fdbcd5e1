; get-value of a declared function: its table as a lambda, which z3 reads
; back as an array (tests/cli/session.sh checks that).
(declare-fun g ((_ BitVec 2)) (_ BitVec 2))
(assert (= (g #b00) #b11))
(assert (= (g #b01) #b10))
(assert (= (g #b10) #b01))
(assert (= (g #b11) #b00))
(check-sat)
(get-value (g))
(get-value ((g #b01) g))
; a function defined with parameters: its body under the model, declared
; constants replaced by their values, declared functions by name
(declare-const c (_ BitVec 2))
(define-fun h ((a (_ BitVec 2))) (_ BitVec 2) (bvadd (g a) c))
(push 1)
(assert (= c #b01))
(check-sat)
(get-value (h (h #b11)))
(pop 1)
