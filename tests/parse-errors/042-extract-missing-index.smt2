; expect: 3:29: expected an index
(declare-fun x () (_ BitVec 8))
(assert (= #b0 ((_ extract 7) x)))
