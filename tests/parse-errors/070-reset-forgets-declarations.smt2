; expect: 4:9: unknown
(declare-fun p () Bool)
(reset)
(assert p)
