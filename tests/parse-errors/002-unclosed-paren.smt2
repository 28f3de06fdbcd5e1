; expect: 4:1: ')'
(set-logic QF_BV)
(declare-fun x () (_ BitVec 8))
(assert (= x #x00)
