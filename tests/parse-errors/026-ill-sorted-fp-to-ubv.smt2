; expect: 4:14: ill-sorted application of 'fp.to_ubv'
(declare-fun x () (_ BitVec 8))
(declare-fun a () (_ FloatingPoint 8 24))
(assert (= x ((_ fp.to_ubv 8) a)))
