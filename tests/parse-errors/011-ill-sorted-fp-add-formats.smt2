; expect: 4:19: ill-sorted application of 'fp.add'
(declare-fun a () (_ FloatingPoint 8 24))
(declare-fun b () (_ FloatingPoint 11 53))
(assert (fp.isNaN (fp.add RNE a b)))
