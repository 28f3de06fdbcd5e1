; expect: 5:21: symbol 'n' is already declared
(declare-fun p () Bool)
(declare-fun q () Bool)
(assert (! p :named n))
(assert (! q :named n))
