; expect: 3:19: extract
(declare-fun x () (_ BitVec 8))
(assert (= #b0000 ((_ extract 2 5) x)))
