; expect: 5:24: fp.add
(declare-fun x () (_ BitVec 8))
(declare-fun a () (_ FloatingPoint 8 24))
(assert (and (= x x)
             (fp.isNaN (fp.add RNE a
                               x))))
