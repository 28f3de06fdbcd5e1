; expect: 3:9: '='
(declare-fun x () (_ BitVec 8))
(assert (= x 1.5))
