; expect: 3:19: fp.add
(declare-fun a () (_ FloatingPoint 8 24))
(assert (fp.isNaN (fp.add a a)))
