; expect: 3:17: extract
(declare-fun x () (_ BitVec 8))
(assert (= #b0 ((_ extract 7) x)))
