; expect: 2:19: BitVec
(declare-fun x () (_ BitVec 0))
