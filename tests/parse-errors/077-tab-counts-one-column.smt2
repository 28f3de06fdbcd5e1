; expect: 3:16: unknown
(declare-fun p () Bool)
(assert	(and	p	q))
