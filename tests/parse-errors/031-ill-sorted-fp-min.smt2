; expect: 4:19: ill-sorted application of 'fp.min'
(declare-fun a () (_ FloatingPoint 8 24))
(declare-fun b () (_ FloatingPoint 11 53))
(assert (fp.isNaN (fp.min a b)))
