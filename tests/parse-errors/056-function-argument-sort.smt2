; expect: 3:12: ill-sorted application of 'f'
(declare-fun f ((_ BitVec 8)) (_ BitVec 8))
(assert (= (f #x0001) #x00))
