; expect: 4:9: unknown symbol 'p'
(declare-fun p () Bool)
(reset)
(assert p)
