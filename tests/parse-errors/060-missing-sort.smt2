; expect: 2:18: expected a sort
(declare-fun x ())
(assert true)
