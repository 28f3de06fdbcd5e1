; expect: 2:12: unknown logic name
(set-logic QF_FOO)
