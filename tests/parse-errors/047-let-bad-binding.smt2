; expect: 3:17: expected a term
(declare-fun p () Bool)
(assert (let ((q)) q))
