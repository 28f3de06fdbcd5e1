; expect: 2:14: uninterpreted function
(declare-fun f ((_ BitVec 8)) (_ BitVec 8))
