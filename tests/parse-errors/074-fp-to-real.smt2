; expect: 3:13: unsupported: 'fp.to_real'
(declare-fun a () (_ FloatingPoint 8 24))
(assert (= (fp.to_real a) 0.0))
