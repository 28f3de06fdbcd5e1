; expect: 3:27: unknown symbol 'RNX'
(declare-fun a () (_ FloatingPoint 8 24))
(assert (fp.isNaN (fp.add RNX a a)))
