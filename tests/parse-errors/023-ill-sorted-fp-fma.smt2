; expect: 4:19: ill-sorted application of 'fp.fma'
(declare-fun a () (_ FloatingPoint 8 24))
(declare-fun b () (_ FloatingPoint 11 53))
(assert (fp.isNaN (fp.fma RNE a a b)))
