; expect: 3:16: empty
(declare-fun p () Bool)
(assert (and p ()))
