; expect: 2:7: at most 1000000 scopes
(push 4294967295)
