; expect: 4:14: already
(declare-fun x () (_ BitVec 8))
(declare-fun y () Bool)
(declare-fun x () (_ BitVec 8))
