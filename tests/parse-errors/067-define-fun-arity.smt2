; expect: 4:9: ill-sorted application of 'f'
(declare-fun p () Bool)
(define-fun f ((c Bool)) Bool c)
(assert (f p p))
