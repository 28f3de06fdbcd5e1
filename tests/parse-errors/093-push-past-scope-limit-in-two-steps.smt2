; expect: 3:7: at most 1000000 scopes
(push 999999)
(push 2)
