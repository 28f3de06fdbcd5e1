; expect: 3:9: not
(declare-fun x () (_ BitVec 8))
(assert (not x))
