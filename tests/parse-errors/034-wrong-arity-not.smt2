; expect: 3:9: not
(declare-fun p () Bool)
(assert (not p p))
