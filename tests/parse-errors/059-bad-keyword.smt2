; expect: 2:11: invalid keyword
(set-info : abc)
