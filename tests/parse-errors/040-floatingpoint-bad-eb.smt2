; expect: 2:22: eb >= 2
(declare-fun a () (_ FloatingPoint 1 24))
