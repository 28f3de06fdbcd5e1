; expect: 4:12: ill-sorted application of 'concat'
(declare-fun x () (_ BitVec 8))
(declare-fun p () Bool)
(assert (= (concat x p) #x0000))
