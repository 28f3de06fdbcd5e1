; expect: 2:12: unsupported
(set-logic QF_LIA)
