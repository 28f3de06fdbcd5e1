; expect: 5:1: got end of input
(set-logic QF_BV)
(declare-fun x () (_ BitVec 8))
(assert (= x #x00)
