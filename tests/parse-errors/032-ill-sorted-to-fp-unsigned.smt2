; expect: 3:18: ill-sorted application of 'to_fp_unsigned'
(declare-fun a () (_ FloatingPoint 8 24))
(assert (fp.eq a ((_ to_fp_unsigned 8 24) RNE a)))
