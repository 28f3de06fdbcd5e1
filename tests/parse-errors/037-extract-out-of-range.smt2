; expect: 3:16: extract
(declare-fun x () (_ BitVec 8))
(assert (= #b0 ((_ extract 8 8) x)))
