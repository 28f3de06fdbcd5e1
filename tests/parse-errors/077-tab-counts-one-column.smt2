; expect: 3:16: unknown symbol 'q'
(declare-fun p () Bool)
(assert	(and	p	q))
