; expect: 3:30: unknown
(declare-fun p () Bool)
(assert (and (let ((c p)) c) c))
