; expect: 2:17: expected a sort
(declare-const c)
