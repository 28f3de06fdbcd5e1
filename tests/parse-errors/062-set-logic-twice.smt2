; expect: 4:1: logic
(set-logic QF_BV)
(declare-fun p () Bool)
(set-logic QF_BV)
