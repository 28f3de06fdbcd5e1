; expect: 3:12: expected ')'
(declare-fun p () Bool)
(check-sat p)
