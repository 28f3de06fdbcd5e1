; expect: 3:17: width must be at least 1
(declare-fun x () (_ BitVec 8))
(assert (= x (_ bv1 0)))
