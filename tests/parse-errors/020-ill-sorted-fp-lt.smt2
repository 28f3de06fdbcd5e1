; expect: 4:9: ill-sorted application of 'fp.lt'
(declare-fun x () (_ BitVec 8))
(declare-fun a () (_ FloatingPoint 8 24))
(assert (fp.lt a x))
