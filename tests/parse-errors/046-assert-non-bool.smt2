; expect: 3:9: Bool
(declare-fun x () (_ BitVec 8))
(assert x)
