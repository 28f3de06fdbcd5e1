; expect: 3:2: unknown command 'frobnicate'
(set-logic QF_BV)
(frobnicate x)
