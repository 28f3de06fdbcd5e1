; expect: 3:18: ill-sorted application of 'to_fp'
(declare-fun a () (_ FloatingPoint 8 24))
(assert (fp.eq a ((_ to_fp 8 24) #x0000)))
