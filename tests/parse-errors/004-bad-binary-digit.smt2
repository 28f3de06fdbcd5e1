; expect: 3:14: binary
(declare-fun x () (_ BitVec 8))
(assert (= x #b0120))
