; expect: 3:18: ill-sorted application of 'fp'
(declare-fun a () (_ FloatingPoint 8 24))
(assert (fp.eq a (fp #b01 #x80 #b00000000000000000000000)))
