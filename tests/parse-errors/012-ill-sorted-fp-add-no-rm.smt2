; expect: 3:19: ill-sorted application of 'fp.add'
(declare-fun a () (_ FloatingPoint 8 24))
(assert (fp.isNaN (fp.add a a)))
