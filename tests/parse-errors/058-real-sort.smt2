; expect: 2:19: unsupported: sort 'Real'
(declare-fun r () Real)
