; expect: 5:9: unknown symbol 'p'
(push 1)
(declare-fun p () Bool)
(pop 1)
(assert p)
