; expect: 3:9: ill-sorted application of 'fp.isNaN'
(declare-fun x () (_ BitVec 8))
(assert (fp.isNaN x))
