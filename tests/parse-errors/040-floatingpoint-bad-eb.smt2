; expect: 2:19: FloatingPoint
(declare-fun a () (_ FloatingPoint 1 24))
