; expect: 2:17: sort
(declare-const c)
