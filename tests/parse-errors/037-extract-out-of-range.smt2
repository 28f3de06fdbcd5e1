; expect: 3:16: ill-sorted application of 'extract'
(declare-fun x () (_ BitVec 8))
(assert (= #b0 ((_ extract 8 8) x)))
