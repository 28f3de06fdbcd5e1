; expect: 4:18: ill-sorted application of 'to_fp'
(declare-fun a () (_ FloatingPoint 8 24))
(declare-fun b () (_ FloatingPoint 11 53))
(assert (fp.eq a ((_ to_fp 8 24) RNE b a)))
