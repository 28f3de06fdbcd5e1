; expect: 4:19: ill-sorted application of 'fp.add'
(declare-fun x () (_ BitVec 8))
(declare-fun a () (_ FloatingPoint 8 24))
(assert (fp.isNaN (fp.add x a a)))
