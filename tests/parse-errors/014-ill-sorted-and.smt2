; expect: 4:9: ill-sorted application of 'and'
(declare-fun x () (_ BitVec 8))
(declare-fun p () Bool)
(assert (and p x))
