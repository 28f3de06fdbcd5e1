; expect: 2:12: logic
(set-logic QF_FOO)
