; expect: 4:9: ill-sorted application of 'f'
(declare-fun x () (_ BitVec 8))
(define-fun f ((c Bool)) Bool c)
(assert (f x))
