; expect: 5:14: ill-sorted application of 'ite'
(declare-fun x () (_ BitVec 8))
(declare-fun a () (_ FloatingPoint 8 24))
(declare-fun p () Bool)
(assert (= x (ite p x a)))
