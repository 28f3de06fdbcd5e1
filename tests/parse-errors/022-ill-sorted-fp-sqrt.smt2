; expect: 3:19: ill-sorted application of 'fp.sqrt'
(declare-fun a () (_ FloatingPoint 8 24))
(assert (fp.isNaN (fp.sqrt a a)))
