; expect: 3:2: unknown command
(set-logic QF_BV)
(frobnicate x)
