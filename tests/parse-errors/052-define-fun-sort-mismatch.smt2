; expect: 2:23: the body of 'f' has sort (_ BitVec 8)
(define-fun f () Bool #x00)
