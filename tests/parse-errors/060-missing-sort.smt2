; expect: 2:18: sort
(declare-fun x ())
(assert true)
