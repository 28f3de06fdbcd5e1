; expect: 2:11: keyword
(set-info : abc)
