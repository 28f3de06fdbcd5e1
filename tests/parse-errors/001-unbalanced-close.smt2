; expect: 4:20: got ')'
(set-logic QF_BV)
(declare-fun x () (_ BitVec 8))
(assert (= x #x00)))
