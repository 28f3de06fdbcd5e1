; expect: 3:14: invalid hexadecimal literal
(declare-fun x () (_ BitVec 8))
(assert (= x #x1g))
