; expect: 4:9: f
(declare-fun x () (_ BitVec 8))
(define-fun f ((c Bool)) Bool c)
(assert (f x))
