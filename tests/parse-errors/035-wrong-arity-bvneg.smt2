; expect: 3:14: bvneg
(declare-fun x () (_ BitVec 8))
(assert (= x (bvneg x x)))
