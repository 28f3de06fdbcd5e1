; expect: 4:3: unknown
(declare-fun p () Bool)
(assert (and p
  w))
