; expect: 4:3: unknown symbol 'w'
(declare-fun p () Bool)
(assert (and p
  w))
