; expect: 3:14: bv1
(declare-fun x () (_ BitVec 8))
(assert (= x (_ bv1 0)))
