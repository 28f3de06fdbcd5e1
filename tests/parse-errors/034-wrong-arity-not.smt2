; expect: 3:9: ill-sorted application of 'not'
(declare-fun p () Bool)
(assert (not p p))
