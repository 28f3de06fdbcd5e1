; expect: 3:9: a Real argument of '='
(declare-fun x () (_ BitVec 8))
(assert (= x 1.5))
