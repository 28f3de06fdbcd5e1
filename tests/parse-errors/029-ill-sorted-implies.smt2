; expect: 4:9: ill-sorted application of '=>'
(declare-fun a () (_ FloatingPoint 8 24))
(declare-fun p () Bool)
(assert (=> a p))
