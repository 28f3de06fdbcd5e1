; expect: 3:14: hexadecimal
(declare-fun x () (_ BitVec 8))
(assert (= x #x1g))
