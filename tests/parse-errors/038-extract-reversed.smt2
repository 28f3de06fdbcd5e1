; expect: 3:19: ill-sorted application of 'extract'
(declare-fun x () (_ BitVec 8))
(assert (= #b0000 ((_ extract 2 5) x)))
