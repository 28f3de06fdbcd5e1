; expect: 3:27: unknown
(declare-fun a () (_ FloatingPoint 8 24))
(assert (fp.isNaN (fp.add RNX a a)))
