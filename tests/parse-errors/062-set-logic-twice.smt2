; expect: 4:12: already set
(set-logic QF_BV)
(declare-fun p () Bool)
(set-logic QF_BV)
