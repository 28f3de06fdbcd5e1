; expect: 2:12: unsupported logic 'QF_LIA'
(set-logic QF_LIA)
