; expect: 3:9: assert expects a Bool term
(declare-fun x () (_ BitVec 8))
(assert x)
