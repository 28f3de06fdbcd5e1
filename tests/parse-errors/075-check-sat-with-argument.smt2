; expect: 3:12: check-sat
(declare-fun p () Bool)
(check-sat p)
