; expect: 3:14: ill-sorted application of 'bvneg'
(declare-fun x () (_ BitVec 8))
(assert (= x (bvneg x x)))
