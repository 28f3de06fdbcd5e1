; expect: 5:21: n
(declare-fun p () Bool)
(declare-fun q () Bool)
(assert (! p :named n))
(assert (! q :named n))
