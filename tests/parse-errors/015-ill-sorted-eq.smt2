; expect: 4:9: ill-sorted application of '='
(declare-fun x () (_ BitVec 8))
(declare-fun a () (_ FloatingPoint 8 24))
(assert (= x a))
