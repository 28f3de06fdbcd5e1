; expect: 3:9: ill-sorted application of 'not'
(declare-fun x () (_ BitVec 8))
(assert (not x))
