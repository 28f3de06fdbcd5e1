; expect: 2:22: width must be at least 1
(declare-fun x () (_ BitVec 0))
