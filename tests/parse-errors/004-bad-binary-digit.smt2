; expect: 3:14: invalid binary literal
(declare-fun x () (_ BitVec 8))
(assert (= x #b0120))
