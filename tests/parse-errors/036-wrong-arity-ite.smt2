; expect: 4:14: ill-sorted application of 'ite'
(declare-fun x () (_ BitVec 8))
(declare-fun p () Bool)
(assert (= x (ite p x)))
