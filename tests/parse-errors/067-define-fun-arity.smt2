; expect: 4:9: f
(declare-fun p () Bool)
(define-fun f ((c Bool)) Bool c)
(assert (f p p))
