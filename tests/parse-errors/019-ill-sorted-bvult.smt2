; expect: 4:9: bvult
(declare-fun x () (_ BitVec 8))
(declare-fun a () (_ FloatingPoint 8 24))
(assert (bvult x a))
