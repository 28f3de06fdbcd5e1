; expect: 3:30: unknown symbol 'c'
(declare-fun p () Bool)
(assert (and (let ((c p)) c) c))
