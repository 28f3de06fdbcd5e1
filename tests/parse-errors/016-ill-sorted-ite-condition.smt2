; expect: 4:20: ill-sorted application of 'ite'
(declare-fun x () (_ BitVec 8))
(declare-fun a () (_ FloatingPoint 8 24))
(assert (fp.isZero (ite x a a)))
