; expect: 3:19: unterminated string
(set-logic QF_BV)
(set-info :source "no end
(check-sat)
