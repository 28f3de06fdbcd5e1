; expect: 2:23: sort
(define-fun f () Bool #x00)
