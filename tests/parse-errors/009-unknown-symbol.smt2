; expect: 3:14: unknown
(declare-fun x () (_ BitVec 8))
(assert (= x y))
