; expect: 3:16: empty application
(declare-fun p () Bool)
(assert (and p ()))
